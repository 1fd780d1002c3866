// Orders that need the admin's attention: the one place that says which (the All Orders list's
// 'Needs attention' filter, /admin/orders?attention=1). Today: paid orders flagged `needs_refund`
// (stock ran short when the payment confirmed them). The refund states of issue 17 join here as
// further `or` branches (e.g. a refund that failed), and every reader of the filter follows.
import type { ExpressionBuilder } from 'kysely'
import type { DB } from '../../db/database'
import type { Database } from '../../db/schema'

/** The `where` of an order that needs attention, for any query over `orders`. */
export function needsAttention(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.or([eb('orders.needs_refund', '=', 1)])
}

/** How many orders need attention (the count beside the filter). */
export async function countNeedsAttention(db: DB): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(needsAttention)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}
