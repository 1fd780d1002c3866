// Stock holds: starting payment holds the cart's quantities for a while, so that paying within the
// hold always gets the goods, and a shopper who cannot get a line is told before paying.
// The rules of docs/decisions/032-stock-holds-and-unpaid-checkouts.md and 050:
// - a shopper has one live checkout: holding for an order first ends the same user's other holds,
//   one checkout of theirs after another;
// - a shopper, and a client address, hold at most maxUnitsPerOrder units of one product;
// - holds end on payment (takeHeldStock), failure, cancel (releaseHolds) or expiry (sweepExpiredHolds);
// - every change of availability is told to the watcher (availability.server.ts, which also holds
//   the one SQL expression of what is left); the hour's limit on unpaid checkouts is in
//   unpaid-checkouts.server.ts.
import { sql, } from 'kysely'
import type { DB, Trx } from '../../../db/database'
import { lockCounter } from '../../../db/dialect'
import { AVAILABILITY_TOLD } from '~/lib/catalog'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { clock } from '~/domain/clock'
import { Invalid } from '~/domain/errors'
import { domainSettings } from '~/domain/settings.server'
import { availabilityOf, availableStock, isWatched, lockedAvailability, quantitiesByProduct, reportAvailability } from './availability.server'
import { sameVariant } from '~/lib/variants'
import { lineStock, PRODUCT_STOCK, takeVariantStock, type VariantKey, variantsOf } from './variant-stock.server'
import { recordShelfChanges } from '~/domain/catalog/stock-history.server'


/** A line of a checkout to hold: the product, the words that name the line, and the quantity. */
export interface HoldLine {
  productId: string
  title: string
  variety: string
  /** The second group's option (ADR 077); not given: none. */
  option2?: string
  color: string
  quantity: number
}

/** How a line is named to the shopper: 'Ocean vase (Large, Gold chain, Teal)'. */
export function lineLabel(line: { title: string; variety: string; option2?: string; color: string }): string {
  const options = [line.variety, line.option2 ?? '', line.color].filter(Boolean)
  return options.length ? `${line.title} (${options.join(', ')})` : line.title
}

/**
 * The shopper is told, line by line, what cannot be held and how many are left; nothing was held.
 * An Invalid on the `cart` field, so the checkout page and the /api answer it like any cart error.
 */
export class StockNotHeld extends Invalid {}

/**
 * The messages for lines wanting more than `left` of the stock they draw on (`stockKey`: the
 * product's, or one variant's, ADR 061; the product when not given); lines of one stock (other
 * varieties or colours of a product without variants) share it and are named together.
 */
export function shortLineMessages(lines: (HoldLine & { left: number; stockKey?: string })[]): string[] {
  const byStock = new Map<string, (HoldLine & { left: number })[]>()
  for (const line of lines) {
    const key = line.stockKey ?? line.productId
    byStock.set(key, [...(byStock.get(key) ?? []), line])
  }
  const messages: string[] = []
  for (const group of byStock.values()) {
    const wanted = group.reduce((sum, line) => sum + line.quantity, 0)
    const left = Math.max(0, group[0]?.left ?? 0)
    if (wanted > left) messages.push(CHECKOUT_MESSAGES.notHeld(group.map(lineLabel).join(' and '), left))
  }
  return messages
}

/**
 * Each line with the stock it draws on (its variant's, or the product's: variant-stock.server.ts)
 * and what is left of it: `available` is the products' availability, `listed` those not deleted
 * (a deleted product has none left).
 */
async function linesWithStock(
  trx: DB,
  lines: HoldLine[],
  stock: { available: Map<string, number>; listed: Set<string> },
  now: string,
): Promise<(HoldLine & { left: number; stockKey: string; variant: VariantKey | null })[]> {
  const variants = await variantsOf(trx, lines.map((line) => line.productId), { now })
  return lines.map((line) => {
    const key = { variety: line.variety, option2: line.option2 ?? '', color: line.color }
    const found = lineStock(line.productId, variants.get(line.productId) ?? [], stock.available.get(line.productId) ?? 0, key)
    return { ...line, left: stock.listed.has(line.productId) ? found.available : 0, stockKey: found.key, variant: found.variant }
  })
}

/** Ends the holds of an order, or of a user, and answers the units they held, by product. */
async function endHolds(trx: DB, of: { orderId: string } | { userId: string }): Promise<Map<string, number>> {
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
 * Holds the lines for the order for the hold time (HOLD_MINUTES), inside the caller's transaction (with the
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
  hold: { orderId: string; userId: string; lines: HoldLine[]; now?: Date; clientKey?: string | null },
): Promise<{ expiresAt: string }> {
  const now = hold.now ?? clock.now()
  const nowIso = now.toISOString()
  const { holdMinutes, maxUnitsPerOrder: max } = domainSettings().checkout
  const expiresAt = new Date(now.getTime() + holdMinutes * 60_000).toISOString()
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
  const availability = await lockedAvailability(trx, touched, nowIso)
  const lines = await linesWithStock(trx, hold.lines, availability, nowIso)
  const messages = shortLineMessages(lines)
  if (hold.clientKey && wanted.size > 0) {
    const nearby = await heldFromAddress(trx, [...wanted.keys()], hold.clientKey, nowIso)
    const wantedOfStock = new Map<string, number>()
    for (const line of lines) wantedOfStock.set(line.stockKey, (wantedOfStock.get(line.stockKey) ?? 0) + line.quantity)
    const short = new Set(lines.filter((line) => (wantedOfStock.get(line.stockKey) ?? 0) > line.left).map((line) => line.productId))
    for (const [productId, quantity] of wanted) {
      const room = Math.max(0, max - (nearby.get(productId) ?? 0))
      if (short.has(productId) || quantity <= room) continue
      const names = hold.lines.filter((line) => line.productId === productId).map(lineLabel)
      messages.push(CHECKOUT_MESSAGES.heldNearby(names.join(' and '), room, max))
    }
  }
  if (messages.length) throw new StockNotHeld({ cart: messages })
  if (wanted.size > 0) {
    // One hold per product and variant held (ADR 061, 077): the variant's key, '' for each part for the product's own stock.
    const held = new Map<string, { product_id: string; variety_name: string; option2: string; color: string; quantity: number }>()
    for (const line of lines) {
      const variant = line.variant ?? PRODUCT_STOCK
      const row = held.get(line.stockKey) ?? { product_id: line.productId, variety_name: variant.variety, option2: variant.option2, color: variant.color, quantity: 0 }
      held.set(line.stockKey, { ...row, quantity: row.quantity + line.quantity })
    }
    await trx
      .insertInto('stock_holds')
      .values([...held.values()].map((row) => ({ order_id: hold.orderId, user_id: hold.userId, expires_at: expiresAt, ...row })))
      .execute()
  }
  reportAvailability(touched, availability, (productId) => ({ ended: ended.get(productId) ?? 0, taken: wanted.get(productId) ?? 0 }))
  return { expiresAt }
}

/**
 * Payment came in: the order's own holds end and its lines leave the shelf, all or none, in the
 * caller's transaction (confirmPayment's): a line of a variant from the variant and the product's
 * total together (ADR 061), else from the product's stock. Stock other checkouts hold is not taken.
 * True (and nothing taken) when some line cannot be covered: the order's hold had expired and the
 * stock went to others.
 */
export async function takeHeldStock(
  trx: Trx,
  orderId: string,
  lines: { product_id: string; quantity: number; variety_name?: string; option2?: string; color?: string }[],
  now: string,
): Promise<boolean> {
  const ended = await endHolds(trx, { orderId })
  const wanted = quantitiesByProduct(lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })))
  const touched = [...new Set([...wanted.keys(), ...ended.keys()])]
  if (touched.length === 0) return false
  // The availability read stays true until the updates below (rows locked on PostgreSQL).
  const availability = await lockedAvailability(trx, touched, now)
  const holdLines = lines.map((line) => ({
    productId: line.product_id,
    title: line.product_id,
    variety: line.variety_name ?? '',
    option2: line.option2 ?? '',
    color: line.color ?? '',
    quantity: line.quantity,
  }))
  // A deleted product's stock is still taken for an order paid for it, as before.
  const withStock = await linesWithStock(trx, holdLines, { ...availability, listed: new Set(touched) }, now)
  const endedOnly = (productId: string) => ({ ended: ended.get(productId) ?? 0, taken: 0 })
  const takes = new Map<string, { productId: string; variant: VariantKey | null; quantity: number; left: number }>()
  for (const line of withStock) {
    const take = takes.get(line.stockKey) ?? { productId: line.productId, variant: line.variant, quantity: 0, left: line.left }
    takes.set(line.stockKey, { ...take, quantity: take.quantity + line.quantity })
  }
  if (wanted.size === 0 || ![...takes.values()].every((take) => take.variant !== null && take.left >= take.quantity)) {
    reportAvailability(ended.keys(), availability, endedOnly)
    return wanted.size > 0
  }
  for (const take of takes.values()) {
    const variant = take.variant as VariantKey
    const taken =
      sameVariant(variant, PRODUCT_STOCK)
        ? await takeProductStock(trx, take.productId, take.quantity, now)
        : await takeVariantStock(trx, take.productId, variant, take.quantity, now)
    // Checked above in this transaction; should another writer have won meanwhile (a database
    // without SQLite's single writer), nothing of this confirmation is kept.
    if (!taken) throw new Error(`Stock of ${take.productId} changed during confirmation`)
  }
  const sold = [...takes.values()].map((take) => ({ productId: take.productId, key: take.variant as VariantKey, change: -take.quantity }))
  await recordShelfChanges(trx, sold, { reason: 'sale', orderId })
  // Paid within the hold, what shoppers may buy is as it was: the held units are now gone from the shelf.
  reportAvailability(touched, availability, (productId) => ({ ended: ended.get(productId) ?? 0, taken: wanted.get(productId) ?? 0 }))
  return false
}

/** Takes `quantity` off a product without variants, only while that much is left net of live holds. */
async function takeProductStock(trx: Trx, productId: string, quantity: number, now: string): Promise<boolean> {
  const taken = await trx
    .updateTable('products')
    .set({ total_stock: sql`total_stock - ${quantity}`, updated_at: now })
    .where('id', '=', productId)
    .where(availableStock('products', { now }), '>=', quantity)
    // confirmHolds tells what this changes (reportAvailability).
    .modifyEnd(sql.raw(AVAILABILITY_TOLD))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) > 0
}

/** The order's holds end (payment failed, the order was cancelled or rejected). Idempotent. */
export async function releaseHolds(trx: DB, orderId: string): Promise<void> {
  const ended = await endHolds(trx, { orderId })
  if (ended.size === 0 || !isWatched()) return
  const availability = await availabilityOf(trx, [...ended.keys()], clock.iso())
  reportAvailability(ended.keys(), availability, (productId) => ({ ended: ended.get(productId) ?? 0, taken: 0 }))
}

/**
 * Deletes holds that have expired (the queries ignore them already) and tells what their end gave
 * back (pages rendered while they were live showed less); answers how many.
 */
export async function sweepExpiredHolds(db: DB, now = clock.now()): Promise<number> {
  const nowIso = now.toISOString()
  const ended = await db.deleteFrom('stock_holds').where('expires_at', '<=', nowIso).returning(['product_id', 'quantity']).execute()
  if (ended.length === 0 || !isWatched()) return ended.length
  const units = quantitiesByProduct(ended.map((row) => ({ productId: row.product_id, quantity: row.quantity })))
  const availability = await availabilityOf(db, [...units.keys()], nowIso)
  reportAvailability(units.keys(), availability, (productId) => ({ ended: units.get(productId) ?? 0, taken: 0 }))
  return ended.length
}

/** When the order's live hold ends, or null when it holds nothing. */
export async function holdExpiry(db: DB, orderId: string, now = clock.now()): Promise<string | null> {
  const row = await db
    .selectFrom('stock_holds')
    .select((eb) => eb.fn.max('expires_at').as('expires'))
    .where('order_id', '=', orderId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return row?.expires ?? null
}
