// Shipping details of an order: once an order is shipped the admin may enter the
// carrier and a tracking number and/or link, and edit them while it is shipped or delivered. Every
// change is recorded in the order's status history; the shopper sees them on the order.
import type { DB } from '../../../db/database'
import { lockRows } from '../../../db/dialect'
import type { AdminOrderStatus } from '~/lib/order-status'
import { ORDER_MESSAGES } from '~/lib/order-status'
import { canHaveTracking, sameTracking, TRACKING_MESSAGES, TRACKING_STATUSES, trackingNote } from '~/lib/tracking'
import { type TrackingInput, trackingSchema } from '~/schemas/tracking'
import { updateOrderStatus } from './admin-orders.server'
import { DomainError, NotFound, parseInput } from '~/domain/errors'
import { trackingOf } from './order-reads.server'

/** Refused: the order is not (yet, or any more) one that ships. */
export class NotShipped extends DomainError {
  constructor() {
    super(TRACKING_MESSAGES.notShipped)
  }
}

/**
 * Sets (or, with every field empty, removes) an order's shipping details: the carrier and a
 * tracking number or link (validated by schemas/tracking.ts: Invalid with field errors). Only while
 * the order is shipped or delivered (NotShipped otherwise; NotFound for an unknown order). The same
 * details again change nothing and write no history. Answers whether anything changed.
 */
export async function setTracking(db: DB, orderId: string, input: TrackingInput, adminId: string): Promise<boolean> {
  const tracking = parseInput(trackingSchema, input)
  return db.transaction().execute(async (trx) => {
    await lockRows(trx, 'orders', [orderId])
    const order = await trx
      .selectFrom('orders')
      .select(['order_status', 'tracking_carrier', 'tracking_number', 'tracking_url'])
      .where('id', '=', orderId)
      .executeTakeFirst()
    if (!order) throw new NotFound(ORDER_MESSAGES.notFound)
    if (!canHaveTracking(order.order_status)) throw new NotShipped()
    if (sameTracking(trackingOf(order), tracking)) return false
    const now = new Date().toISOString()
    const result = await trx
      .updateTable('orders')
      .set({
        tracking_carrier: tracking?.carrier ?? null,
        tracking_number: tracking?.number ?? null,
        tracking_url: tracking?.url ?? null,
        tracking_updated_at: now,
        updated_at: now,
      })
      .where('id', '=', orderId)
      .where('order_status', 'in', TRACKING_STATUSES)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw new NotShipped()
    await trx
      .insertInto('order_status_history')
      .values({ order_id: orderId, status: order.order_status, note: trackingNote(tracking), changed_by: adminId })
      .execute()
    return true
  })
}

/**
 * The admin's one update of an order (the page's status form and PUT /api/admin/orders/update/:id):
 * a status move (through updateOrderStatus, which decides which moves are allowed) and, optionally,
 * shipping details with it.
 * - No `tracking`: the status move alone, as before.
 * - `tracking` with the order's current status, when it is shipped or delivered: an edit of the
 *   shipping details only (no move; all fields empty removes them).
 * - `tracking` with a move: the details are checked first (a bad link changes nothing), then the
 *   move is made, then the details are set; empty details with a move set nothing.
 * A crash between the move and the details leaves a shipped order without them, which the admin
 * can add afterwards (they are editable while shipped or delivered).
 */
export async function updateOrderByAdmin(
  db: DB,
  orderId: string,
  update: { orderStatus: AdminOrderStatus; tracking?: TrackingInput },
  adminId: string,
): Promise<{ refundQueued: boolean }> {
  const tracking = update.tracking === undefined ? undefined : parseInput(trackingSchema, update.tracking)
  if (tracking === undefined) return updateOrderStatus(db, orderId, update.orderStatus, adminId)
  const order = await db.selectFrom('orders').select('order_status').where('id', '=', orderId).executeTakeFirst()
  if (!order) throw new NotFound(ORDER_MESSAGES.notFound)
  if (order.order_status === update.orderStatus && canHaveTracking(order.order_status)) {
    await setTracking(db, orderId, update.tracking as TrackingInput, adminId)
    return { refundQueued: false }
  }
  if (tracking && !canHaveTracking(update.orderStatus)) throw new NotShipped()
  // The shipped mail carries the details the admin entered with the move.
  const mail = tracking ? { tracking: { carrier: tracking.carrier, number: tracking.number, url: tracking.url } } : undefined
  const moved = await updateOrderStatus(db, orderId, update.orderStatus, adminId, mail)
  if (tracking) await setTracking(db, orderId, update.tracking as TrackingInput, adminId)
  return moved
}
