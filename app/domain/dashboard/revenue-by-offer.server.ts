// What each automatic offer brought in (issue 28, ADR 084): the paid orders placed with it
// (order_offers, written when the order is placed), their revenue and average order value, counted
// as revenue by code counts (keptRevenue: paid money kept; refunded, rejected and TEST MODE orders
// left out). An offer's revenue is its orders' kept money whole, so a processed partial refund of an
// order lowers each offer the order was placed with by the whole amount given back, whichever lines
// it was for (ADR 092). The offers list and edit page show it for all time, the dashboard for its period.
import type { DB } from '../../../db/database'
import { clock } from '~/domain/clock'
import { keptPaise, keptRevenue } from './admin-dashboard.server'
import { type CodeRevenuePeriod, orderFigures, periodStart } from './revenue-by-code.server'

export interface OfferRevenue {
  offerId: string
  /** The offer's name (its row's, today). */
  name: string
  /** Its uses: the paid orders placed with it that stand. */
  paidOrders: number
  /** What those orders paid, whole (pieces less any discount, plus delivery), less what partial refunds gave back. */
  revenuePaise: number
  /** What the offer took off them (prices, or the delivery fee it waived). */
  offerPaise: number
  /** revenuePaise / paidOrders, to the paisa; 0 without orders. */
  averageOrderPaise: number
}

/**
 * Revenue by offer, largest first (offers without kept orders left out): of every order since
 * `since` (an ISO instant; all time without it), or of the offers named in `offerIds` only.
 */
export async function revenueByOffer(db: DB, { since, offerIds }: { since?: string; offerIds?: string[] } = {}): Promise<OfferRevenue[]> {
  if (offerIds?.length === 0) return []
  let query = keptRevenue(db)
    .innerJoin('order_offers as oo', 'oo.order_id', 'orders.id')
    .innerJoin('offers as o', 'o.id', 'oo.offer_id')
    .select((eb) => [
      'o.id as offerId',
      'o.name as name',
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>(keptPaise).as('revenue'),
      eb.fn.sum<number>('oo.amount_paise').as('off'),
    ])
    .groupBy(['o.id', 'o.name'])
  if (since) query = query.where('orders.order_date', '>=', since)
  if (offerIds) query = query.where('o.id', 'in', offerIds)
  const rows = await query.execute()
  return rows
    .map((row) => ({ offerId: row.offerId, name: row.name, ...orderFigures(row.orders, row.revenue), offerPaise: Number(row.off ?? 0) }))
    .sort((a, b) => b.revenuePaise - a.revenuePaise || a.name.localeCompare(b.name))
}

/** The dashboard's panel: revenue by offer over the last `days` India days, today included. */
export async function revenueByOfferForDays(db: DB, days: CodeRevenuePeriod, now = clock.now()): Promise<OfferRevenue[]> {
  return revenueByOffer(db, { since: periodStart(days, now) })
}

/** An offer's figures, zero when it has none. */
export function offerFiguresOf(rows: readonly OfferRevenue[], offer: { id: string; name: string }): OfferRevenue {
  return rows.find((row) => row.offerId === offer.id) ?? { offerId: offer.id, name: offer.name, paidOrders: 0, revenuePaise: 0, offerPaise: 0, averageOrderPaise: 0 }
}
