// The admin's stock per variant (docs/decisions/061-stock-per-variant.md): the variants a product
// input gives (stock on options, by colour on options, or by colour alone), written with the
// product in the admin's transaction, the product's total_stock being their sum.
import type { Trx } from '../../../db/database'
import type { ProductInput } from '~/schemas/product'
import { syncTotalStock, type VariantKey } from '~/domain/cart/variant-stock.server'
import { sameVariant } from '~/lib/variants'

/** A variant's stock as the admin gives it, and its own prices (ADR 071): undefined keeps them, null clears one. */
export interface VariantStockInput extends VariantKey {
  stock: number
  pricePaise?: number | null
  salePricePaise?: number | null
}

/** The stock an editor started from (ADR 061): a variant's key (its second option '' when not given) and stock. */
export type SeenStock = { variety: string; option2?: string; color: string; stock: number }

type PricesByColor = { priceByColor?: Record<string, number>; salePriceByColor?: Record<string, number> }

/** A colour's own prices as given beside its stock: a map given without the colour clears it, a map not given keeps it. */
function ownPrices(given: PricesByColor, color: string): Pick<VariantStockInput, 'pricePaise' | 'salePricePaise'> {
  const of = (map: Record<string, number> | undefined) => (map === undefined ? undefined : (map[color] ?? null))
  const [pricePaise, salePricePaise] = [of(given.priceByColor), of(given.salePriceByColor)]
  return { ...(pricePaise === undefined ? {} : { pricePaise }), ...(salePricePaise === undefined ? {} : { salePricePaise }) }
}

/**
 * The variants the input gives, in the form's order (options, then their colours), or null when it
 * gives no stock per variant (the product keeps one stock, or an edit keeps its variants).
 */
export function variantStockOf(input: ProductInput): VariantStockInput[] | null {
  const options = input.varietyType ? input.varieties : []
  const options2 = input.options2 ?? []
  // One option, or one option with a second option (ADR 077): by colour, else its own stock.
  const stockOf = (
    variety: string,
    option2: string,
    given: PricesByColor & { stock?: number; stockByColor?: Record<string, number>; price?: number; salePrice?: number },
  ): VariantStockInput[] => {
    if (given.stockByColor !== undefined) {
      return input.colors
        .filter((color) => Object.hasOwn(given.stockByColor ?? {}, color))
        .map((color) => ({ variety, option2, color, stock: given.stockByColor?.[color] ?? 0, ...ownPrices(given, color) }))
    }
    if (given.stock === undefined) return []
    const prices = option2 === '' ? {} : { pricePaise: given.price ?? null, salePricePaise: given.salePrice ?? null }
    return [{ variety, option2, color: '', stock: given.stock, ...prices }]
  }
  const fromOptions = options.flatMap((option): VariantStockInput[] => {
    if (option.byOption2 !== undefined) {
      return options2.filter((name) => Object.hasOwn(option.byOption2 ?? {}, name)).flatMap((name) => stockOf(option.name, name, option.byOption2?.[name] ?? {}))
    }
    return stockOf(option.name, '', option)
  })
  if (fromOptions.length > 0) return fromOptions
  if (options.length === 0 && input.stockByColor !== undefined) return stockOf('', '', input)
  return null
}

const sameKey = (a: VariantKey) => (b: { variety_name: string; option2: string; color: string }) => sameVariant(a, { variety: b.variety_name, option2: b.option2, color: b.color })

/**
 * Writes the product's variants in the caller's transaction (after the product's row and its
 * options and colours) and, when it has any, its total_stock as their sum. Given variants replace
 * the old ones; a variant whose stock is still what the editor started from (`seen`) keeps the
 * stock on the shelf now, so sales confirmed meanwhile stand. An input without stock per variant
 * keeps the variants whose option and colour the product still has, unless `oneStock` (the admin
 * form's switch turned off, ADR 067) drops them all: the product keeps one stock again, its total as
 * the caller writes it. Answers whether it has variants.
 */
export async function saveVariantStock(
  trx: Trx,
  productId: string,
  input: ProductInput,
  seen: readonly SeenStock[] = [],
  oneStock = false,
): Promise<boolean> {
  if (oneStock) {
    await trx.deleteFrom('product_variants').where('product_id', '=', productId).execute()
    return false
  }
  const existing = await trx.selectFrom('product_variants').selectAll().where('product_id', '=', productId).execute()
  // An input that does not speak of the second group (the product sheet, an older /api client) keeps
  // the variants of a product that keeps its stock per second option: its grid cannot say them (ADR 077).
  const keepsGroup = input.options2 === undefined && existing.some((row) => row.option2 !== '')
  const given = keepsGroup ? null : variantStockOf(input)
  if (given === null) {
    const options = input.varietyType ? input.varieties.map((v) => v.name) : []
    // An input that does not speak of the second group (an older client) keeps it (ADR 077).
    const options2 = input.options2 ?? (await trx.selectFrom('product_options2').select('name').where('product_id', '=', productId).execute()).map((o) => o.name)
    const gone = existing.filter(
      (row) =>
        (row.variety_name !== '' && !options.includes(row.variety_name)) ||
        (row.option2 !== '' && !options2.includes(row.option2)) ||
        (row.color !== '' && !input.colors.includes(row.color)),
    )
    for (const row of gone) {
      await trx
        .deleteFrom('product_variants')
        .where('product_id', '=', productId)
        .where('variety_name', '=', row.variety_name)
        .where('option2', '=', row.option2)
        .where('color', '=', row.color)
        .execute()
    }
    if (existing.length === gone.length) return false
  } else {
    const rows = given.map((variant, position) => {
      const old = existing.find(sameKey(variant))
      const unchanged = old !== undefined && seen.some((s) => sameVariant({ ...s, option2: s.option2 ?? '' }, variant) && s.stock === variant.stock)
      return {
        product_id: productId,
        variety_name: variant.variety,
        option2: variant.option2,
        color: variant.color,
        stock: unchanged ? old.stock : variant.stock,
        price_paise: variant.pricePaise === undefined ? (old?.price_paise ?? null) : variant.pricePaise,
        sale_price_paise: variant.salePricePaise === undefined ? (old?.sale_price_paise ?? null) : variant.salePricePaise,
        sku: old?.sku ?? null,
        image: old?.image ?? null,
        made_to_order_days: old?.made_to_order_days ?? null,
        position,
      }
    })
    await trx.deleteFrom('product_variants').where('product_id', '=', productId).execute()
    if (rows.length === 0) return false
    await trx.insertInto('product_variants').values(rows).execute()
  }
  await syncTotalStock(trx, productId)
  return true
}

/**
 * The variants' own making times as the input gives them (issue 27, /api's variantMadeToOrderDays), after
 * the variants are written: a variant named gets its time, one not named has none (its option's, else
 * the product's); an input without the list keeps them.
 */
export async function saveVariantMakingTimes(trx: Trx, productId: string, input: ProductInput): Promise<void> {
  if (input.variantMadeToOrderDays === undefined) return
  await trx.updateTable('product_variants').set({ made_to_order_days: null }).where('product_id', '=', productId).execute()
  for (const given of input.variantMadeToOrderDays) {
    await trx
      .updateTable('product_variants')
      .set({ made_to_order_days: given.madeToOrderDays })
      .where('product_id', '=', productId)
      .where('variety_name', '=', given.option)
      .where('option2', '=', given.option2)
      .where('color', '=', given.color)
      .execute()
  }
}
