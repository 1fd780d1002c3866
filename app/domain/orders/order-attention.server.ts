// Orders that need the admin's attention: the one place that says which (the All Orders list's
// 'Needs attention' filter, /admin/orders?attention=1, its count, and the dashboard's note).
// A refund the gateway failed or kept refusing (the money must go back by hand), and a paid order
// that could not be filled (the stock ran out while the shopper paid) until its refund is through.
// The routine refund of a cancel or a rejection, queued or pending at the gateway, is not listed:
// the worker sends it and the shopper is told. Orders flagged `needs_refund` before refunds
// existed (no refund row: nothing will send it) are listed too. So is a parcel the courier could not
// deliver (an NDR scan, ADR 086 and 102) until the owner answers it (Re-attempt or Return to origin) or a
// later scan moves it on, and a parcel returned to origin until she checks it ("Received back").
import type { ExpressionBuilder } from 'kysely'
import type { DB } from '../../../db/database'
import type { Database } from '../../../db/schema'

/** The `where` of an order that needs attention, for any query over `orders`. */
export function needsAttention(eb: ExpressionBuilder<Database, 'orders'>) {
  const refunds = () => eb.selectFrom('refunds').select('refunds.id').whereRef('refunds.order_id', '=', 'orders.id')
  return eb.or([
    eb.exists(
      refunds().where((r) =>
        r.or([r('refunds.status', '=', 'failed'), r.and([r('refunds.reason', '=', 'unfillable'), r('refunds.status', '!=', 'processed')])]),
      ),
    ),
    eb.and([eb('orders.needs_refund', '=', 1), eb.not(eb.exists(refunds()))]),
    // A failed delivery the owner has not answered yet (ADR 102; one recorded before answers existed has no row)...
    eb.exists(
      eb
        .selectFrom('shipments')
        .select('shipments.order_id')
        .whereRef('shipments.order_id', '=', 'orders.id')
        .where('shipments.status', '=', 'undelivered')
        .where((s) => {
          const ndrs = () => s.selectFrom('parcel_ndrs').select('parcel_ndrs.id').whereRef('parcel_ndrs.order_id', '=', 'orders.id')
          return s.or([s.exists(ndrs().where('parcel_ndrs.action_state', '!=', 'sent')), s.not(s.exists(ndrs()))])
        }),
    ),
    // ...and a parcel back at the studio she has not checked ("Received back").
    eb.exists(eb.selectFrom('parcel_rtos').select('parcel_rtos.order_id').whereRef('parcel_rtos.order_id', '=', 'orders.id').where('parcel_rtos.status', '=', 'returned')),
  ])
}

/** How many orders need attention (the count beside the filter, and the dashboard's). */
export async function countNeedsAttention(db: DB): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(needsAttention)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}
