// What each discount code brought in (issue 28): its paid orders, their revenue and average order
// value, counted as the dashboard counts revenue (keptRevenue: paid money kept, so refunded, rejected
// and TEST MODE orders are left out, and what processed partial refunds gave back is taken off the
// code's revenue whole, whichever lines it was for: ADR 092). The owner's discounts list shows it for all time, the
// dashboard's 'Revenue by code' panel for the period she chooses.
import type { DB } from '../../../db/database'
import { indiaDayStart, indiaDaysEnding } from '~/lib/dates'
import { clock } from '~/domain/clock'
import { keptPaise, keptRevenue } from './admin-dashboard.server'

export interface CodeRevenue {
  codeId: string
  /** The code as the owner named it (its row's, today). */
  code: string
  paidOrders: number
  /** What those orders paid (pieces less the discount, plus delivery) less what partial refunds gave back. */
  revenuePaise: number
  /** What the code took off them. */
  discountPaise: number
  /** revenuePaise / paidOrders, to the paisa; 0 without orders. */
  averageOrderPaise: number
}

/** The periods the dashboard's panel offers, in India days ending today (1: today). */
export const CODE_REVENUE_PERIODS = [1, 7, 30] as const
export type CodeRevenuePeriod = (typeof CODE_REVENUE_PERIODS)[number]

/** The paid orders' figures of one code or offer, from its summed row (the database may answer text). */
export function orderFigures(orders: unknown, revenue: unknown): { paidOrders: number; revenuePaise: number; averageOrderPaise: number } {
  const paidOrders = Number(orders)
  const revenuePaise = Number(revenue ?? 0)
  return { paidOrders, revenuePaise, averageOrderPaise: paidOrders > 0 ? Math.round(revenuePaise / paidOrders) : 0 }
}

/** Where the last `days` India days (today included) begin, as the ISO instant `since` takes. */
export function periodStart(days: CodeRevenuePeriod, now: Date): string {
  return indiaDayStart(indiaDaysEnding(now, days)[0] as string).toISOString()
}

/**
 * Revenue by code, largest first (codes without kept orders are left out): of every order since
 * `since` (an ISO instant; all time without it), or of the codes named in `codeIds` only.
 */
export async function revenueByCode(db: DB, { since, codeIds }: { since?: string; codeIds?: string[] } = {}): Promise<CodeRevenue[]> {
  if (codeIds?.length === 0) return []
  let query = keptRevenue(db)
    .innerJoin('discount_codes as d', 'd.id', 'orders.discount_code_id')
    .select((eb) => [
      'd.id as codeId',
      'd.code as code',
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>(keptPaise).as('revenue'),
      eb.fn.sum<number>('orders.discount_paise').as('discount'),
    ])
    .groupBy(['d.id', 'd.code'])
  if (since) query = query.where('orders.order_date', '>=', since)
  if (codeIds) query = query.where('d.id', 'in', codeIds)
  const rows = await query.execute()
  return rows
    .map((row) => ({ codeId: row.codeId, code: row.code, ...orderFigures(row.orders, row.revenue), discountPaise: Number(row.discount ?? 0) }))
    .sort((a, b) => b.revenuePaise - a.revenuePaise || a.code.localeCompare(b.code))
}

/** The dashboard's panel: revenue by code over the last `days` India days, today included. */
export async function revenueByCodeForDays(db: DB, days: CodeRevenuePeriod, now = clock.now()): Promise<CodeRevenue[]> {
  return revenueByCode(db, { since: periodStart(days, now) })
}

/** A period from the page's query (`?codes=7`), the last 30 days when missing or unknown. */
export function codeRevenuePeriod(value: string | null): CodeRevenuePeriod {
  const days = Number(value)
  return CODE_REVENUE_PERIODS.find((period) => period === days) ?? 30
}
