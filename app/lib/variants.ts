// The one rule of which variant a cart line draws on (docs/decisions/061-stock-per-variant.md), for the
// domain (holds, cart caps, payment) and the product page (sold-out choices) alike, and the price of a
// choice (the variant it draws on, its option, the product: ADR 071).
import { linePrices, type OwnPrices, type Priced } from './pricing'

/** A variant's key: its option and colour ('' for the part the variant is not keyed by). */
export interface VariantKey {
  variety: string
  color: string
}

/** The key of a product's own stock (a product without variants, and the holds on it). */
export const PRODUCT_STOCK: VariantKey = { variety: '', color: '' }

/**
 * THE rule of which variant a line (variety, color) draws on: the row (variety, color) if it
 * exists, else (variety, ''), else ('', color); null when none fits. A product without variant rows
 * answers PRODUCT_STOCK (all its stock is the product's); a product with rows but none fitting the
 * line answers null: that line has nothing to draw on.
 */
export function variantOf<T extends VariantKey>(variants: readonly T[], variety: string, color: string): T | VariantKey | null {
  if (variants.length === 0) return PRODUCT_STOCK
  const find = (v: string, c: string) => variants.find((row) => row.variety === v && row.color === c)
  return find(variety, color) ?? (color !== '' ? find(variety, '') : undefined) ?? (variety !== '' ? find('', color) : undefined) ?? null
}

/**
 * Whether a choice (variety, color) of a product with variants is sold out: no variant fits it, or
 * the one that does has nothing left. A product without variants has no sold-out choice (its own
 * stock says it all).
 */
export function choiceSoldOut(variants: readonly (VariantKey & { available: number })[], variety: string, color: string): boolean {
  if (variants.length === 0) return false
  const variant = variantOf(variants, variety, color)
  return variant === null || !('available' in variant) || variant.available <= 0
}

/** A choice in words, ['Size: Small', 'Colour: Teal'] (none for a product's own stock); callers join them. */
export function choiceWords(optionLabel: string, key: VariantKey): string[] {
  return [key.variety ? `${optionLabel || 'Option'}: ${key.variety}` : '', key.color ? `Colour: ${key.color}` : ''].filter(Boolean)
}

/**
 * The price and sale price of a choice (variety, color) (ADR 071): linePrices over the variant the
 * line draws on (variantOf), the chosen option's prices (null without options) and the product's.
 * The cart, and so the order, the product page and /api all price a line with it.
 */
export function choicePrices(
  product: Priced,
  option: Priced | null | undefined,
  variants: readonly (VariantKey & OwnPrices)[],
  variety: string,
  color: string,
): Priced {
  return linePrices(product, option, variantOf(variants, variety, color) as OwnPrices | null)
}
