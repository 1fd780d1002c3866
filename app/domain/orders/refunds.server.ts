// Refunds: one row per order (orders that will not ship but were paid), written in the transaction
// that decides it; a worker sends queued rows through the gateway that took the payment, with
// backoff, and polls pending ones; Razorpay's refund webhooks advance them too. A row is claimed
// (its next attempt moved ahead) before the gateway is called, and the gateway is first asked for a
// refund already made under the row's stable key, so a crash between the call and the write, or a
// retry after a timeout, never refunds twice (docs/decisions/031-order-lifecycle-and-refunds.md).
import type { Selectable, } from 'kysely'
import { inJsonList, lockRows } from '../../../db/dialect'
import type { Database } from '../../../db/schema'
import { newId } from '~/lib/ids.server'
import { formatPaise } from '~/lib/money'
import type { RefundReason, RefundStatus, RefundView } from '~/lib/refunds'
import type { GatewayFor, GatewayRefund } from './payment-gateway'
import { issueCreditNote } from './invoices.server'
import { orderPayments, refundOverPayments } from './refund-split.server'
import { orderStatusMail, ownerAlert } from '~/domain/messaging/mail.server'
import type { DB, Trx } from '../../../db/database'


/** Retry and polling pace, in seconds. */
export const REFUND_TIMING = {
  /** First retry after a failed send; doubles per attempt up to maxRetry. */
  firstRetry: 30,
  maxRetry: 3600,
  /** How long a claim holds a row: a worker that dies mid-call leaves it to be retried after this. */
  claim: 120,
  /** First poll of a pending refund; doubles per poll up to maxPoll. */
  firstPoll: 300,
  maxPoll: 6 * 3600,
  /** Refusals (4xx) tolerated before the refund is marked failed for the owner. */
  maxRefusals: 5,
} as const

/** The stable key of an order's refund: the receipt and notes.refund_key sent to the gateway. */
export function refundKey(orderId: string): string {
  return `rf_${orderId}`
}

const secondsFrom = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString()

/**
 * Queues the order's refund inside the caller's transaction: the whole amount paid (less what
 * partial refunds gave back), back to the payment that paid it. Once per order (order_id is unique): answers false when a refund was
 * already there. Marks the order needs_refund (the dashboard's count) until the money is back.
 */
export async function queueRefund(trx: Trx, orderId: string, reason: RefundReason, paymentId?: string): Promise<boolean> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'gateway', 'gateway_payment_id', 'total_amount_paise'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  // A custom order paid in two parts (advance and balance, ADR 088) refunds what both took (ADR 094).
  const payments = paymentId ? [] : await orderPayments(trx, orderId)
  const payment = paymentId ?? order.gateway_payment_id ?? payments[0]?.paymentId
  if (!payment) {
    // An order that took no money (an exchange's replacement paid wholly by its credit, ADR 105) has nothing to refund.
    if (Number(order.total_amount_paise) === 0) return false
    throw new Error(`Order ${orderId} has no payment to refund`)
  }
  const taken = paymentId ? order.total_amount_paise : payments.reduce((sum, p) => sum + p.amountPaise, 0)
  // What partial refunds gave back (or are giving back) is not refunded again (ADR 087).
  const partly = paymentId
    ? 0
    : (
        await trx
          .selectFrom('partial_refunds')
          .select('amount_paise')
          .where('order_id', '=', orderId)
          .where('status', '!=', 'failed')
          .execute()
      ).reduce((sum, row) => sum + row.amount_paise, 0)
  const amount = taken - partly
  if (amount <= 0) return false
  const now = new Date().toISOString()
  const inserted = await trx
    .insertInto('refunds')
    .values({
      id: newId(),
      order_id: orderId,
      gateway: order.gateway,
      gateway_payment_id: payment,
      amount_paise: amount,
      status: 'queued',
      reason,
      next_attempt_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false
  await trx.updateTable('orders').set({ needs_refund: 1, updated_at: now }).where('id', '=', orderId).execute()
  return true
}

type RefundRow = Selectable<Database['refunds']>

function toRefundView(row: Pick<RefundRow, 'id' | 'status' | 'reason' | 'amount_paise' | 'gateway_refund_id' | 'processed_at'>): RefundView {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    amountPaise: row.amount_paise,
    gatewayRefundId: row.gateway_refund_id,
    processedAt: row.processed_at,
  }
}

/** The refunds of these orders, by order id (one query). */
export async function refundsOf(db: DB, orderIds: string[]): Promise<Map<string, RefundView>> {
  if (orderIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('refunds')
    .select(['id', 'order_id', 'status', 'reason', 'amount_paise', 'gateway_refund_id', 'processed_at'])
    .where(inJsonList('order_id', orderIds))
    .execute()
  return new Map(rows.map((row) => [row.order_id, toRefundView(row)]))
}

interface ClaimedRefund {
  id: string
  orderId: string
  gateway: string
  paymentId: string
  gatewayRefundId: string | null
  amountPaise: number
  status: RefundStatus
  attempts: number
}

/**
 * Claims the refunds that are due (queued to send, pending to poll): each one's next attempt moves
 * REFUND_TIMING.claim ahead, only if no other worker moved it first. A claimed row a worker never
 * finishes (the process died) is due again once the claim runs out.
 */
export async function claimDueRefunds(db: DB, now = new Date(), limit = 20): Promise<ClaimedRefund[]> {
  const due = await db
    .selectFrom('refunds')
    .selectAll()
    .where('status', 'in', ['queued', 'pending'])
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute()
  const claimed: ClaimedRefund[] = []
  for (const row of due) {
    const taken = await db
      .updateTable('refunds')
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

/**
 * Sends (queued) or polls (pending) one claimed refund. Before creating, the gateway is asked for
 * the payment's refunds: one made under this refund's key (an earlier attempt that crashed or timed
 * out after the gateway took it) is adopted instead; so is a full refund the owner made by hand.
 */
export async function advanceRefund(db: DB, gatewayFor: GatewayFor, refund: ClaimedRefund, now = new Date()): Promise<RefundStatus> {
  const gateway = gatewayFor(refund.gateway)
  try {
    if (!gateway) throw Object.assign(new Error(`No ${refund.gateway} gateway is set up to refund this payment`), { permanent: false })
    let result: GatewayRefund
    const payments = await orderPayments(db, refund.orderId)
    if (payments.length > 1 && refund.paymentId !== '' && payments.some((p) => p.paymentId === refund.paymentId)) {
      // Paid in parts (ADR 094): a part per payment, found or made; polled through the same lists.
      result = await refundOverPayments(gateway, payments, refundKey(refund.orderId), refund.amountPaise, { orderId: refund.orderId })
    } else if (refund.status === 'pending' && refund.gatewayRefundId) {
      result = await gateway.fetchRefund(refund.gatewayRefundId)
    } else {
      const key = refundKey(refund.orderId)
      // Partial refunds of the payment (their receipts start 'prf_', ADR 087) are not this refund.
      const made = (await gateway.listRefunds(refund.paymentId)).filter((r) => !r.receipt?.startsWith('prf_'))
      const ours = made.find((r) => r.receipt === key)
      const byHand = made.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0) >= refund.amountPaise ? made.at(-1) : undefined
      result = ours ?? byHand ?? (await gateway.createRefund(refund.paymentId, refund.amountPaise, { idempotencyKey: key, notes: { orderId: refund.orderId } }))
    }
    return await applyGatewayRefund(db, refund.id, result, now)
  } catch (error) {
    const permanent = Boolean((error as { permanent?: boolean }).permanent)
    const message = error instanceof Error ? error.message : String(error)
    const giveUp = permanent && refund.attempts >= REFUND_TIMING.maxRefusals
    const wait = Math.min(REFUND_TIMING.maxRetry, REFUND_TIMING.firstRetry * 2 ** Math.min(refund.attempts - 1, 16))
    console.warn(`Refund ${refund.id} for order ${refund.orderId} (attempt ${refund.attempts}): ${message}${giveUp ? '; marked failed' : `; retrying in ${wait} s`}`)
    if (!giveUp) {
      await db
        .updateTable('refunds')
        .set({ last_error: message.slice(0, 500), next_attempt_at: secondsFrom(now, wait), updated_at: now.toISOString() })
        .where('id', '=', refund.id)
        .where('status', 'in', ['queued', 'pending'])
        .execute()
      return refund.status
    }
    return giveUpRefund(db, refund.id, message, now)
  }
}

/**
 * The gateway kept refusing: the refund is marked failed, the order's history says so and the
 * owner is told (as for a failure the gateway reports), all in one transaction. A row another
 * worker or a webhook already moved on stays as it is, with no history line and no alert.
 */
async function giveUpRefund(db: DB, refundId: string, message: string, now: Date): Promise<RefundStatus> {
  return db.transaction().execute(async (trx) => {
    await lockRows(trx, 'refunds', [refundId])
    const row = await trx.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow()
    if (row.status !== 'queued' && row.status !== 'pending') return row.status
    const at = now.toISOString()
    await trx
      .updateTable('refunds')
      .set({ status: 'failed', last_error: message.slice(0, 500), updated_at: at })
      .where('id', '=', refundId)
      .where('status', '=', row.status)
      .execute()
    const order = await trx.selectFrom('orders').select('order_status').where('id', '=', row.order_id).executeTakeFirstOrThrow()
    await trx
      .insertInto('order_status_history')
      .values({ order_id: row.order_id, status: order.order_status, note: `Refund of ${formatPaise(row.amount_paise)} failed: the gateway refused it`, changed_at: at })
      .execute()
    await ownerAlert(trx, {
      kind: 'refund-failed',
      dedupeKey: `refund-failed:${row.id}`,
      subject: `A refund of ${formatPaise(row.amount_paise)} failed`,
      lines: [
        `Razorpay kept refusing the refund of ${formatPaise(row.amount_paise)} (last answer: ${message.slice(0, 200)}).`,
        'Open the order, then refund the shopper by hand in the Razorpay dashboard.',
      ],
      orderId: row.order_id,
    })
    return 'failed' as const
  })
}

/**
 * Records what the gateway says of a refund: its id, and pending (poll again later), processed
 * (the order's payment becomes 'refunded', a history line says so) or failed. A row that is already
 * processed or failed does not move again (a late or replayed answer changes nothing).
 */
export async function applyGatewayRefund(db: DB, refundId: string, result: GatewayRefund, now = new Date()): Promise<RefundStatus> {
  return db.transaction().execute(async (trx) => {
    // PostgreSQL: a webhook and the worker answering for the same refund take turns here, so the
    // second sees the first's status and writes no second history line (SQLite: the single writer).
    await lockRows(trx, 'refunds', [refundId])
    const row = await trx.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow()
    if (row.status === 'processed' || row.status === 'failed') return row.status
    const at = now.toISOString()
    const wait = Math.min(REFUND_TIMING.maxPoll, REFUND_TIMING.firstPoll * 2 ** Math.min(Math.max(row.attempts - 1, 0), 16))
    const changed = await trx
      .updateTable('refunds')
      .set({
        gateway_refund_id: result.id,
        status: result.status,
        last_error: result.status === 'failed' ? 'The gateway could not pay the refund out' : null,
        next_attempt_at: secondsFrom(now, wait),
        processed_at: result.status === 'processed' ? (result.processedAt ?? at) : null,
        updated_at: at,
      })
      .where('id', '=', refundId)
      .where('status', '=', row.status)
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) === 0) return row.status
    if (result.status !== row.status || row.gateway_refund_id !== result.id) {
      const order = await trx.selectFrom('orders').select('order_status').where('id', '=', row.order_id).executeTakeFirstOrThrow()
      const words =
        result.status === 'processed'
          ? `Refund of ${formatPaise(row.amount_paise)} processed (${result.id})`
          : result.status === 'failed'
            ? `Refund ${result.id} failed at the gateway`
            : `Refund of ${formatPaise(row.amount_paise)} sent (${result.id})`
      await trx.insertInto('order_status_history').values({ order_id: row.order_id, status: order.order_status, note: words, changed_at: at }).execute()
    }
    if (result.status === 'processed') {
      await trx.updateTable('orders').set({ payment_status: 'refunded', needs_refund: 0, updated_at: at }).where('id', '=', row.order_id).execute()
      const paidWith = result.id.includes('+') ? (await orderPayments(trx, row.order_id)).map((p) => p.paymentId) : [row.gateway_payment_id]
      await trx
        .updateTable('payments')
        .set({ status: 'refunded', updated_at: at })
        .where('order_id', '=', row.order_id)
        .where('gateway_payment_id', 'in', paidWith)
        .execute()
      // The money is back: an invoiced order gets its credit note (once; none when never invoiced),
      // and the shopper a mail saying so.
      const creditNote = await issueCreditNote(trx, row.order_id, at)
      await orderStatusMail(trx, row.order_id, 'refunded', { refundPaise: row.amount_paise, eventId: row.id, creditNote: creditNote !== null })
    }
    if (result.status === 'failed') {
      await ownerAlert(trx, {
        kind: 'refund-failed',
        dedupeKey: `refund-failed:${row.id}`,
        subject: `A refund of ${formatPaise(row.amount_paise)} failed`,
        lines: [
          `Razorpay could not pay out refund ${result.id} of ${formatPaise(row.amount_paise)}.`,
          'Open the order, then refund the shopper by hand in the Razorpay dashboard.',
        ],
        orderId: row.order_id,
      })
    }
    return result.status
  })
}

export interface RefundRun {
  claimed: number
  processed: number
  pending: number
  failed: number
  /** Still queued after this run (the gateway was down or refused): retried later. */
  retrying: number
}

/** One pass of the refund worker: claims what is due and sends or polls each. Tests call it directly. */
export async function runRefunds(db: DB, gatewayFor: GatewayFor, now = new Date()): Promise<RefundRun> {
  const claimed = await claimDueRefunds(db, now)
  const run: RefundRun = { claimed: claimed.length, processed: 0, pending: 0, failed: 0, retrying: 0 }
  for (const refund of claimed) {
    const status = await advanceRefund(db, gatewayFor, refund, now)
    if (status === 'queued') run.retrying += 1
    else run[status] += 1
  }
  return run
}

/**
 * A refund the provider says was settled (its webhook; signature and deduplication done by the
 * caller): the row is found by the gateway's refund id, or (a crash before we stored it) by the
 * payment and our key. Answers false when the refund is not one of ours.
 */
export async function applySettledRefund(db: DB, refund: GatewayRefund): Promise<boolean> {
  let row = await db.selectFrom('refunds').select(['id', 'order_id']).where('gateway_refund_id', '=', refund.id).executeTakeFirst()
  if (!row) {
    const candidate = await db.selectFrom('refunds').select(['id', 'order_id']).where('gateway_payment_id', '=', refund.paymentId).executeTakeFirst()
    if (candidate && refund.receipt === refundKey(candidate.order_id)) row = candidate
  }
  if (!row && refund.receipt?.startsWith('rf_')) {
    row = await db.selectFrom('refunds').select(['id', 'order_id']).where('order_id', '=', refund.receipt.slice(3)).executeTakeFirst()
  }
  if (!row) return false
  if ((await orderPayments(db, row.order_id)).length > 1) {
    // One part of a refund over two payments (ADR 094): the worker asks after every part now.
    await db.updateTable('refunds').set({ next_attempt_at: new Date().toISOString() }).where('id', '=', row.id).where('status', 'in', ['queued', 'pending']).execute()
    return true
  }
  await applyGatewayRefund(db, row.id, refund)
  return true
}
