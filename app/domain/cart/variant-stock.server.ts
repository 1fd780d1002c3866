// Stock per variant (docs/decisions/061-stock-per-variant.md): which stock a line draws on, what is
// left of each variant (its stock less the live holds on it), and the moves of a variant's stock,
// each written with products.total_stock (the sum of the product's variants) in the same statement
// sequence of the caller's transaction.
import { type RawBuilder, sql } from 'kysely'
import { AVAILABILITY_TOLD } from '~/lib/catalog'
import type { DB, Trx } from '../../../db/database'
import { compiledOnce } from '../../../db/compiled-once'
import { inJsonText } from '../../../db/dialect'
import { type ChoiceKey, keyOf, PRODUCT_STOCK, type VariantKey, variantOf } from '~/lib/variants'
import { clock } from '~/domain/clock'

export { keyOf, PRODUCT_STOCK, type VariantKey, variantOf }

/** A variant as the shop reads it: its stock, what may still be bought of it, and its own extras. */
export interface VariantStock extends VariantKey {
  productId: string
  /** The stock on the shelf (what the owner counts and edits). */
  stock: number
  /** The stock less the live holds on it (of everyone but the reader); may be below 0 after an edit. */
  available: number
  pricePaise: number | null
  salePricePaise: number | null
  sku: string | null
  image: string | null
  /** The variant's own making time (issue 27); null: its option's, else the product's. */
  madeToOrderDays: number | null
}

/** One string per stock a line can draw on (lines of one variant share it): for grouping lines. */
export function stockKey(productId: string, key: VariantKey | null): string {
  return key === null ? `${productId}\u0000none` : `${productId}\u0000${key.variety}\u0000${key.option2}\u0000${key.color}`
}

/**
 * What a line may draw on: its stock's key and how much is left of it. `productAvailable` is the
 * product's own (total stock less all its live holds), used when the product has no variants.
 */
export function lineStock(
  productId: string,
  variants: readonly VariantStock[],
  productAvailable: number,
  line: VariantKey,
): { key: string; variant: VariantKey | null; available: number } {
  const variant = variantOf(variants, line)
  const available = variant === null ? 0 : variants.length === 0 ? productAvailable : (variant as VariantStock).available
  return { key: stockKey(productId, variant), variant: variant === null ? null : keyOf(variant), available }
}

/**
 * In SQL, what may still be bought of the variant in `table` (a product_variants row): its stock
 * less the live holds on the same product and variant (of everyone but `exceptUserId`).
 */
export function variantAvailableSql(table: string, options: { now?: string; exceptUserId?: string } = {}): RawBuilder<number> {
  const now = options.now ?? clock.iso()
  const others = options.exceptUserId === undefined ? sql`` : sql` and sh.user_id <> ${options.exceptUserId}`
  const ref = (column: string) => sql.ref(`${table}.${column}`)
  return sql<number>`(${ref('stock')} - coalesce((select sum(sh.quantity) from stock_holds sh where sh.product_id = ${ref('product_id')} and sh.variety_name = ${ref('variety_name')} and sh.option2 = ${ref('option2')} and sh.color = ${ref('color')} and sh.expires_at > ${now}${others}), 0))`
}

function variantsQuery(db: DB, ids: string, options: { now: string; exceptUserId?: string }) {
  return db
    .selectFrom('product_variants as pv')
    .select([
      'pv.product_id',
      'pv.variety_name',
      'pv.option2',
      'pv.color',
      'pv.stock',
      'pv.price_paise',
      'pv.sale_price_paise',
      'pv.sku',
      'pv.image',
      'pv.made_to_order_days',
      variantAvailableSql('pv', options).as('available'),
    ])
    .where(inJsonText('pv.product_id', ids))
    .orderBy('pv.product_id')
    .orderBy('pv.position')
}

/** Compiled once, with every live hold counted or all but one shopper's: every cart read asks it (ADR 118). */
const variantRows = {
  everyone: compiledOnce((db: DB, { ids, now }: { ids: string; now: string }) => variantsQuery(db, ids, { now })),
  others: compiledOnce((db: DB, { ids, now, exceptUserId }: { ids: string; now: string; exceptUserId: string }) =>
    variantsQuery(db, ids, { now, exceptUserId }),
  ),
}

/** The variants of each product (in the owner's order), with what is left of each; none for products without. */
export async function variantsOf(
  db: DB,
  productIds: readonly string[],
  options: { now?: string; exceptUserId?: string } = {},
): Promise<Map<string, VariantStock[]>> {
  const byProduct = new Map<string, VariantStock[]>()
  if (productIds.length === 0) return byProduct
  const ids = JSON.stringify([...new Set(productIds)])
  const now = options.now ?? clock.iso()
  const rows =
    options.exceptUserId === undefined
      ? await variantRows.everyone(db, { ids, now })
      : await variantRows.others(db, { ids, now, exceptUserId: options.exceptUserId })
  for (const row of rows) {
    const variant: VariantStock = {
      productId: row.product_id,
      variety: row.variety_name,
      option2: row.option2,
      color: row.color,
      stock: row.stock,
      available: Number(row.available),
      pricePaise: row.price_paise,
      salePricePaise: row.sale_price_paise,
      sku: row.sku,
      image: row.image,
      madeToOrderDays: row.made_to_order_days,
    }
    byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), variant])
  }
  return byProduct
}

/**
 * Takes `quantity` of a variant off the shelf with the product's total, in the caller's transaction,
 * only while that much of the variant is left net of the live holds at `now` (a payment's own holds
 * have ended before). False, and nothing taken, when it is not.
 */
export async function takeVariantStock(trx: Trx, productId: string, key: VariantKey, quantity: number, now: string): Promise<boolean> {
  const taken = await trx
    .updateTable('product_variants as pv')
    .set({ stock: sql`stock - ${quantity}` })
    .where('pv.product_id', '=', productId)
    .where('pv.variety_name', '=', key.variety)
    .where('pv.option2', '=', key.option2)
    .where('pv.color', '=', key.color)
    .where(variantAvailableSql('pv', { now }), '>=', quantity)
    // The payment that takes it tells what this changes (reportAvailability).
    .modifyEnd(sql.raw(AVAILABILITY_TOLD))
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 0) return false
  await trx
    .updateTable('products')
    .set({ total_stock: sql`total_stock - ${quantity}`, updated_at: now })
    .where('id', '=', productId)
    .modifyEnd(sql.raw(AVAILABILITY_TOLD))
    .execute()
  return true
}

/**
 * Puts `quantity` back on the shelf for a line (variety, option2, color) of an order that gave its stock back:
 * to the variant the line draws on now, with the product's total. A product without variants takes
 * it on its own stock; a line whose variant is gone gives nothing back (there is no shelf for it).
 * Answers the shelf it went to (null: none).
 */
export async function returnLineStock(trx: Trx, productId: string, line: ChoiceKey, quantity: number, now: string): Promise<VariantKey | null> {
  const variants = await trx
    .selectFrom('product_variants')
    .select(['variety_name as variety', 'option2', 'color'])
    .where('product_id', '=', productId)
    .execute()
  const variant = variantOf(variants, keyOf(line))
  if (variant === null) return null
  if (variants.length > 0) {
    await trx
      .updateTable('product_variants')
      .set({ stock: sql`stock + ${quantity}` })
      .where('product_id', '=', productId)
      .where('variety_name', '=', variant.variety)
      .where('option2', '=', variant.option2)
      .where('color', '=', variant.color)
      .execute()
  }
  await trx.updateTable('products').set({ total_stock: sql`total_stock + ${quantity}`, updated_at: now }).where('id', '=', productId).execute()
  return keyOf(variant)
}

/** Writes the product's total stock as the sum of its variants' (a product with variants only). */
export async function syncTotalStock(trx: Trx, productId: string): Promise<void> {
  await trx
    .updateTable('products')
    .set({ total_stock: sql`(select coalesce(sum(pv.stock), 0) from product_variants pv where pv.product_id = products.id)` })
    .where('id', '=', productId)
    .where(sql<boolean>`exists (select 1 from product_variants pv where pv.product_id = products.id)`)
    .execute()
}
