// The life of an order, enforced: every status change goes through moveOrder, which checks the
// from-to table of app/lib/order-status.ts (ORDER_STATUS_MOVES), changes the row only while it is
// still in the status it was read in (two racing moves cannot both win), records the history, and
// does what an end brings: a cancelled or rejected order whose stock was taken puts it back on the
// shelf, and a paid one gets its refund row, in the same transaction (docs/decisions/031-order-lifecycle-and-refunds.md).
import { canMoveOrder, type OrderActor, ORDER_MESSAGES, type OrderStatus } from '~/lib/order-status'
import { formatPaise } from '~/lib/money'
import type { RefundReason } from '~/lib/refunds'
import { Forbidden, Invalid, NotFound } from '~/domain/errors'
import { orderStatusMail, type StatusMailExtra } from '~/domain/messaging/mail.server'
import { queueRefund } from './refunds.server'
import { paidIntoOrder } from './refund-split.server'
import { restockedUnits } from './partial-refunds.server'
import { releaseHolds } from '~/domain/cart/stock-holds.server'
import { returnLineStock, type VariantKey } from '~/domain/cart/variant-stock.server'
import { recordShelfChanges } from '~/domain/catalog/stock-history.server'
import { balanceDue } from '~/domain/custom-orders/balance.server'
import { QUOTE_MESSAGES } from '~/lib/custom-orders'
import type { DB, Trx } from '../../../db/database'


/** A move the table does not allow from the order's current status: a 400 with the reason under `orderStatus`. */
export class MoveRefused extends Invalid {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
    message = ORDER_MESSAGES.moveRefused(from, to),
  ) {
    super({ orderStatus: [message] }, message)
  }
}

/** Statuses in which the order's stock has been taken off the shelf (payment confirmed it). */
const STOCK_TAKEN: readonly OrderStatus[] = ['confirmed', 'inProcess', 'inShipping']

/** What an actor's move means in the history, and which refund reason an end gives. */
const MOVE_NOTES: Record<OrderActor, string> = {
  payment: 'Payment',
  admin: 'Changed by the admin',
  shopper: 'Cancelled by the shopper',
  courier: 'Courier scan',
}

const REFUND_REASON_OF: Partial<Record<OrderStatus, RefundReason>> = { cancelled: 'cancelled', rejected: 'rejected' }

export interface MoveOptions {
  /** Who made it (a user id), for the history; null for the payment. */
  changedBy?: string | null
  /** The history note (else one per actor). */
  note?: string
  /** Why the refund is owed, when the move ends a paid order (else cancelled / rejected). */
  refundReason?: RefundReason
  /** What the shopper's status mail adds (tracking when shipped, a note): the mail goes with the move. */
  mail?: StatusMailExtra
}

export interface MoveResult {
  orderId: string
  userId: string
  from: OrderStatus
  to: OrderStatus
  /** True when the order's stock went back on the shelf. */
  stockReturned: boolean
  /** True when the move queued a refund (the order was paid). */
  refundQueued: boolean
}

/** Runs `work` in `db`'s transaction, or in a new one when `db` is not a transaction. */
export function inTransaction<T>(db: DB, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Trx) : db.transaction().execute(work)
}

/**
 * Moves an order to `to` as `actor`, or throws: NotFound (no such order), MoveRefused (the table
 * forbids it from the current status, or another move won the race). Pass a transaction to make the
 * move part of a larger decision (payment confirmation); with a plain handle it runs in its own.
 */
export function moveOrder(db: DB, orderId: string, to: OrderStatus, actor: OrderActor, options: MoveOptions = {}): Promise<MoveResult> {
  return inTransaction(db, async (trx) => {
    // No row lock on purpose (PostgreSQL): moves that race from the status they read must not both
    // win, one after the other; the conditional update below lets exactly one through. What else is
    // read (payment status, needs_refund) changes only with the status or on a final order.
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'user_id', 'order_status', 'payment_status', 'needs_refund', 'total_amount_paise'])
      .where('id', '=', orderId)
      .executeTakeFirst()
    if (!order) throw new NotFound(ORDER_MESSAGES.notFound)
    const from = order.order_status
    if (!canMoveOrder(from, to, actor)) throw new MoveRefused(from, to)
    // A custom order paid in advance ships only once its balance is in (ADR 088).
    if (to === 'inShipping' && (await balanceDue(trx, orderId)) > 0) throw new Invalid({ status: [QUOTE_MESSAGES.balanceDue] })
    const now = new Date().toISOString()
    const moved = await trx
      .updateTable('orders')
      .set({ order_status: to, updated_at: now })
      .where('id', '=', orderId)
      .where('order_status', '=', from)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) === 0) {
      const current = await trx.selectFrom('orders').select('order_status').where('id', '=', orderId).executeTakeFirst()
      throw new MoveRefused(current?.order_status ?? from, to)
    }
    await trx
      .insertInto('order_status_history')
      .values({ order_id: orderId, status: to, note: options.note ?? MOVE_NOTES[actor], changed_by: options.changedBy ?? null, changed_at: now })
      .execute()

    let stockReturned = false
    let refundQueued = false
    const reason = options.refundReason ?? REFUND_REASON_OF[to]
    if (to === 'cancelled' || to === 'rejected') {
      // An unpaid checkout that ends lets go of the stock it held.
      await releaseHolds(trx, orderId)
      // Orders flagged by the old stock-short rule (needs_refund before refunds existed) may have
      // taken only part of their lines: their stock is left for the owner to count.
      if (STOCK_TAKEN.includes(from) && order.needs_refund === 0) {
        await returnStock(trx, orderId, now, to === 'cancelled' ? 'Order cancelled' : 'Order rejected')
        stockReturned = true
      }
      // An advance taken on a custom order whose balance is not in yet is money paid too (ADR 094).
      const advancePaid = order.payment_status === 'pending' && (await balanceDue(trx, orderId)) > 0 && (await paidIntoOrder(trx, orderId)) > 0
      if ((order.payment_status === 'paid' || advancePaid) && reason) {
        refundQueued = await queueRefund(trx, orderId, reason)
      }
    }
    // The shopper hears of the moves they care about, once per order and status (the outbox), and
    // of the money when the move ends a paid order.
    let refundNote: string | undefined
    if (refundQueued) {
      const queued = await trx.selectFrom('refunds').select('amount_paise').where('order_id', '=', orderId).executeTakeFirstOrThrow()
      refundNote = refundMailNote(reason, queued.amount_paise, queued.amount_paise === order.total_amount_paise)
    }
    // The owner's reason (a rejection's, ADR 087) comes first, then what happens to the money.
    const note = [options.mail?.note, refundNote].filter(Boolean).join(' ')
    await orderStatusMail(trx, orderId, to, { ...options.mail, ...(note ? { note } : {}) })
    return { orderId, userId: order.user_id, from, to, stockReturned, refundQueued }
  })
}

/** What the shopper's mail says of their money when a paid order ends. */
function refundMailNote(reason: RefundReason | undefined, amountPaise: number, inFull: boolean): string {
  const back = inFull
    ? `Your payment of ${formatPaise(amountPaise)} is being refunded in full to the card or UPI account you paid from; we will write again when it is processed.`
    : `The rest of your payment, ${formatPaise(amountPaise)}, is being refunded to the card or UPI account you paid from; we will write again when it is processed.`
  return reason === 'unfillable' ? `The last piece went to another shopper before your payment arrived. ${back}` : back
}

/**
 * The order's lines go back on the shelf (once: only the move out of a stock-taken status calls it),
 * each to the variant it draws on (ADR 061) with the product's total.
 */
async function returnStock(trx: Trx, orderId: string, now: string, note: string): Promise<void> {
  const lines = await trx
    .selectFrom('order_lines')
    .select(['product_id', 'variety_name', 'option2', 'color', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
  // Pieces a partial refund already put back are not put back twice (ADR 087).
  const restocked = await restockedUnits(trx, orderId)
  const returned: { productId: string; key: VariantKey; change: number }[] = []
  for (const [i, line] of lines.entries()) {
    const quantity = line.quantity - (restocked[i] ?? 0)
    if (quantity <= 0) continue
    const key = await returnLineStock(trx, line.product_id, { variety: line.variety_name, option2: line.option2, color: line.color }, quantity, now)
    if (key) returned.push({ productId: line.product_id, key, change: quantity })
  }
  await recordShelfChanges(trx, returned, { reason: 'cancellation', orderId, note })
}

/**
 * The shopper cancels their own order (allowed before the studio accepts it: pending or confirmed).
 * NotFound for no such order, Forbidden for someone else's, MoveRefused when it is too late. A paid
 * order gets its refund queued and its stock returned in the same transaction.
 */
export async function cancelOrder(db: DB, orderId: string, shopper: { id: string }): Promise<MoveResult> {
  return inTransaction(db, async (trx) => {
    const order = await trx.selectFrom('orders').select(['user_id', 'order_status']).where('id', '=', orderId).executeTakeFirst()
    if (!order) throw new NotFound(ORDER_MESSAGES.notFound)
    if (order.user_id !== shopper.id) throw new Forbidden(ORDER_MESSAGES.notYours)
    if (!canMoveOrder(order.order_status, 'cancelled', 'shopper')) {
      throw new MoveRefused(order.order_status, 'cancelled', ORDER_MESSAGES.cancelRefused)
    }
    return moveOrder(trx, orderId, 'cancelled', 'shopper', { changedBy: shopper.id })
  })
}

/** True when the shopper may cancel an order in this status (the page shows 'Cancel order'). */
export function canCancel(status: OrderStatus): boolean {
  return canMoveOrder(status, 'cancelled', 'shopper')
}
