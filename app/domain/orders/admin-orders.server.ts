// The admin's view of orders: every order, filtered and paginated, and status changes with history.
import { sql } from 'kysely'
import type { DB } from '../../../db/database'
import type { OrderListSort } from '~/lib/dispatch'
import { type AdminOrderStatus, ALL_ORDER_STATUSES, type OrderStatus } from '~/lib/order-status'
import { needsAttention } from './order-attention.server'
import type { StatusMailExtra } from '~/domain/messaging/mail.server'
import { type MoveResult, moveOrder } from './order-lifecycle.server'
import { type OrderSummary, ORDER_SUMMARY_COLUMNS, toOrderSummary, withRefunds } from './order-reads.server'
import { isUnpaidCheckout } from '~/domain/cart/unpaid-checkouts.server'
import { readPage } from '~/domain/paging.server'
import { Invalid } from '~/domain/errors'
import { PARTIAL_REFUND_MESSAGES, REFUND_REASON_MAX } from '~/lib/refund-shares'

export const ADMIN_ORDERS_PAGE_SIZE = 20

/**
 * Which rows the admin's list shows: 'orders' (the default, here and in /api/admin/orders/get:
 * unpaid checkouts left out, they are not orders), 'unpaid' (only the unpaid checkouts) or 'all'
 * (every row, `?view=all`). See docs/decisions/032 and 038.
 */
export const ORDER_LIST_VIEWS = ['orders', 'unpaid', 'all'] as const
export type OrderListView = (typeof ORDER_LIST_VIEWS)[number]

export async function listAllOrders(
  db: DB,
  options: { status?: string | null; view?: OrderListView; attention?: boolean; sort?: OrderListSort; page?: number; pageSize?: number } = {},
): Promise<{ items: OrderSummary[]; total: number; page: number; pageCount: number }> {
  const status = (ALL_ORDER_STATUSES as readonly string[]).includes(options.status ?? '') ? (options.status as OrderStatus) : null
  const view = options.view ?? 'orders'
  let query = db.selectFrom('orders')
  if (view === 'orders') query = query.where((eb) => eb.not(isUnpaidCheckout(eb)))
  if (view === 'unpaid') query = query.where(isUnpaidCheckout)
  if (status) query = query.where('order_status', '=', status)
  if (options.attention) query = query.where(needsAttention)
  const { items, total, page, pageCount } = await readPage(
    query,
    (matching) => {
      const rows = matching.select(ORDER_SUMMARY_COLUMNS)
      // By dispatch day (ADR 070): soonest first, orders without one last (both databases), then oldest first.
      if (options.sort === 'dispatch') {
        return rows.orderBy(sql`case when dispatch_by is null then 1 else 0 end`).orderBy('dispatch_by').orderBy('order_date').orderBy('id')
      }
      return rows.orderBy('order_date', 'desc').orderBy('id')
    },
    { page: options.page, pageSize: options.pageSize ?? ADMIN_ORDERS_PAGE_SIZE },
  )
  return { items: await withRefunds(db, items.map(toOrderSummary)), total, page, pageCount }
}

/**
 * Moves an order to one of the statuses the admin may set (the adapters parse it with
 * schemas/order.ts), as the lifecycle table allows from where it is (moveOrder): NotFound for an
 * unknown order, MoveRefused (400) for a move the table forbids. Rejecting a paid order queues its
 * refund, and stock already taken goes back, in the same transaction.
 */
export async function updateOrderStatus(
  db: DB,
  orderId: string,
  next: AdminOrderStatus,
  adminId: string,
  mail?: StatusMailExtra,
): Promise<MoveResult> {
  return moveOrder(db, orderId, next, 'admin', { changedBy: adminId, mail })
}

/**
 * 'Reject and refund' with the owner's reason (ADR 087): the history and the shopper's mail carry
 * it. Invalid when the reason is empty or too long; otherwise as updateOrderStatus to 'rejected'.
 */
export async function rejectOrder(db: DB, orderId: string, reason: string, adminId: string): Promise<MoveResult> {
  const words = reason.trim()
  if (!words) throw new Invalid({ reason: [PARTIAL_REFUND_MESSAGES.reason] })
  if (words.length > REFUND_REASON_MAX) throw new Invalid({ reason: [PARTIAL_REFUND_MESSAGES.reasonTooLong] })
  return moveOrder(db, orderId, 'rejected', 'admin', { changedBy: adminId, note: `Rejected: ${words}`, mail: { note: `Reason: ${words}` } })
}
