// Payments the provider vouched for, confirmed in one idempotent transaction: paid + confirmed
// (through moveOrder), stock decremented once and never below zero, cart emptied; an order the stock
// cannot fill is rejected and refunded instead, money for an order that moved on is refunded. Failed
// attempts leave the order payable. The browser's result reaches confirmPayment through
// verify-payment.server.ts, the provider's events through payment-events.server.ts.
import type { DB, Trx } from '../../../db/database'
import { lockRows } from '../../../db/dialect'
import type { OrderStatus } from '../../../db/schema'
import { newId } from '~/lib/ids.server'
import { PAYMENT_MESSAGES } from '~/lib/payment-messages'
import { removeCartLines } from '~/domain/cart/cart-edits.server'
import { releaseHolds, takeHeldStock } from '~/domain/cart/stock-holds.server'
import { clock } from '~/domain/clock'
import { DomainError } from '~/domain/errors'
import { assignInvoiceNumber } from './invoices.server'
import { queuePaidOrderMails } from '~/domain/messaging/mail.server'
import { moveOrder } from './order-lifecycle.server'
import { queueRefund } from './refunds.server'
import { writeOrderDispatchDay } from '~/domain/catalog/dispatch-dates.server'
import { discountUseFits } from '~/domain/promotions/discount-uses.server'
import { removeDiscountCode } from '~/domain/promotions/cart-discount.server'

export class PaymentRejected extends DomainError {
  override readonly status = 400
  constructor(message: string = PAYMENT_MESSAGES.verificationFailed) {
    super(message)
  }
}

export interface Confirmation {
  orderId: string
  userId: string
  /** False when the order was already paid (a replay or a second path): nothing changed. */
  changed: boolean
  /** True when the money goes back (the order could not be filled, or it had moved on). */
  needsRefund: boolean
  /** True when the stock could not cover the order: it is rejected and its refund queued. */
  unfillable?: boolean
  /**
   * Set when the money came in after the order left 'pending' (the admin rejected it): the order
   * is not confirmed, it is flagged for refund instead, and callers must tell the payer it failed.
   */
  refusedFor?: OrderStatus
}


/** The payment row of this gateway order becomes paid with this payment id (inserted if missing). */
async function recordPaidPayment(
  trx: Trx,
  order: { id: string; total_amount_paise: number },
  input: { gatewayOrderId: string; paymentId: string; source: string },
  now: string,
) {
  const payment = await trx
    .updateTable('payments')
    .set({ status: 'paid', gateway_payment_id: input.paymentId, updated_at: now })
    .where('order_id', '=', order.id)
    .where('gateway_order_id', '=', input.gatewayOrderId)
    .executeTakeFirst()
  if (Number(payment.numUpdatedRows) > 0) return
  await trx
    .insertInto('payments')
    .values({
      id: newId(),
      order_id: order.id,
      gateway: input.source,
      gateway_order_id: input.gatewayOrderId,
      gateway_payment_id: input.paymentId,
      amount_paise: order.total_amount_paise,
      status: 'paid',
      updated_at: now,
    })
    .execute()
}

/**
 * Confirms a payment the provider vouched for (signature or webhook) and reported captured. One
 * transaction; a second call for a paid order changes nothing. Only a pending order is confirmed,
 * through the lifecycle table (moveOrder), and only when the stock covers every line: an order the
 * stock cannot fill is rejected instead and its refund queued in the same transaction. Money for an
 * order that has moved on (cancelled, rejected) is recorded and refunded.
 */
export async function confirmPayment(
  db: DB,
  input: { gatewayOrderId: string; paymentId: string; amountPaise: number | null; source: string },
): Promise<Confirmation> {
  return db.transaction().execute(async (trx) => {
    // PostgreSQL: a verify call and a webhook for the same payment wait for each other here, so the
    // second reads what the first decided (SQLite's single writer does that already).
    await lockRows(trx, 'orders', [input.gatewayOrderId], 'gateway_order_id')
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'user_id', 'total_amount_paise', 'payment_status', 'order_status', 'needs_refund', 'discount_code'])
      .where('gateway_order_id', '=', input.gatewayOrderId)
      .executeTakeFirst()
    if (!order) throw new PaymentRejected()
    if (input.amountPaise !== null && input.amountPaise !== order.total_amount_paise) {
      throw new PaymentRejected()
    }
    // One payment pays one order: a payment id already recorded for another order is refused.
    const reused = await trx
      .selectFrom('payments')
      .select('id')
      .where('gateway_payment_id', '=', input.paymentId)
      .where('order_id', '!=', order.id)
      .executeTakeFirst()
    if (reused) throw new PaymentRejected()
    const now = clock.iso()
    const unpaid = order.payment_status === 'pending' || order.payment_status === 'failed'
    // A paid or refunded order is never confirmed again by a replayed result; a replay still
    // answers what the first one did (not filled, or refused for an order that had moved on).
    if (!unpaid) {
      const refund = await trx.selectFrom('refunds').select('reason').where('order_id', '=', order.id).executeTakeFirst()
      return {
        orderId: order.id,
        userId: order.user_id,
        changed: false,
        needsRefund: order.needs_refund === 1,
        ...(refund?.reason === 'unfillable' ? { unfillable: true } : {}),
        ...(refund?.reason === 'late_payment' ? { refusedFor: order.order_status } : {}),
      }
    }
    // A cancelled or rejected order is not revived: its money goes back.
    if (order.order_status !== 'pending') return refuseLatePayment(trx, order, input, now)

    const paid = await trx
      .updateTable('orders')
      // Paid, it is no unpaid checkout of anyone's address: the address it came from is not kept.
      .set({ payment_status: 'paid', gateway_payment_id: input.paymentId, client_key: null, updated_at: now })
      .where('id', '=', order.id)
      .where('payment_status', 'in', ['pending', 'failed'])
      .where('order_status', '=', 'pending')
      .executeTakeFirst()
    if (Number(paid.numUpdatedRows) === 0) return { orderId: order.id, userId: order.user_id, changed: false, needsRefund: order.needs_refund === 1 }

    const lines = await trx
      .selectFrom('order_lines')
      .select(['product_id', 'quantity', 'variety_name', 'option2', 'color', 'personalization'])
      .where('order_id', '=', order.id)
      .execute()
    await recordPaidPayment(trx, order, input, now)
    // A discount code's use was held with the stock (ADR 073): an order paid after its hold expired,
    // when others took the code's last use meanwhile, is rejected and refunded like one the stock
    // cannot fill (its holds end with the move).
    if (!(await discountUseFits(trx, order.id))) {
      await moveOrder(trx, order.id, 'rejected', 'payment', {
        note: `Paid (${input.source}, ${input.paymentId}) but the discount code was used up while the checkout waited; refund queued`,
        refundReason: 'rejected',
      })
      return { orderId: order.id, userId: order.user_id, changed: true, needsRefund: true, refusedFor: 'rejected' }
    }
    // The order's holds end and its lines leave the shelf, all or none; stock other checkouts hold
    // is not taken. An order the stock cannot fill (its hold had expired) is rejected and refunded.
    if (await takeHeldStock(trx, order.id, lines, now)) {
      await moveOrder(trx, order.id, 'rejected', 'payment', {
        note: `Paid (${input.source}, ${input.paymentId}) but could not be filled: the stock ran out; refund queued`,
        refundReason: 'unfillable',
      })
      return { orderId: order.id, userId: order.user_id, changed: true, needsRefund: true, unfillable: true }
    }
    await moveOrder(trx, order.id, 'confirmed', 'payment', { note: `Paid (${input.source}, ${input.paymentId})` })
    // The making starts once paid: the expected dispatch day counts from the payment (ADR 070).
    await writeOrderDispatchDay(trx, order.id, new Date(now))
    await assignInvoiceNumber(trx, order.id, now)
    // The ordered lines leave the cart (all of it, normally); anything added since stays.
    await removeCartLines(
      trx,
      { userId: order.user_id },
      lines.map((l) => ({ productId: l.product_id, variety: l.variety_name, option2: l.option2, color: l.color, personalization: l.personalization })),
    )
    // The code went with this order: the cart lets go of it (ADR 073).
    if (order.discount_code) await removeDiscountCode(trx, { userId: order.user_id })
    await queuePaidOrderMails(trx, order.id)
    return { orderId: order.id, userId: order.user_id, changed: true, needsRefund: false }
  })
}

/**
 * Captured money for an order that is no longer pending (cancelled, or rejected by the admin while
 * the shopper paid): the order stays as it is, the payment is recorded, its refund is queued and a
 * line is logged. Once per payment id: a replay or the webhook for the same payment adds nothing.
 */
async function refuseLatePayment(
  trx: Trx,
  order: { id: string; user_id: string; total_amount_paise: number; order_status: OrderStatus },
  input: { gatewayOrderId: string; paymentId: string; source: string },
  now: string,
): Promise<Confirmation> {
  const refused = { orderId: order.id, userId: order.user_id, needsRefund: true, refusedFor: order.order_status }
  const seen = await trx
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', order.id)
    .where('gateway_payment_id', '=', input.paymentId)
    .where('status', '=', 'paid')
    .executeTakeFirst()
  if (seen) return { ...refused, changed: false }
  await trx.updateTable('orders').set({ payment_status: 'paid', gateway_payment_id: input.paymentId, client_key: null, updated_at: now }).where('id', '=', order.id).execute()
  await recordPaidPayment(trx, order, input, now)
  await trx
    .insertInto('order_status_history')
    .values({
      order_id: order.id,
      status: order.order_status,
      note: `Payment ${input.paymentId} (${input.source}) arrived after the order was ${order.order_status}: not confirmed; refund queued`,
    })
    .execute()
  await queueRefund(trx, order.id, 'late_payment', input.paymentId)
  console.warn(
    `Payment ${input.paymentId} (${input.source}) for order ${order.id} arrived after the order was ${order.order_status}: not confirmed, refund queued`,
  )
  return { ...refused, changed: true }
}

/**
 * Records a failed or abandoned payment attempt; the order stays payable (a retry may succeed).
 * `owner`, when given, must own the order (a browser's failure result acts only for its owner).
 * The reason is kept on the payment row; the order's history gets a fixed note, never its text.
 */
export async function markPaymentFailed(
  db: DB,
  gatewayOrderId: string,
  reason: { code?: string; description?: string } = {},
  owner?: { userId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('orders')
      .select(['id'])
      .where('gateway_order_id', '=', gatewayOrderId)
      .where('payment_status', '=', 'pending')
    if (owner) query = query.where('user_id', '=', owner.userId)
    const order = await query.executeTakeFirst()
    if (!order) return
    const now = clock.iso()
    await trx.updateTable('orders').set({ payment_status: 'failed', updated_at: now }).where('id', '=', order.id).execute()
    await releaseHolds(trx, order.id)
    await trx
      .updateTable('payments')
      .set({
        status: 'failed',
        error_code: reason.code?.slice(0, 100) || null,
        error_description: reason.description?.slice(0, 300) || null,
        updated_at: now,
      })
      .where('order_id', '=', order.id)
      .where('status', '=', 'pending')
      .execute()
    await trx.insertInto('order_status_history').values({ order_id: order.id, status: 'pending', note: 'Payment failed' }).execute()
  })
}
