// The admin's view of orders: every order, filtered and paginated, and status changes with history.
import type { DB } from '../../db/database'
import { type AdminOrderStatus, ALL_ORDER_STATUSES, ORDER_MESSAGES, type OrderStatus } from '~/lib/order-status'
import { NotFound } from './errors'
import { orderStatusMail } from './mail.server'
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

/**
 * Sets an order's status to one of the five the admin may set (the adapters parse it with
 * schemas/order.ts) and records the change; NotFound for an unknown order.
 */
export async function updateOrderStatus(db: DB, orderId: string, next: AdminOrderStatus, adminId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('orders')
      .set({ order_status: next, updated_at: new Date().toISOString() })
      .where('id', '=', orderId)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw new NotFound(ORDER_MESSAGES.notFound)
    await trx.insertInto('order_status_history').values({ order_id: orderId, status: next, note: 'Changed by the admin', changed_by: adminId }).execute()
    await orderStatusMail(trx, orderId, next)
  })
}
