// A variant's own price as the inventory page and the CSV import set it (ADR 071): what each shelf sells
// at and would inherit, whether it may have a price of its own (a shelf keyed by colour: an option's or
// a product's price is edited in the product form), and the own prices that make it sell at what the
// owner gives, none where it would inherit the same.
import type { DB, Trx } from '../../../db/database'
import { inJsonList } from '../../../db/dialect'
import { CSV_MESSAGES } from '~/lib/inventory-csv'
import { isOnSale, linePrices, ownPricesFor, type Priced } from '~/lib/pricing'
import { PRODUCT_STOCK, stockKey, type VariantKey } from '~/domain/cart/variant-stock.server'

export interface ShelfPrices {
  /** The option's prices, else the product's. */
  inherited: Priced
  /** What a line of it costs now (linePrices). */
  sellsAt: Priced
  /** Only a shelf keyed by colour keeps prices of its own. */
  ownAllowed: boolean
}

/** The price a shelf is to sell at as the owner gives it: `pricePaise` null for the one it inherits; a sale price 0 for none. */
export interface SellAt {
  pricePaise: number | null
  salePricePaise: number
}

/** Each shelf's prices, by stockKey: the products' variants, or a product's own stock. */
export async function shelfPrices(db: DB | Trx, productIds: readonly string[]): Promise<Map<string, ShelfPrices>> {
  const byKey = new Map<string, ShelfPrices>()
  if (productIds.length === 0) return byKey
  const ids = [...new Set(productIds)]
  const [products, options, variants] = await Promise.all([
    db.selectFrom('products').select(['id', 'price_paise', 'sale_price_paise']).where(inJsonList('id', ids)).execute(),
    db.selectFrom('product_varieties').select(['product_id', 'name', 'price_paise', 'sale_price_paise']).where(inJsonList('product_id', ids)).execute(),
    db.selectFrom('product_variants').select(['product_id', 'variety_name', 'option2', 'color', 'price_paise', 'sale_price_paise']).where(inJsonList('product_id', ids)).execute(),
  ])
  for (const product of products) {
    const own = { pricePaise: product.price_paise, salePricePaise: product.sale_price_paise }
    const kept = variants.filter((v) => v.product_id === product.id)
    if (kept.length === 0) byKey.set(stockKey(product.id, PRODUCT_STOCK), { inherited: own, sellsAt: linePrices(own, null), ownAllowed: false })
    for (const variant of kept) {
      const option = options.find((o) => o.product_id === product.id && o.name === variant.variety_name)
      const inherited = option ? { pricePaise: option.price_paise, salePricePaise: option.sale_price_paise } : own
      byKey.set(stockKey(product.id, { variety: variant.variety_name, option2: variant.option2, color: variant.color }), {
        inherited,
        sellsAt: linePrices(own, inherited, { pricePaise: variant.price_paise, salePricePaise: variant.sale_price_paise }),
        // A colour's, or a combination of both groups' (ADR 077): neither has a price box of its own.
        ownAllowed: variant.color !== '' || variant.option2 !== '',
      })
    }
  }
  return byKey
}

/**
 * What giving `sellAt` to a shelf does: nothing when it sells at that already, else the own prices to
 * store, or the problem that stops it (a shelf not keyed by colour, a price of 0, a sale price not
 * below the price).
 */
export function planPrice(
  shelf: ShelfPrices,
  sellAt: SellAt,
  key: VariantKey,
): { own?: { pricePaise: number | null; salePricePaise: number | null }; wanted?: Priced; problem?: string } {
  const inheritedSale = isOnSale(shelf.inherited) ? shelf.inherited.salePricePaise : 0
  const wanted = {
    pricePaise: sellAt.pricePaise ?? shelf.inherited.pricePaise,
    salePricePaise: sellAt.pricePaise === null && sellAt.salePricePaise === 0 ? inheritedSale : sellAt.salePricePaise,
  }
  if (wanted.pricePaise === shelf.sellsAt.pricePaise && wanted.salePricePaise === shelf.sellsAt.salePricePaise) return {}
  if (!shelf.ownAllowed) return { problem: CSV_MESSAGES.ownPriceOnlyByColour(key.variety) }
  if (wanted.pricePaise <= 0) return { problem: CSV_MESSAGES.price }
  if (wanted.salePricePaise > 0 && wanted.salePricePaise >= wanted.pricePaise) return { problem: CSV_MESSAGES.saleNotBelow }
  return { own: ownPricesFor(shelf.inherited, wanted), wanted }
}

/** Writes a variant's own prices in the caller's transaction. */
export async function writeOwnPrices(trx: Trx, productId: string, key: VariantKey, own: { pricePaise: number | null; salePricePaise: number | null }): Promise<void> {
  await trx
    .updateTable('product_variants')
    .set({ price_paise: own.pricePaise, sale_price_paise: own.salePricePaise })
    .where('product_id', '=', productId)
    .where('variety_name', '=', key.variety)
    .where('option2', '=', key.option2)
    .where('color', '=', key.color)
    .execute()
}
