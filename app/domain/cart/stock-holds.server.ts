// Stock holds: starting payment holds the cart's quantities for a while, so that paying within the
// hold always gets the goods, and a shopper who cannot get a line is told before paying.
// The rules of docs/decisions/032-stock-holds-and-unpaid-checkouts.md and 050, in one home:
// - available stock = total_stock minus the product's live holds (availableStock, the one SQL
//   expression every shopper-facing read uses); a hold is live while expires_at is in the future,
//   so an expired hold is ignored at once by every query and deleted later by the sweep;
// - a shopper has one live checkout: holding for an order first ends the same user's other holds,
//   one checkout of theirs after another;
// - a shopper, and a client address, hold at most maxUnitsPerOrder units of one product;
// - a shopper, and a client address, start a bounded number of unpaid checkouts an hour;
// - holds end on payment (takeHeldStock), failure, cancel (releaseHolds) or expiry (sweepExpiredHolds);
// - every change of availability is told to the watcher (the page cache: ADR 050).
import { type ExpressionBuilder, type RawBuilder, sql, type Transaction } from 'kysely'
import type { DB } from '../../../db/database'
import { lockCounter, lockRows } from '../../../db/dialect'
import type { Database } from '../../../db/schema'
import { DEFAULT_MAX_UNITS_PER_ORDER, DEFAULT_UNPAID_CHECKOUTS_PER_HOUR, SHOPPERS_PER_ADDRESS } from '~/lib/checkout-limits'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { Invalid, TooManyRequests } from '../errors'

const HOUR_MS = 60 * 60 * 1000

/** The limits on what one shopper or one address may hold and start (ADR 050). */
export interface CheckoutLimits {
  maxUnitsPerOrder: number
  unpaidCheckoutsPerHour: number
}

let limits: CheckoutLimits = { maxUnitsPerOrder: DEFAULT_MAX_UNITS_PER_ORDER, unpaidCheckoutsPerHour: DEFAULT_UNPAID_CHECKOUTS_PER_HOUR }

/** Set once at start from the configuration (server/jobs/holds.ts); tests set their own. */
export function configureCheckoutLimits(next: Partial<CheckoutLimits>): void {
  limits = { ...limits, ...next }
}

export function checkoutLimits(): CheckoutLimits {
  return limits
}

/** What shoppers may buy of a product (availableStock, never below 0) before and after a change of holds or stock. */
export interface AvailabilityChange {
  productId: string
  before: number
  after: number
}

/** Told of each change of availability made here (set once at start: the page cache, ADR 050). */
export type AvailabilityWatcher = (changes: AvailabilityChange[]) => void

let watcher: AvailabilityWatcher | null = null

export function watchAvailability(next: AvailabilityWatcher | null): void {
  watcher = next
}

/**
 * Tells the watcher what changed: per product, what shoppers could buy before (the holds that ended
 * counted as live, as a page rendered while they were showed it) and after.
 */
function report(products: Iterable<string>, available: Map<string, number>, delta: (productId: string) => { ended: number; taken: number }): void {
  if (!watcher) return
  const changes: AvailabilityChange[] = []
  for (const productId of products) {
    const now = available.get(productId) ?? 0
    const { ended, taken } = delta(productId)
    const change = { productId, before: Math.max(0, now - ended), after: Math.max(0, now - taken) }
    if (change.before !== change.after) changes.push(change)
  }
  if (changes.length) watcher(changes)
}

type Trx = Transaction<Database>

/**
 * Units of the product in `table` (a products row: `p` or `products`) held by live holds at `now`,
 * leaving out the holds of `exceptUserId` (a shopper's own checkout does not compete with their cart).
 */
function heldUnits(table: string, now: string, exceptUserId?: string): RawBuilder<number> {
  const others = exceptUserId === undefined ? sql`` : sql` and sh.user_id <> ${exceptUserId}`
  return sql<number>`coalesce((select sum(sh.quantity) from stock_holds sh where sh.product_id = ${sql.ref(`${table}.id`)} and sh.expires_at > ${now}${others}), 0)`
}

/**
 * What shoppers may still buy of the product in `table`, in SQL: its total stock less the live holds
 * (of everyone but `exceptUserId`). Cards, the product page, the listing's filter, the cart and
 * the stock taken at payment all read availability through this.
 */
export function availableStock(table: string, options: { now?: string; exceptUserId?: string } = {}): RawBuilder<number> {
  const now = options.now ?? new Date().toISOString()
  return sql<number>`(${sql.ref(`${table}.total_stock`)} - ${heldUnits(table, now, options.exceptUserId)})`
}

/**
 * "Shoppers can buy some of it", in SQL, for filtering many rows (the listing's availability filter):
 * the same rule as availableStock(...) > 0, written as one uncorrelated set of the products live holds
 * have taken entirely, so SQLite works it out once per query instead of once per product.
 */
export function inStockNow(table: string, options: { now?: string } = {}): RawBuilder<boolean> {
  const now = options.now ?? new Date().toISOString()
  const id = sql.ref(`${table}.id`)
  return sql<boolean>`(${sql.ref(`${table}.total_stock`)} > 0 and ${id} not in (select sh.product_id from stock_holds sh join products hp on hp.id = sh.product_id where sh.expires_at > ${now} group by sh.product_id, hp.total_stock having hp.total_stock - sum(sh.quantity) <= 0))`
}

/** A line of a checkout to hold: the product, the words that name the line, and the quantity. */
export interface HoldLine {
  productId: string
  title: string
  variety: string
  color: string
  quantity: number
}

/** How a line is named to the shopper: 'Ocean vase (Large, Teal)'. */
export function lineLabel(line: { title: string; variety: string; color: string }): string {
  const options = [line.variety, line.color].filter(Boolean)
  return options.length ? `${line.title} (${options.join(', ')})` : line.title
}

/**
 * The shopper is told, line by line, what cannot be held and how many are left; nothing was held.
 * An Invalid on the `cart` field, so the checkout page and the /api answer it like any cart error.
 */
export class StockNotHeld extends Invalid {}

/**
 * The messages for lines wanting more than `left` of their product; lines of one product (other
 * varieties or colours) share its stock and are named together.
 */
export function shortLineMessages(lines: (HoldLine & { left: number })[]): string[] {
  const byProduct = new Map<string, (HoldLine & { left: number })[]>()
  for (const line of lines) byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line])
  const messages: string[] = []
  for (const group of byProduct.values()) {
    const wanted = group.reduce((sum, line) => sum + line.quantity, 0)
    const left = Math.max(0, group[0]?.left ?? 0)
    if (wanted > left) messages.push(CHECKOUT_MESSAGES.notHeld(group.map(lineLabel).join(' and '), left))
  }
  return messages
}

/** The quantity wanted of each product: lines of one product (other varieties or colours) share its stock. */
function quantitiesByProduct(lines: { productId: string; quantity: number }[]): Map<string, number> {
  const wanted = new Map<string, number>()
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity)
  return wanted
}

/** What shoppers may still take of each product at `now` (stock less live holds); `listed` names those not deleted. */
async function availabilityOf(trx: Trx | DB, productIds: string[], now: string): Promise<{ available: Map<string, number>; listed: Set<string> }> {
  const rows = await trx
    .selectFrom('products as p')
    .select(['p.id', 'p.deleted_at', availableStock('p', { now }).as('available')])
    .where('p.id', 'in', productIds)
    .execute()
  return {
    available: new Map(rows.map((row) => [row.id, Number(row.available)])),
    listed: new Set(rows.filter((row) => row.deleted_at === null).map((row) => row.id)),
  }
}

/**
 * availabilityOf, read after locking the products' rows in id order (PostgreSQL; a no-op on SQLite),
 * so the answer holds until commit and two checkouts or payments of overlapping carts cannot
 * deadlock. A new hold counts a deleted product (not `listed`) as none left.
 */
async function lockedAvailability(trx: Trx, productIds: string[], now: string): Promise<{ available: Map<string, number>; listed: Set<string> }> {
  await lockRows(trx, 'products', productIds)
  return availabilityOf(trx, productIds, now)
}

/** Ends the holds of an order, or of a user, and answers the units they held, by product. */
async function endHolds(trx: Trx | DB, of: { orderId: string } | { userId: string }): Promise<Map<string, number>> {
  const query = 'orderId' in of ? trx.deleteFrom('stock_holds').where('order_id', '=', of.orderId) : trx.deleteFrom('stock_holds').where('user_id', '=', of.userId)
  const ended = await query.returning(['product_id', 'quantity']).execute()
  return quantitiesByProduct(ended.map((row) => ({ productId: row.product_id, quantity: row.quantity })))
}

/**
 * The messages for products whose lines together want more than `max` units: a shopper holds at
 * most that many of one product (MAX_UNITS_PER_ORDER), whatever the stock.
 */
export function overLimitMessages(lines: HoldLine[], max: number): string[] {
  const byProduct = new Map<string, HoldLine[]>()
  for (const line of lines) byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line])
  const messages: string[] = []
  for (const group of byProduct.values()) {
    if (group.reduce((sum, line) => sum + line.quantity, 0) > max) messages.push(CHECKOUT_MESSAGES.overLimit(group.map(lineLabel).join(' and '), max))
  }
  return messages
}

/**
 * Units of each product held by live holds of checkouts started from the client address `clientKey`
 * (the holds' orders remember it), the checkout being held left out (its shopper's holds have ended).
 */
async function heldFromAddress(trx: Trx, productIds: string[], clientKey: string, now: string): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('stock_holds as sh')
    .innerJoin('orders as o', 'o.id', 'sh.order_id')
    .select((eb) => ['sh.product_id', eb.fn.sum<number>('sh.quantity').as('units')])
    .where('o.client_key', '=', clientKey)
    .where('sh.product_id', 'in', productIds)
    .where('sh.expires_at', '>', now)
    .groupBy('sh.product_id')
    .execute()
  return new Map(rows.map((row) => [row.product_id, Number(row.units)]))
}

/**
 * Holds the lines for the order until `minutes` from now, inside the caller's transaction (with the
 * order's own insert, or alone for a retried checkout): first the user's earlier holds end (this
 * order's own included, so a retry refreshes rather than doubles them; one checkout of the user's
 * after another, so two at once cannot both add theirs). Then no product may want more than
 * maxUnitsPerOrder (Invalid), every product must have its quantity available net of everyone else's
 * live holds, and checkouts from the same client address (`clientKey`) may hold at most
 * maxUnitsPerOrder of it together; else StockNotHeld names each line that cannot be held, and the
 * transaction is rolled back by the throw.
 */
export async function holdStock(
  trx: Trx,
  hold: { orderId: string; userId: string; lines: HoldLine[]; minutes: number; now?: Date; clientKey?: string | null },
): Promise<{ expiresAt: string }> {
  const now = hold.now ?? new Date()
  const nowIso = now.toISOString()
  const expiresAt = new Date(now.getTime() + hold.minutes * 60_000).toISOString()
  const max = limits.maxUnitsPerOrder
  // The user's checkouts hold one after another (a transaction lock of their own on PostgreSQL;
  // SQLite has one writer): a second waits, then ends the first's holds instead of adding to them.
  await lockCounter(trx, `stock-holds:${hold.userId}`)
  const ended = await endHolds(trx, { userId: hold.userId })
  const wanted = quantitiesByProduct(hold.lines)
  const overLimit = overLimitMessages(hold.lines, max)
  if (overLimit.length) throw new Invalid({ cart: overLimit })
  const touched = [...new Set([...wanted.keys(), ...ended.keys()])]
  if (touched.length === 0) return { expiresAt }
  // Read what is left, then hold it: on PostgreSQL the products' rows stay locked until commit.
  const { available, listed } = await lockedAvailability(trx, touched, nowIso)
  const left = (productId: string) => (listed.has(productId) ? (available.get(productId) ?? 0) : 0)
  const messages = shortLineMessages(hold.lines.map((line) => ({ ...line, left: left(line.productId) })))
  if (hold.clientKey && wanted.size > 0) {
    const nearby = await heldFromAddress(trx, [...wanted.keys()], hold.clientKey, nowIso)
    const short = new Set(hold.lines.filter((line) => (wanted.get(line.productId) ?? 0) > left(line.productId)).map((line) => line.productId))
    for (const [productId, quantity] of wanted) {
      const room = Math.max(0, max - (nearby.get(productId) ?? 0))
      if (short.has(productId) || quantity <= room) continue
      const names = hold.lines.filter((line) => line.productId === productId).map(lineLabel)
      messages.push(CHECKOUT_MESSAGES.heldNearby(names.join(' and '), room, max))
    }
  }
  if (messages.length) throw new StockNotHeld({ cart: messages })
  if (wanted.size > 0) {
    await trx
      .insertInto('stock_holds')
      .values([...wanted].map(([productId, quantity]) => ({ order_id: hold.orderId, product_id: productId, user_id: hold.userId, quantity, expires_at: expiresAt })))
      .execute()
  }
  report(touched, available, (productId) => ({ ended: ended.get(productId) ?? 0, taken: wanted.get(productId) ?? 0 }))
  return { expiresAt }
}

/**
 * Payment came in: the order's own holds end and its lines leave the shelf, all or none, in the
 * caller's transaction (confirmPayment's). Stock other checkouts hold is not taken. True (and
 * nothing taken) when some line cannot be covered: the order's hold had expired and the stock
 * went to others.
 */
export async function takeHeldStock(trx: Trx, orderId: string, lines: { product_id: string; quantity: number }[], now: string): Promise<boolean> {
  const ended = await endHolds(trx, { orderId })
  const wanted = quantitiesByProduct(lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })))
  const touched = [...new Set([...wanted.keys(), ...ended.keys()])]
  if (touched.length === 0) return false
  // The availability read stays true until the updates below (rows locked on PostgreSQL).
  const { available } = await lockedAvailability(trx, touched, now)
  const endedOnly = (productId: string) => ({ ended: ended.get(productId) ?? 0, taken: 0 })
  if (wanted.size === 0 || ![...wanted].every(([id, quantity]) => (available.get(id) ?? 0) >= quantity)) {
    report(ended.keys(), available, endedOnly)
    return wanted.size > 0
  }
  for (const [productId, quantity] of wanted) {
    const taken = await trx
      .updateTable('products')
      .set({ total_stock: sql`total_stock - ${quantity}`, updated_at: now })
      .where('id', '=', productId)
      .where(availableStock('products', { now }), '>=', quantity)
      .executeTakeFirst()
    // Checked above in this transaction; should another writer have won meanwhile (a database
    // without SQLite's single writer), nothing of this confirmation is kept.
    if (Number(taken.numUpdatedRows) === 0) throw new Error(`Stock of ${productId} changed during confirmation`)
  }
  // Paid within the hold, what shoppers may buy is as it was: the held units are now gone from the shelf.
  report(touched, available, (productId) => ({ ended: ended.get(productId) ?? 0, taken: wanted.get(productId) ?? 0 }))
  return false
}

/** The order's holds end (payment failed, the order was cancelled or rejected). Idempotent. */
export async function releaseHolds(trx: Trx | DB, orderId: string): Promise<void> {
  const ended = await endHolds(trx, { orderId })
  if (ended.size === 0 || !watcher) return
  const { available } = await availabilityOf(trx, [...ended.keys()], new Date().toISOString())
  report(ended.keys(), available, (productId) => ({ ended: ended.get(productId) ?? 0, taken: 0 }))
}

/**
 * Deletes holds that have expired (the queries ignore them already) and tells what their end gave
 * back (pages rendered while they were live showed less); answers how many.
 */
export async function sweepExpiredHolds(db: DB, now = new Date()): Promise<number> {
  const nowIso = now.toISOString()
  const ended = await db.deleteFrom('stock_holds').where('expires_at', '<=', nowIso).returning(['product_id', 'quantity']).execute()
  if (ended.length === 0 || !watcher) return ended.length
  const units = quantitiesByProduct(ended.map((row) => ({ productId: row.product_id, quantity: row.quantity })))
  const { available } = await availabilityOf(db, [...units.keys()], nowIso)
  report(units.keys(), available, (productId) => ({ ended: units.get(productId) ?? 0, taken: 0 }))
  return ended.length
}

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
  trx: Trx | DB,
  who: { userId: string; clientKey?: string | null; reusing?: string },
  now = new Date(),
): Promise<void> {
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
  const checks: [('user_id' | 'client_key'), string, number][] = [['user_id', who.userId, limits.unpaidCheckoutsPerHour]]
  if (who.clientKey) checks.push(['client_key', who.clientKey, limits.unpaidCheckoutsPerHour * SHOPPERS_PER_ADDRESS])
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
export function holdsStock(eb: ExpressionBuilder<Database, 'orders'>, now = new Date().toISOString()) {
  return eb.exists(
    eb.selectFrom('stock_holds as sh').select('sh.order_id').whereRef('sh.order_id', '=', 'orders.id').where('sh.expires_at', '>', now),
  )
}

/** When the order's live hold ends, or null when it holds nothing. */
export async function holdExpiry(db: DB, orderId: string, now = new Date()): Promise<string | null> {
  const row = await db
    .selectFrom('stock_holds')
    .select((eb) => eb.fn.max('expires_at').as('expires'))
    .where('order_id', '=', orderId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return row?.expires ?? null
}
