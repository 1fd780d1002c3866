// What the owner checks each morning: money in (today, 7 and 30 days, day by day), orders by
// status, what is running out, and the latest orders. Days are India calendar days.
import { sql } from 'kysely'
import type { DB } from '../../../db/database'
import { localDaySql } from '../../../db/dialect'
import type { OrderStatus } from '../../../db/schema'
import { INDIA_OFFSET_MINUTES, indiaDayStart, indiaDaysEnding } from '~/lib/dates'
import { ALL_ORDER_STATUSES } from '~/lib/order-status'
import { listAllOrders } from '~/domain/orders/admin-orders.server'
import { countNeedsAttention } from '~/domain/orders/order-attention.server'
import { isUnpaidCheckout } from '~/domain/cart/unpaid-checkouts.server'
import { clock } from '~/domain/clock'
import { lowShelves } from '~/domain/catalog/low-stock.server'

export const CHART_DAYS = 30
export const LOW_STOCK_LIST_SIZE = 12
export const LATEST_ORDERS_SIZE = 5

export interface DayRevenue {
  /** India calendar day, YYYY-MM-DD. */
  day: string
  revenuePaise: number
  paidOrders: number
}

export interface RevenuePeriod {
  label: string
  days: number
  revenuePaise: number
  paidOrders: number
}

const PERIODS = [
  { label: 'Today', days: 1 },
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: CHART_DAYS },
] as const

/**
 * Revenue is money kept: paid orders, less rejected ones, those being refunded whole (a `refunds`
 * row, or the flag from before refunds existed) and those the TEST MODE gateway took (no money
 * moved); and of each order, what its processed partial refunds gave back (ADR 092). A partial
 * refund decided, on its way or failed takes nothing off: its order counts whole, though flagged.
 * The rows join `given_back` (order_id, paise); sum `keptPaise` for the money.
 */
export function keptRevenue(db: DB) {
  return db
    .selectFrom('orders')
    .leftJoin(processedPartialRefunds(db), 'given_back.order_id', 'orders.id')
    .where('orders.payment_status', '=', 'paid')
    .where('orders.gateway', '!=', 'test')
    .where('orders.order_status', '!=', 'rejected')
    .where((eb) =>
      eb.or([
        eb('orders.needs_refund', '=', 0),
        eb.and([
          eb.exists(eb.selectFrom('partial_refunds as open').select('open.id').whereRef('open.order_id', '=', 'orders.id').where('open.status', 'in', ['queued', 'pending'])),
          eb.not(eb.exists(eb.selectFrom('refunds as whole').select('whole.id').whereRef('whole.order_id', '=', 'orders.id'))),
        ]),
      ]),
    )
}

/** What processed partial refunds gave back, per order. */
function processedPartialRefunds(db: DB) {
  return db
    .selectFrom('partial_refunds')
    .where('status', '=', 'processed')
    .select((eb) => ['order_id', eb.fn.sum<number>('amount_paise').as('paise')])
    .groupBy('order_id')
    .as('given_back')
}

/** An order's kept money in a `keptRevenue` row: what it paid less what partial refunds gave back. */
export const keptPaise = sql<number>`${sql.ref('orders.total_amount_paise')} - coalesce(${sql.ref('given_back.paise')}, 0)`

/** Paid revenue and order count for each of the CHART_DAYS India days ending today, oldest first. */
export async function dailyRevenue(db: DB, now: Date): Promise<DayRevenue[]> {
  const days = indiaDaysEnding(now, CHART_DAYS)
  const from = indiaDayStart(days[0] as string).toISOString()
  const rows = await keptRevenue(db)
    .where('orders.order_date', '>=', from)
    .select((eb) => [
      localDaySql('orders.order_date', INDIA_OFFSET_MINUTES).as('day'),
      eb.fn.sum<number>(keptPaise).as('revenue'),
      eb.fn.countAll<number>().as('orders'),
    ])
    .groupBy('day')
    .execute()
  const byDay = new Map(rows.map((row) => [row.day, row]))
  return days.map((day) => ({
    day,
    revenuePaise: Number(byDay.get(day)?.revenue ?? 0),
    paidOrders: Number(byDay.get(day)?.orders ?? 0),
  }))
}

/** Today, the last 7 and the last 30 days, each counted from the start of its first India day. */
export function revenuePeriods(daily: DayRevenue[]): RevenuePeriod[] {
  return PERIODS.map(({ label, days }) => {
    const window = daily.slice(-days)
    return {
      label,
      days,
      revenuePaise: window.reduce((sum, d) => sum + d.revenuePaise, 0),
      paidOrders: window.reduce((sum, d) => sum + d.paidOrders, 0),
    }
  })
}

/** Every status with its order count, zeros included, in the order an order moves through them. */
async function ordersByStatus(db: DB): Promise<{ status: OrderStatus; count: number }[]> {
  const rows = await db
    .selectFrom('orders')
    // Unpaid checkouts are not orders (they have their own view in All Orders).
    .where((eb) => eb.not(isUnpaidCheckout(eb)))
    .select((eb) => ['order_status', eb.fn.countAll<number>().as('count')])
    .groupBy('order_status')
    .execute()
  const counts = new Map(rows.map((row) => [row.order_status, Number(row.count)]))
  return ALL_ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }))
}

export async function dashboard(db: DB, now = clock.now()) {
  const [daily, byStatus, stock, needsAttention, latest] = await Promise.all([
    dailyRevenue(db, now),
    ordersByStatus(db),
    lowShelves(db, LOW_STOCK_LIST_SIZE),
    countNeedsAttention(db),
    listAllOrders(db, { pageSize: LATEST_ORDERS_SIZE }),
  ])
  return {
    periods: revenuePeriods(daily),
    daily,
    byStatus,
    needsAttention,
    stock,
    latestOrders: latest.items,
    totalOrders: latest.total,
  }
}

export type Dashboard = Awaited<ReturnType<typeof dashboard>>
