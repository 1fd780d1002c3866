// What shoppers may buy of a product: its stock less the live stock holds (ADR 032), read in SQL by
// every shopper-facing query (cards, the product page, the listing's filter, the cart, the stock
// taken at payment), and each change of it told to the watcher (the page cache, ADR 050). A hold is
// live while expires_at is in the future, so an expired hold is ignored at once by every query.
import { type RawBuilder, sql, } from 'kysely'
import type { DB, Trx } from '../../../db/database'
import { lockRows } from '../../../db/dialect'
import { clock } from '~/domain/clock'


/** What shoppers may buy of a product (availableStock, never below 0) before and after a change of holds or stock. */
export interface AvailabilityChange {
  productId: string
  before: number
  after: number
  /** The product's stock is by variant: its page shows each variant sold out or not (ADR 103). */
  byVariant: boolean
}

/** What shoppers may take of some products at one moment (availabilityOf). */
export interface Availability {
  available: Map<string, number>
  /** Those not deleted. */
  listed: Set<string>
  /** Those whose stock is by variant (ADR 061). */
  byVariant: Set<string>
}

/** Told of each change of availability the holds make (set once at start: the page cache, ADR 050). */
export type AvailabilityWatcher = (changes: AvailabilityChange[]) => void

let watcher: AvailabilityWatcher | null = null

export function watchAvailability(next: AvailabilityWatcher | null): void {
  watcher = next
}

export function isWatched(): boolean {
  return watcher !== null
}

/**
 * Tells the watcher what changed: per product, what shoppers could buy before (the holds that ended
 * counted as live, as a page rendered while they were showed it) and after.
 */
export function reportAvailability(
  products: Iterable<string>,
  { available, byVariant }: Availability,
  delta: (productId: string) => { ended: number; taken: number },
): void {
  if (!watcher) return
  const changes: AvailabilityChange[] = []
  for (const productId of products) {
    const now = available.get(productId) ?? 0
    const { ended, taken } = delta(productId)
    const change = { productId, before: Math.max(0, now - ended), after: Math.max(0, now - taken), byVariant: byVariant.has(productId) }
    if (change.before !== change.after) changes.push(change)
  }
  if (changes.length) watcher(changes)
}

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
  const now = options.now ?? clock.iso()
  return sql<number>`(${sql.ref(`${table}.total_stock`)} - ${heldUnits(table, now, options.exceptUserId)})`
}

/**
 * "Shoppers can buy some of it", in SQL, for filtering many rows (the listing's availability filter):
 * the same rule as availableStock(...) > 0, written as one uncorrelated set of the products live holds
 * have taken entirely, so SQLite works it out once per query instead of once per product.
 */
export function inStockNow(table: string, options: { now?: string } = {}): RawBuilder<boolean> {
  const now = options.now ?? clock.iso()
  const id = sql.ref(`${table}.id`)
  return sql<boolean>`(${sql.ref(`${table}.total_stock`)} > 0 and ${id} not in (select sh.product_id from stock_holds sh join products hp on hp.id = sh.product_id where sh.expires_at > ${now} group by sh.product_id, hp.total_stock having hp.total_stock - sum(sh.quantity) <= 0))`
}

/** The quantity wanted of each product: lines of one product (other varieties or colours) share its stock. */
export function quantitiesByProduct(lines: { productId: string; quantity: number }[]): Map<string, number> {
  const wanted = new Map<string, number>()
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity)
  return wanted
}

/** What shoppers may still take of each product at `now` (stock less live holds). */
export async function availabilityOf(trx: DB, productIds: string[], now: string): Promise<Availability> {
  const rows = await trx
    .selectFrom('products as p')
    .select([
      'p.id',
      'p.deleted_at',
      availableStock('p', { now }).as('available'),
      sql<number>`case when exists (select 1 from product_variants pv where pv.product_id = p.id) then 1 else 0 end`.as('by_variant'),
    ])
    .where('p.id', 'in', productIds)
    .execute()
  return {
    available: new Map(rows.map((row) => [row.id, Number(row.available)])),
    listed: new Set(rows.filter((row) => row.deleted_at === null).map((row) => row.id)),
    byVariant: new Set(rows.filter((row) => Number(row.by_variant) === 1).map((row) => row.id)),
  }
}

/**
 * availabilityOf, read after locking the products' rows in id order (PostgreSQL; a no-op on SQLite),
 * so the answer holds until commit and two checkouts or payments of overlapping carts cannot
 * deadlock. A new hold counts a deleted product (not `listed`) as none left.
 */
export async function lockedAvailability(trx: Trx, productIds: string[], now: string): Promise<Availability> {
  await lockRows(trx, 'products', productIds)
  return availabilityOf(trx, productIds, now)
}
