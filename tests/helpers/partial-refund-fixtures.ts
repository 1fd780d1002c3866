// Partial refunds of fixture orders (ADR 087), decided as the owner's form decides them and moved
// to the status a test needs as the gateway's answers move them, for the tests of what they change
// elsewhere (kept revenue, ADR 092).
import type { DB } from '../../db/database'
import { decidePartialRefund } from '../../app/domain/orders/partial-refunds.server'
import { applyPartialGatewayRefund } from '../../app/domain/orders/partial-refund-sending.server'
import type { RefundStatus } from '../../app/lib/refunds'

let keys = 0

/** Gives back `amountPaise` of a paid order, left at `status` (queued: decided, nothing sent yet); answers its id. */
export async function partialRefund(db: DB, orderId: string, amountPaise: number, status: RefundStatus = 'processed'): Promise<string> {
  const { refund } = await decidePartialRefund(db, orderId, { key: `fixture-${++keys}-refund`, ask: { amountPaise }, reason: 'A piece arrived cracked', restock: false }, null)
  await movePartialRefund(db, refund.id, status)
  return refund.id
}

/** What the gateway says of a partial refund: taken (pending), money back (processed, through pending), or refused for good (failed). */
export async function movePartialRefund(db: DB, refundId: string, status: RefundStatus): Promise<void> {
  if (status === 'queued') return
  if (status === 'failed') {
    await applyPartialGatewayRefund(db, refundId, null, new Date(), 'The payment cannot be refunded')
    return
  }
  const row = await db.selectFrom('partial_refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow()
  const answer = { id: `rfnd_${refundId}`, paymentId: row.gateway_payment_id, amount: row.amount_paise, receipt: row.refund_key, processedAt: null }
  await applyPartialGatewayRefund(db, refundId, { ...answer, status: 'pending' })
  if (status === 'processed') await applyPartialGatewayRefund(db, refundId, { ...answer, status: 'processed' })
}
