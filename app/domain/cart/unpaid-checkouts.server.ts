// Unpaid checkouts (ADR 032, 050): payment was started and never completed. They are not orders
// (out of the admin's lists and counts, out of the shopper's history once abandoned), and a shopper,
// or a client address, may start only so many of them an hour.
import type { ExpressionBuilder, } from 'kysely'
import type { DB } from '../../../db/database'
import type { Database } from '../../../db/schema'
import { SHOPPERS_PER_ADDRESS } from '~/lib/checkout-limits'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { clock } from '~/domain/clock'
import { TooManyRequests } from '~/domain/errors'
import { domainSettings } from '~/domain/settings.server'

const HOUR_MS = 60 * 60 * 1000

/** Payment never completed: pending or failed (whatever became of the order since). */
function neverPaid(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb('orders.payment_status', 'in', ['pending', 'failed'])
}

/**
 * Refuses with TooManyRequests a checkout past the limits on unpaid checkouts: the shopper's own
 * placed or retried within the last hour and never paid, at most unpaidCheckoutsPerHour, and those
 * started from the same client address, SHOPPERS_PER_ADDRESS times as many. `reusing` (an unpaid
 * checkout taken up again) is not counted: a retry adds no checkout. Paid checkouts never count.
 */
export async function checkUnpaidCheckouts(
  trx: DB,
  who: { userId: string; clientKey?: string | null; reusing?: string },
  now = clock.now(),
): Promise<void> {
  const perHour = domainSettings().checkout.unpaidCheckoutsPerHour
  const since = new Date(now.getTime() - HOUR_MS).toISOString()
  const recent = (column: 'user_id' | 'client_key', value: string, limit: number) => {
    let query = trx
      .selectFrom('orders')
      .select('orders.updated_at')
      .where(`orders.${column}`, '=', value)
      .where(neverPaid)
      .where('orders.updated_at', '>=', since)
    if (who.reusing) query = query.where('orders.id', '!=', who.reusing)
    return query.orderBy('orders.updated_at', 'desc').limit(limit).execute()
  }
  const checks: [('user_id' | 'client_key'), string, number][] = [['user_id', who.userId, perHour]]
  if (who.clientKey) checks.push(['client_key', who.clientKey, perHour * SHOPPERS_PER_ADDRESS])
  for (const [column, value, limit] of checks) {
    const rows = await recent(column, value, limit)
    if (rows.length < limit) continue
    // The oldest of the last `limit` leaves the hour first.
    const frees = Date.parse(rows[rows.length - 1]?.updated_at ?? '') + HOUR_MS
    throw new TooManyRequests(CHECKOUT_MESSAGES.tooManyUnpaid, Math.max(1, Math.ceil((frees - now.getTime()) / 1000)))
  }
}

/**
 * An unpaid checkout: payment was started and never completed (order pending, payment pending or
 * failed). Not an order: out of the admin's order list and counts and, once its hold has ended, out
 * of the shopper's history.
 */
export function isUnpaidCheckout(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.and([eb('orders.order_status', '=', 'pending'), eb('orders.payment_status', 'in', ['pending', 'failed'])])
}

/** The order still holds stock at `now` (its checkout is in progress). */
export function holdsStock(eb: ExpressionBuilder<Database, 'orders'>, now = clock.iso()) {
  return eb.exists(
    eb.selectFrom('stock_holds as sh').select('sh.order_id').whereRef('sh.order_id', '=', 'orders.id').where('sh.expires_at', '>', now),
  )
}
