// Stock holds: starting payment holds the cart's quantities for a while, so that paying within the
// hold always gets the goods, and a shopper who cannot get a line is told before paying.
// The rules of docs/decisions/032-stock-holds-and-unpaid-checkouts.md, in one home:
// - available stock = total_stock minus the product's live holds (availableStock, the one SQL
//   expression every shopper-facing read uses); a hold is live while expires_at is in the future,
//   so an expired hold is ignored at once by every query and deleted later by the sweep;
// - a shopper has one live checkout: holding for an order first ends the same user's other holds;
// - holds end on payment (takeHeldStock), failure, cancel (releaseHolds) or expiry (sweepExpiredHolds).
import { type ExpressionBuilder, type RawBuilder, sql, type Transaction } from 'kysely'
import type { DB } from '../../db/database'
import { lockRows } from '../../db/dialect'
import type { Database } from '../../db/schema'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { Invalid } from './errors'

/** How long a started checkout holds its stock when the caller names no other time (HOLD_MINUTES). */
export const DEFAULT_HOLD_MINUTES = 15

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

/**
 * What shoppers may still take of each product at `now` (stock less live holds), read after locking
 * the products' rows in id order (PostgreSQL; a no-op on SQLite), so the answer holds until commit
 * and two checkouts or payments of overlapping carts cannot deadlock. `listedOnly` leaves out
 * deleted products (a new hold), which then count as none left.
 */
async function lockedAvailability(trx: Trx, productIds: string[], now: string, { listedOnly = false } = {}): Promise<Map<string, number>> {
  await lockRows(trx, 'products', productIds)
  let query = trx
    .selectFrom('products as p')
    .select(['p.id', availableStock('p', { now }).as('available')])
    .where('p.id', 'in', productIds)
  if (listedOnly) query = query.where('p.deleted_at', 'is', null)
  const rows = await query.execute()
  return new Map(rows.map((row) => [row.id, Number(row.available)]))
}

/**
 * Holds the lines for the order until `minutes` from now, inside the caller's transaction (with the
 * order's own insert, or alone for a retried checkout): first the user's earlier holds end (this
 * order's own included, so a retry refreshes rather than doubles them), then every product must have
 * its quantity available net of everyone else's live holds, else StockNotHeld names each short line
 * with what is left, and the transaction is rolled back by the throw.
 */
export async function holdStock(
  trx: Trx,
  hold: { orderId: string; userId: string; lines: HoldLine[]; minutes: number; now?: Date },
): Promise<{ expiresAt: string }> {
  const now = hold.now ?? new Date()
  const nowIso = now.toISOString()
  const expiresAt = new Date(now.getTime() + hold.minutes * 60_000).toISOString()
  await trx.deleteFrom('stock_holds').where('user_id', '=', hold.userId).execute()
  const wanted = quantitiesByProduct(hold.lines)
  if (wanted.size === 0) return { expiresAt }
  // Read what is left, then hold it: on PostgreSQL the products' rows stay locked until commit.
  const left = await lockedAvailability(trx, [...wanted.keys()], nowIso, { listedOnly: true })
  const messages = shortLineMessages(hold.lines.map((line) => ({ ...line, left: left.get(line.productId) ?? 0 })))
  if (messages.length) throw new StockNotHeld({ cart: messages })
  await trx
    .insertInto('stock_holds')
    .values([...wanted].map(([productId, quantity]) => ({ order_id: hold.orderId, product_id: productId, user_id: hold.userId, quantity, expires_at: expiresAt })))
    .execute()
  return { expiresAt }
}

/**
 * Payment came in: the order's own holds end and its lines leave the shelf, all or none, in the
 * caller's transaction (confirmPayment's). Stock other checkouts hold is not taken. True (and
 * nothing taken) when some line cannot be covered: the order's hold had expired and the stock
 * went to others.
 */
export async function takeHeldStock(trx: Trx, orderId: string, lines: { product_id: string; quantity: number }[], now: string): Promise<boolean> {
  await releaseHolds(trx, orderId)
  const wanted = quantitiesByProduct(lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })))
  if (wanted.size === 0) return false
  // The availability read stays true until the updates below (rows locked on PostgreSQL).
  const available = await lockedAvailability(trx, [...wanted.keys()], now)
  if (![...wanted].every(([id, quantity]) => (available.get(id) ?? 0) >= quantity)) return true
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
  return false
}

/** The order's holds end (payment failed, the order was cancelled or rejected). Idempotent. */
export async function releaseHolds(trx: Trx | DB, orderId: string): Promise<void> {
  await trx.deleteFrom('stock_holds').where('order_id', '=', orderId).execute()
}

/** Deletes holds that have expired (the queries ignore them already); answers how many. */
export async function sweepExpiredHolds(db: DB, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('stock_holds').where('expires_at', '<=', now.toISOString()).executeTakeFirst()
  return Number(result.numDeletedRows)
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
