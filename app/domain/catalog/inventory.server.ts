// The inventory (issue 27, ADR 064): every shelf the shop sells from (each variant, or the product's
// own stock for a product without variants) with its stock, what live checkouts hold of it and what
// sold in the last 30 days; and the one way the owner sets many stocks at once (the inventory page,
// a CSV import), all or none, each change recorded in the stock history.
import { type ExpressionBuilder, sql } from 'kysely'
import type { DB, Trx } from '../../../db/database'
import type { Database } from '../../../db/schema'
import { lockRows } from '../../../db/dialect'
import { INVENTORY_PAGE_SIZE, MAX_STOCK, SOLD_WINDOW_DAYS, type StockMovementReason } from '~/lib/inventory'
import { LOW_STOCK_THRESHOLD, optionLabelOf, type VarietyType } from '~/lib/catalog'
import type { Priced } from '~/lib/pricing'
import { clock } from '~/domain/clock'
import { Invalid, type FieldErrors } from '~/domain/errors'
import { type Page, readPage } from '~/domain/paging.server'
import { keyOf, PRODUCT_STOCK, stockKey, syncTotalStock, type VariantKey, variantOf } from '~/domain/cart/variant-stock.server'
import { type ChoiceKey, sameVariant } from '~/lib/variants'
import { recordStockMovements, type StockMovement } from './stock-history.server'
import { planPrice, type SellAt, type ShelfPrices, shelfPrices, writeOwnPrices } from './variant-prices.server'

/** One shelf: a variant of a product, or a product's own stock (variety and color ''). */
export interface InventoryRow extends VariantKey {
  productId: string
  title: string
  /** The owner's names of the option groups ('' when the product has none). */
  optionLabel: string
  option2Label: string
  sku: string | null
  stock: number
  /** Units live checkouts hold (not yet paid). */
  held: number
  /** Units of paid orders (not cancelled or rejected) in the last SOLD_WINDOW_DAYS days. */
  sold: number
  /** What a line of it costs now, and whether it may have a price of its own (a shelf keyed by colour; ADR 071). */
  sellsAt: Priced
  ownPriceAllowed: boolean
}

export type StockFilter = 'all' | 'low' | 'out'

/** Every shelf: the variants of products that have them, else the product's own stock, not deleted. */
export function shelves(db: DB) {
  const variants = db
    .selectFrom('product_variants as pv')
    .innerJoin('products as p', 'p.id', 'pv.product_id')
    .where('p.deleted_at', 'is', null)
    .select(['p.id as productId', 'p.title', 'p.option_label as optionLabel', 'p.option2_label as option2Label', 'p.variety_type as varietyType', 'pv.variety_name as variety', 'pv.option2', 'pv.color', 'pv.stock', 'pv.sku', 'pv.position'])
  const own = db
    .selectFrom('products as p')
    .where('p.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('product_variants as v').select('v.product_id').whereRef('v.product_id', '=', 'p.id'))))
    .select([
      'p.id as productId',
      'p.title',
      sql<string>`''`.as('optionLabel'),
      sql<string>`''`.as('option2Label'),
      sql<VarietyType | null>`null`.as('varietyType'),
      sql<string>`''`.as('variety'),
      sql<string>`''`.as('option2'),
      sql<string>`''`.as('color'),
      'p.total_stock as stock',
      'p.sku',
      sql<number>`0`.as('position'),
    ])
  return db.selectFrom(variants.unionAll(own).as('s'))
}

/**
 * A page of shelves, by product title then the owner's order of variants, with what is held and
 * sold of each. `q` keeps those whose title, option, colour or SKU contains it; `stock` keeps the
 * low (below LOW_STOCK_THRESHOLD, as the card's 'Only N items left') or sold-out ones.
 */
export async function listInventory(db: DB, options: { q?: string; stock?: StockFilter; page?: number } = {}): Promise<Page<InventoryRow>> {
  let matching = shelves(db)
  const q = (options.q ?? '').trim().toLowerCase().slice(0, 100)
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    matching = matching.where((eb) =>
      eb.or(
        (['s.title', 's.variety', 's.option2', 's.color', 's.sku'] as const).map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '\\'`),
      ),
    )
  }
  if (options.stock === 'low') matching = matching.where('s.stock', '<', LOW_STOCK_THRESHOLD)
  if (options.stock === 'out') matching = matching.where('s.stock', '<=', 0)
  const page = await readPage(matching, (query) => query.selectAll().orderBy('s.title').orderBy('s.productId').orderBy('s.position'), {
    page: options.page,
    pageSize: INVENTORY_PAGE_SIZE,
  })
  const productIds = [...new Set(page.items.map((row) => row.productId))]
  const [held, sold, prices] = await Promise.all([heldByShelf(db, productIds), soldByShelf(db, productIds), shelfPrices(db, productIds)])
  return {
    ...page,
    items: page.items.map((row) => {
      const key = stockKey(row.productId, row)
      return {
        productId: row.productId,
        title: row.title,
        optionLabel: optionLabelOf(row.optionLabel, row.varietyType),
        option2Label: row.option2Label,
        variety: row.variety,
        option2: row.option2,
        color: row.color,
        sku: row.sku,
        stock: Number(row.stock),
        held: held.get(key) ?? 0,
        sold: sold.get(key) ?? 0,
        sellsAt: prices.get(key)?.sellsAt ?? { pricePaise: 0, salePricePaise: 0 },
        ownPriceAllowed: prices.get(key)?.ownAllowed ?? false,
      }
    }),
  }
}

/** Units held by live holds, by shelf (a hold names the shelf it holds: ADR 061). */
async function heldByShelf(db: DB, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('stock_holds')
    .select((eb) => ['product_id', 'variety_name', 'option2', 'color', eb.fn.sum<number>('quantity').as('units')])
    .where('product_id', 'in', productIds)
    .where('expires_at', '>', clock.iso())
    .groupBy(['product_id', 'variety_name', 'option2', 'color'])
    .execute()
  return new Map(rows.map((row) => [stockKey(row.product_id, { variety: row.variety_name, option2: row.option2, color: row.color }), Number(row.units)]))
}

/** Units sold in the window, by the shelf each line draws on now (variantOf, the one rule). */
async function soldByShelf(db: DB, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map()
  const since = new Date(clock.now().getTime() - SOLD_WINDOW_DAYS * 86_400_000).toISOString()
  const [lines, variants] = await Promise.all([
    db
      .selectFrom('order_lines as ol')
      .innerJoin('orders as o', 'o.id', 'ol.order_id')
      .select((eb) => ['ol.product_id', 'ol.variety_name', 'ol.option2', 'ol.color', eb.fn.sum<number>('ol.quantity').as('units')])
      .where('ol.product_id', 'in', productIds)
      .where('o.payment_status', '=', 'paid')
      .where('o.order_status', 'not in', ['cancelled', 'rejected'])
      .where('o.order_date', '>=', since)
      .groupBy(['ol.product_id', 'ol.variety_name', 'ol.option2', 'ol.color'])
      .execute(),
    db.selectFrom('product_variants').select(['product_id', 'variety_name as variety', 'option2', 'color']).where('product_id', 'in', productIds).execute(),
  ])
  const sold = new Map<string, number>()
  for (const line of lines) {
    const shelf = variantOf(
      variants.filter((variant) => variant.product_id === line.product_id),
      { variety: line.variety_name, option2: line.option2, color: line.color },
    )
    if (shelf === null) continue
    const key = stockKey(line.product_id, shelf)
    sold.set(key, (sold.get(key) ?? 0) + Number(line.units))
  }
  return sold
}

/** A new count for one shelf, with the count the owner saw (a sale meanwhile must not be overwritten unseen). */
export interface StockCount extends ChoiceKey {
  productId: string
  stock: number
  /** The stock shown when the owner typed; undefined to set it whatever it is now (an import's choice). */
  seen?: number
  /** A new SKU ('' for none); undefined leaves it as it is. */
  sku?: string
  /** The price it is to sell at (ADR 071: a shelf keyed by colour keeps its own); undefined leaves it as it is. */
  sellAt?: SellAt
}

/** A count with its second option named ('' for none). */
type KeyedCount = StockCount & VariantKey

/**
 * Sets the shelves' stock, all or none, in one transaction, each change recorded in the history with
 * its reason and admin; products' totals follow their variants'. Errors are keyed by the count's
 * index (`${index}`): a stock out of range, a shelf that no longer exists, or one whose stock moved
 * since the owner saw it. Answers how many shelves changed.
 */
export function setStockCounts(db: DB, given: readonly StockCount[], by: CountedBy): Promise<number> {
  return db.transaction().execute((trx) => writeStockCounts(trx, given, by))
}

type CountedBy = { actorId: string; reason: Extract<StockMovementReason, 'admin-edit' | 'import'>; note?: string }

/**
 * setStockCounts in the caller's transaction (the CSV import's, which writes the products' own columns
 * with them). `more` does the caller's part once the products' rows are locked and answers its
 * problems, refused (all rolled back) with the counts' own.
 */
export async function writeStockCounts(trx: Trx, given: readonly StockCount[], by: CountedBy, more: (trx: Trx) => Promise<FieldErrors> = async () => ({})): Promise<number> {
  const errors: FieldErrors = {}
  given.forEach((count, index) => {
    if (!Number.isInteger(count.stock) || count.stock < 0 || count.stock > MAX_STOCK) {
      errors[String(index)] = [`Stock must be a whole number from 0 to ${MAX_STOCK}`]
    }
  })
  if (Object.keys(errors).length > 0) throw new Invalid(errors)
  // A count that does not name a second option names none (ADR 077).
  const counts: KeyedCount[] = given.map((count) => ({ ...count, option2: count.option2 ?? '' }))
  const productIds = [...new Set(counts.map((count) => count.productId))].sort()
  await lockRows(trx, 'products', productIds)
  const [current, prices] = await Promise.all([currentStocks(trx, productIds), shelfPrices(trx, productIds)])
  const movements: StockMovement[] = []
  const repriced: { count: KeyedCount; own: { pricePaise: number | null; salePricePaise: number | null } }[] = []
  counts.forEach((count, index) => {
    const shelf = current.get(count.productId)
    const now = shelf?.get(stockKey(count.productId, count))
    const price = count.sellAt && prices.has(stockKey(count.productId, count)) ? planPrice(prices.get(stockKey(count.productId, count)) as ShelfPrices, count.sellAt, count) : {}
    if (now === undefined) errors[String(index)] = ['This piece or option no longer exists']
    else if (count.seen !== undefined && now !== count.seen) errors[String(index)] = [`Changed to ${now} since you opened the page; check it and save again`]
    else if (price.problem) errors[String(index)] = [price.problem]
    else movements.push({ productId: count.productId, key: keyOf(count), change: count.stock - now, stockAfter: count.stock, reason: by.reason, actorId: by.actorId, note: by.note })
    if (price.own) repriced.push({ count, own: price.own })
  })
  for (const [key, messages] of Object.entries(await more(trx))) errors[key] = [...(errors[key] ?? []), ...messages]
  if (Object.keys(errors).length > 0) throw new Invalid(errors)
  const changed = movements.filter((movement) => movement.change !== 0)
  const at = clock.iso()
  for (const movement of changed) await writeShelf(trx, movement.productId, movement.key, movement.stockAfter, at)
  for (const productId of new Set(changed.map((movement) => movement.productId))) await syncTotalStock(trx, productId)
  await recordStockMovements(trx, changed)
  const renamed = await writeSkus(trx, counts.filter((count) => count.sku !== undefined))
  for (const { count, own } of repriced) await writeOwnPrices(trx, count.productId, count, own)
  const keys = new Set([
    ...changed.map((movement) => stockKey(movement.productId, movement.key)),
    ...renamed,
    ...repriced.map(({ count }) => stockKey(count.productId, count)),
  ])
  return keys.size
}

/** Rows whose `sku` is not `sku` already (null for none). */
const skuDiffers = (sku: string | null) => (eb: ExpressionBuilder<Database, 'product_variants' | 'products'>) =>
  sku === null ? eb('sku', 'is not', null) : eb.or([eb('sku', 'is', null), eb('sku', '!=', sku)])

/** Writes the counts' SKUs ('' clears one) where they differ; answers the stockKeys of the shelves whose SKU changed. */
async function writeSkus(trx: Trx, counts: readonly KeyedCount[]): Promise<string[]> {
  const renamed: string[] = []
  for (const count of counts) {
    const sku = count.sku?.trim() || null
    const own = sameVariant(count, PRODUCT_STOCK)
    const variant = await trx
      .updateTable('product_variants')
      .set({ sku })
      .where('product_id', '=', count.productId)
      .where('variety_name', '=', count.variety)
      .where('option2', '=', count.option2)
      .where('color', '=', count.color)
      .where(skuDiffers(sku))
      .executeTakeFirst()
    let updated = Number(variant.numUpdatedRows)
    if (updated === 0 && own) {
      const product = await trx
        .updateTable('products')
        .set({ sku })
        .where('id', '=', count.productId)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('product_variants as v').select('v.product_id').where('v.product_id', '=', count.productId))))
        .where(skuDiffers(sku))
        .executeTakeFirst()
      updated = Number(product.numUpdatedRows)
    }
    if (updated > 0) renamed.push(stockKey(count.productId, count))
  }
  return renamed
}

/** The stock of every shelf of the products, by stockKey: variants, or the product's own stock. */
async function currentStocks(trx: Trx, productIds: string[]): Promise<Map<string, Map<string, number>>> {
  const byProduct = new Map<string, Map<string, number>>()
  if (productIds.length === 0) return byProduct
  const [products, variants] = await Promise.all([
    trx.selectFrom('products').select(['id', 'total_stock']).where('id', 'in', productIds).where('deleted_at', 'is', null).execute(),
    trx.selectFrom('product_variants').select(['product_id', 'variety_name', 'option2', 'color', 'stock']).where('product_id', 'in', productIds).execute(),
  ])
  for (const product of products) byProduct.set(product.id, new Map())
  for (const variant of variants) byProduct.get(variant.product_id)?.set(stockKey(variant.product_id, { variety: variant.variety_name, option2: variant.option2, color: variant.color }), variant.stock)
  for (const product of products) {
    const shelves = byProduct.get(product.id)
    if (shelves && shelves.size === 0) shelves.set(stockKey(product.id, PRODUCT_STOCK), product.total_stock)
  }
  return byProduct
}

async function writeShelf(trx: Trx, productId: string, key: VariantKey, stock: number, at: string): Promise<void> {
  if (sameVariant(key, PRODUCT_STOCK)) {
    const variant = await trx.updateTable('product_variants').set({ stock }).where('product_id', '=', productId).where('variety_name', '=', '').where('option2', '=', '').where('color', '=', '').executeTakeFirst()
    if (Number(variant.numUpdatedRows) > 0) return
    await trx.updateTable('products').set({ total_stock: stock, updated_at: at }).where('id', '=', productId).execute()
    return
  }
  await trx.updateTable('product_variants').set({ stock }).where('product_id', '=', productId).where('variety_name', '=', key.variety).where('option2', '=', key.option2).where('color', '=', key.color).execute()
  await trx.updateTable('products').set({ updated_at: at }).where('id', '=', productId).execute()
}
