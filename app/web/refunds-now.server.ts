// After a page or /api action decided a refund (cancel, reject), the refund is sent at once rather
// than at the worker's next pass, waiting at most REFUND_NOW_MS: a slow or down gateway leaves it
// queued for the worker (server/jobs/refunds.ts), and the answer is not held up.
import { runRefunds } from '~/domain/orders/refunds.server'
import { runPartialRefunds } from '~/domain/orders/partial-refund-sending.server'
import { getDb } from '~/infra/db.server'
import { gatewayForRefund } from '~/infra/payment-gateway.server'

export const REFUND_NOW_MS = 3000

export async function sendRefundsNow(): Promise<void> {
  const run = runRefunds(getDb(), gatewayForRefund).catch((error) => console.error('Sending refunds failed', error))
  let timer: NodeJS.Timeout | undefined
  await Promise.race([run, new Promise<void>((done) => (timer = setTimeout(done, REFUND_NOW_MS)))])
  clearTimeout(timer)
}

/** The owner's partial refund, sent at once (ADR 087); as above, a slow gateway leaves it to the worker. */
export async function sendPartialRefundNow(refundId: string): Promise<void> {
  const run = runPartialRefunds(getDb(), gatewayForRefund, new Date(), refundId).catch((error) => console.error('Sending a partial refund failed', error))
  let timer: NodeJS.Timeout | undefined
  await Promise.race([run, new Promise<void>((done) => (timer = setTimeout(done, REFUND_NOW_MS)))])
  clearTimeout(timer)
}
