// The admin's view of orders: every order, filtered and paginated, and status changes with history.
import type { DB } from '../../db/database'
import type { OrderStatus } from '../../db/schema'
import { ADMIN_ORDER_STATUSES, ALL_ORDER_STATUSES, ORDER_STATUS_REQUIRED } from '~/lib/order-status'
import { Invalid, NotFound } from './errors'
import { type OrderSummary, ORDER_SUMMARY_COLUMNS, toOrderSummary } from './orders.server'

export const ADMIN_ORDERS_PAGE_SIZE = 20

export async function listAllOrders(
  db: DB,
  options: { status?: string | null; page?: number; pageSize?: number } = {},
): Promise<{ items: OrderSummary[]; total: number; page: number; pageCount: number }> {
  const status = (ALL_ORDER_STATUSES as readonly string[]).includes(options.status ?? '') ? (options.status as OrderStatus) : null
  const page = Math.max(1, Math.floor(options.page ?? 1))
  const pageSize = options.pageSize ?? ADMIN_ORDERS_PAGE_SIZE
  let query = db.selectFrom('orders')
  if (status) query = query.where('order_status', '=', status)
  const [rows, count] = await Promise.all([
    query
      .select(ORDER_SUMMARY_COLUMNS)
      .orderBy('order_date', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  const total = Number(count.total)
  return {
    items: rows.map(toOrderSummary),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  }
}

/** Sets an order's status to one of SPEC.md's five (anything else is refused) and records it. */
export async function updateOrderStatus(db: DB, orderId: string, status: unknown, adminId: string): Promise<string> {
  if (status === undefined || status === null || status === '') throw new Invalid({ orderStatus: [ORDER_STATUS_REQUIRED] })
  if (typeof status !== 'string' || !(ADMIN_ORDER_STATUSES as readonly string[]).includes(status)) {
    throw new Invalid({ orderStatus: [`Order status must be one of ${ADMIN_ORDER_STATUSES.join(', ')}.`] })
  }
  const next = status as OrderStatus
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('orders')
      .set({ order_status: next, updated_at: new Date().toISOString() })
      .where('id', '=', orderId)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw new NotFound('Order not found.')
    await trx.insertInto('order_status_history').values({ order_id: orderId, status: next, note: 'Changed by the admin', changed_by: adminId }).execute()
  })
  return 'Order status is updated successfully!'
}
