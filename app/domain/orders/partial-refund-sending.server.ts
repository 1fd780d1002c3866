// Partial refunds, sent (ADR 087), as whole-order refunds are (refunds.server.ts): a row is claimed
// before the gateway is called, and the gateway is first asked for a refund already made under the
// row's receipt, so a crash between the call and the write, a timeout, or a second tap never refunds
// twice. Once the gateway takes it the shopper is mailed (with the owner's reason); once the money
// is back the refund gets its own credit note.
import { lockRows } from '../../../db/dialect'
import type { DB, Trx } from '../../../db/database'
import { formatPaise } from '~/lib/money'
import type { RefundStatus } from '~/lib/refunds'
import { enqueueMail, loadMailOrder, ownerAlert } from '~/domain/messaging/mail.server'
import { domainSettings } from '~/domain/settings.server'
import { refundCreditNoteMail, refundIssuedMail } from '~/mail/refund-mails.server'
import type { GatewayFor, GatewayRefund } from './payment-gateway'
import { issuePartialCreditNote, partOfRow } from './invoices.server'
import { orderPayments, refundOverPayments } from './refund-split.server'
import { REFUND_TIMING } from './refunds.server'

const secondsFrom = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString()

interface ClaimedPartial {
  id: string
  orderId: string
  key: string
  gateway: string
  paymentId: string
  gatewayRefundId: string | null
  amountPaise: number
  status: RefundStatus
  attempts: number
}

/** Claims the due partial refunds (all, or the one named): each moves REFUND_TIMING.claim ahead, if no other worker moved it first. */
export async function claimDuePartialRefunds(db: DB, now = new Date(), only?: string): Promise<ClaimedPartial[]> {
  let query = db.selectFrom('partial_refunds').selectAll().where('status', 'in', ['queued', 'pending']).where('next_attempt_at', '<=', now.toISOString())
  if (only) query = query.where('id', '=', only)
  const due = await query.orderBy('next_attempt_at').limit(20).execute()
  const claimed: ClaimedPartial[] = []
  for (const row of due) {
    const taken = await db
      .updateTable('partial_refunds')
      .set({ attempts: row.attempts + 1, next_attempt_at: secondsFrom(now, REFUND_TIMING.claim), updated_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .where('attempts', '=', row.attempts)
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) === 0) continue
    claimed.push({
      id: row.id,
      orderId: row.order_id,
      key: row.refund_key,
      gateway: row.gateway,
      paymentId: row.gateway_payment_id,
      gatewayRefundId: row.gateway_refund_id,
      amountPaise: row.amount_paise,
      status: row.status,
      attempts: row.attempts + 1,
    })
  }
  return claimed
}

/** Sends (queued) or polls (pending) one claimed partial refund; a failure waits and is retried, five refusals mark it failed. */
export async function advancePartialRefund(db: DB, gatewayFor: GatewayFor, refund: ClaimedPartial, now = new Date()): Promise<RefundStatus> {
  try {
    const gateway = gatewayFor(refund.gateway)
    if (!gateway) throw new Error(`No ${refund.gateway} gateway is set up to refund this payment`)
    let result: GatewayRefund
    const payments = await orderPayments(db, refund.orderId)
    if (payments.length > 1) {
      // Paid in parts (ADR 094): never more from a payment than it took.
      result = await refundOverPayments(gateway, payments, refund.key, refund.amountPaise, { orderId: refund.orderId })
    } else if (refund.status === 'pending' && refund.gatewayRefundId) {
      result = await gateway.fetchRefund(refund.gatewayRefundId)
    } else {
      const made = await gateway.listRefunds(refund.paymentId)
      result =
        made.find((r) => r.receipt === refund.key) ??
        (await gateway.createRefund(refund.paymentId, refund.amountPaise, { idempotencyKey: refund.key, notes: { orderId: refund.orderId } }))
    }
    return await applyPartialGatewayRefund(db, refund.id, result, now)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const giveUp = Boolean((error as { permanent?: boolean }).permanent) && refund.attempts >= REFUND_TIMING.maxRefusals
    const wait = Math.min(REFUND_TIMING.maxRetry, REFUND_TIMING.firstRetry * 2 ** Math.min(refund.attempts - 1, 16))
    console.warn(`Partial refund ${refund.id} for order ${refund.orderId} (attempt ${refund.attempts}): ${message}${giveUp ? '; marked failed' : `; retrying in ${wait} s`}`)
    if (giveUp) return applyPartialGatewayRefund(db, refund.id, null, now, message)
    await db
      .updateTable('partial_refunds')
      .set({ last_error: message.slice(0, 500), next_attempt_at: secondsFrom(now, wait), updated_at: now.toISOString() })
      .where('id', '=', refund.id)
      .where('status', 'in', ['queued', 'pending'])
      .execute()
    return refund.status
  }
}

/**
 * Records what the gateway says (null: it kept refusing). Taken (pending or processed) for the first
 * time: the shopper's mail. Processed: the credit note, and the order's flags. Failed: the owner is
 * told. A row already processed or failed does not move again.
 */
export async function applyPartialGatewayRefund(db: DB, refundId: string, result: GatewayRefund | null, now = new Date(), refusal = ''): Promise<RefundStatus> {
  return db.transaction().execute(async (trx) => {
    await lockRows(trx, 'partial_refunds', [refundId])
    const row = await trx.selectFrom('partial_refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow()
    if (row.status === 'processed' || row.status === 'failed') return row.status
    const at = now.toISOString()
    const status: RefundStatus = result ? result.status : 'failed'
    const wait = Math.min(REFUND_TIMING.maxPoll, REFUND_TIMING.firstPoll * 2 ** Math.min(Math.max(row.attempts - 1, 0), 16))
    await trx
      .updateTable('partial_refunds')
      .set({
        gateway_refund_id: result?.id ?? row.gateway_refund_id,
        status,
        last_error: result ? (status === 'failed' ? 'The gateway could not pay the refund out' : null) : refusal.slice(0, 500),
        next_attempt_at: secondsFrom(now, wait),
        processed_at: status === 'processed' ? (result?.processedAt ?? at) : null,
        updated_at: at,
      })
      .where('id', '=', refundId)
      .execute()
    const order = await trx.selectFrom('orders').select(['order_status', 'total_amount_paise']).where('id', '=', row.order_id).executeTakeFirstOrThrow()
    const amount = formatPaise(row.amount_paise)
    if (status !== row.status) {
      const words = status === 'processed' ? `Refund of ${amount} processed` : status === 'failed' ? `Refund of ${amount} failed` : `Refund of ${amount} sent`
      await trx
        .insertInto('order_status_history')
        .values({ order_id: row.order_id, status: order.order_status, note: result ? `${words} (${result.id})` : words, changed_at: at })
        .execute()
    }
    // The note is issued once the money is back; the mail that first tells of the refund carries it
    // if it is issued by then, else a second mail brings it (each once: the outbox's keys).
    const note = status === 'processed' ? await issuePartialCreditNote(trx, row.order_id, row.id, partOfRow(row), at) : null
    if (status === 'pending' || status === 'processed') {
      const told = await refundIssuedMailFor(trx, row, note !== null)
      if (!told && note) await creditNoteMailFor(trx, row, note.number)
    }
    if (status === 'failed') {
      await ownerAlert(trx, {
        kind: 'refund-failed',
        dedupeKey: `refund-failed:${row.id}`,
        subject: `A refund of ${amount} failed`,
        lines: [`Razorpay could not refund ${amount} (${row.reason}).`, 'Open the order, then refund the shopper by hand in the Razorpay dashboard.'],
        orderId: row.order_id,
      })
    }
    await settleOrderFlags(trx, row.order_id, order.total_amount_paise, at)
    return status
  })
}

/** The shopper hears once per refund (the outbox's key), with the owner's reason and the pieces; false when told before. */
async function refundIssuedMailFor(
  trx: Trx,
  row: { id: string; order_id: string; amount_paise: number; reason: string; items: string },
  withNote: boolean,
): Promise<boolean> {
  const order = await loadMailOrder(trx, row.order_id)
  if (!order) return true
  const pieces = (JSON.parse(row.items) as { line: number; quantity: number }[]).map((i) => `${i.quantity} × ${order.lines[i.line]?.title ?? 'piece'}`)
  return enqueueMail(trx, {
    kind: 'order-refund-issued',
    to: order.email,
    dedupeKey: `order-refund-issued:${row.id}`,
    ...refundIssuedMail(domainSettings().mail, order, { amountPaise: row.amount_paise, reason: row.reason, pieces, creditNoteAttached: withNote }),
    ...(withNote ? { attachments: [{ kind: 'credit-note' as const, orderId: row.order_id, refundId: row.id }] } : {}),
  })
}

/** The refund was told of while on its way: its credit note follows once the money is back (once per refund). */
async function creditNoteMailFor(trx: Trx, row: { id: string; order_id: string; amount_paise: number }, creditNote: string): Promise<void> {
  const order = await loadMailOrder(trx, row.order_id)
  if (!order) return
  await enqueueMail(trx, {
    kind: 'order-refund-credit-note',
    to: order.email,
    dedupeKey: `order-refund-credit-note:${row.id}`,
    ...refundCreditNoteMail(domainSettings().mail, order, { amountPaise: row.amount_paise, creditNote }),
    attachments: [{ kind: 'credit-note', orderId: row.order_id, refundId: row.id }],
  })
}

/** needs_refund stays while any refund is on its way; every rupee given back makes the payment 'refunded'. */
async function settleOrderFlags(trx: Trx, orderId: string, totalPaise: number, at: string) {
  const partials = await trx.selectFrom('partial_refunds').select(['status', 'amount_paise']).where('order_id', '=', orderId).execute()
  const whole = await trx.selectFrom('refunds').select('status').where('order_id', '=', orderId).executeTakeFirst()
  const open = partials.some((p) => p.status === 'queued' || p.status === 'pending') || (whole !== undefined && whole.status !== 'processed')
  const back = partials.filter((p) => p.status === 'processed').reduce((sum, p) => sum + p.amount_paise, 0)
  await trx
    .updateTable('orders')
    .set({ needs_refund: open ? 1 : 0, ...(back >= totalPaise && !whole ? { payment_status: 'refunded' as const } : {}), updated_at: at })
    .where('id', '=', orderId)
    .execute()
}

/** One pass over due partial refunds (or just the one named: the owner's tap sends it at once). */
export async function runPartialRefunds(db: DB, gatewayFor: GatewayFor, now = new Date(), only?: string): Promise<RefundStatus[]> {
  const statuses: RefundStatus[] = []
  for (const refund of await claimDuePartialRefunds(db, now, only)) statuses.push(await advancePartialRefund(db, gatewayFor, refund, now))
  return statuses
}

/** A refund webhook for one of ours (by the gateway's id, or by receipt after a crash); false when it is not a partial refund. */
export async function applySettledPartialRefund(db: DB, refund: GatewayRefund): Promise<boolean> {
  let row = await db.selectFrom('partial_refunds').select('id').where('gateway_refund_id', '=', refund.id).executeTakeFirst()
  if (!row && refund.receipt) row = await db.selectFrom('partial_refunds').select('id').where('refund_key', '=', refund.receipt).executeTakeFirst()
  if (!row) return false
  const { order_id } = await db.selectFrom('partial_refunds').select('order_id').where('id', '=', row.id).executeTakeFirstOrThrow()
  if ((await orderPayments(db, order_id)).length > 1) {
    // One part of a refund over two payments (ADR 094): the worker asks after every part now.
    await db.updateTable('partial_refunds').set({ next_attempt_at: new Date().toISOString() }).where('id', '=', row.id).where('status', 'in', ['queued', 'pending']).execute()
    return true
  }
  await applyPartialGatewayRefund(db, row.id, refund)
  return true
}
