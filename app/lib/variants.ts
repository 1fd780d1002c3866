// The one rule of which variant a cart line draws on (docs/decisions/061-stock-per-variant.md), for the
// domain (holds, cart caps, payment) and the product page (sold-out choices) alike, and the price of a
// choice (the variant it draws on, its option, the product: ADR 071).
import { linePrices, type OwnPrices, type Priced } from './pricing'

/** A variant's key: its option, second option (ADR 077) and colour ('' for a part the variant is not keyed by). */
export interface VariantKey {
  variety: string
  option2: string
  color: string
}

/** The key of a product's own stock (a product without variants, and the holds on it). */
export const PRODUCT_STOCK: VariantKey = { variety: '', option2: '', color: '' }

/** A key as callers that predate the second group give it: its second option '' when left out. */
export type ChoiceKey = Omit<VariantKey, 'option2'> & { option2?: string }

/** The three parts of a key, nothing else (a row may carry more); a second option left out is ''. */
export function keyOf(key: ChoiceKey): VariantKey {
  return { variety: key.variety, option2: key.option2 ?? '', color: key.color }
}

export function sameVariant(a: VariantKey, b: VariantKey): boolean {
  return a.variety === b.variety && a.option2 === b.option2 && a.color === b.color
}

/**
 * THE rule of which variant a line (variety, option2, color) draws on: the first row that exists of
 * (variety, option2, color), (variety, option2, ''), (variety, '', color), (variety, '', ''),
 * ('', '', color); null when none fits. Without a second option (option2 '') that is ADR 061's rule:
 * the row (variety, color), else (variety, ''), else ('', color). The second option refines the
 * option (ADR 077): a product whose stock does not depend on it keeps its variants by option.
 * A product without variant rows answers PRODUCT_STOCK (all its stock is the product's); a product
 * with rows but none fitting the line answers null: that line has nothing to draw on.
 */
export function variantOf<T extends VariantKey>(variants: readonly T[], line: VariantKey): T | VariantKey | null {
  if (variants.length === 0) return PRODUCT_STOCK
  const { variety, option2, color } = line
  const tries: [string, string, string][] = [[variety, option2, color]]
  if (option2 !== '' && color !== '') tries.push([variety, option2, ''])
  if (option2 !== '' || color !== '') tries.push([variety, '', color])
  if (color !== '') tries.push([variety, '', ''])
  if (variety !== '' || option2 !== '') tries.push(['', '', color])
  for (const [v, o, c] of tries) {
    const found = variants.find((row) => row.variety === v && row.option2 === o && row.color === c)
    if (found) return found
  }
  return null
}

/**
 * Whether a choice of a product with variants is sold out: no variant fits it, or the one that does
 * has nothing left. A product without variants has no sold-out choice (its own stock says it all).
 */
export function choiceSoldOut(variants: readonly (VariantKey & { available: number })[], choice: VariantKey): boolean {
  if (variants.length === 0) return false
  const variant = variantOf(variants, choice)
  return variant === null || !('available' in variant) || variant.available <= 0
}

/** The names of a product's two option groups (resolved: 'Size', 'Chain'); '' for a group it lacks. */
export interface OptionLabels {
  option: string
  option2: string
}

/** A choice in words, ['Size: Small', 'Chain: Gold', 'Colour: Teal'] (none for a product's own stock); callers join them. */
export function choiceWords(labels: OptionLabels, key: VariantKey): string[] {
  return [
    key.variety ? `${labels.option || 'Option'}: ${key.variety}` : '',
    key.option2 ? `${labels.option2 || 'Option'}: ${key.option2}` : '',
    key.color ? `Colour: ${key.color}` : '',
  ].filter(Boolean)
}

/**
 * The price and sale price of a choice (ADR 071): linePrices over the variant the line draws on
 * (variantOf), the chosen option's prices (null without options) and the product's. The cart, and so
 * the order, the product page and /api all price a line with it.
 */
export function choicePrices(product: Priced, option: Priced | null | undefined, variants: readonly (VariantKey & OwnPrices)[], choice: VariantKey): Priced {
  return linePrices(product, option, variantOf(variants, choice) as OwnPrices | null)
}

/** A variant's own making time in working days (ADR 070), when the owner set one (0: that variant is ready to ship). */
export type OwnMakingTime = { madeToOrderDays?: number | null }

/**
 * THE rule of a choice's making time (issue 27): the variant it draws on (variantOf) when that has its
 * own, else the chosen option's own, else the product's. The cart, checkout, the placed order and the
 * product page (each combination as the shopper picks) all read it from here.
 */
export function choiceMadeToOrderDays(
  productDays: number,
  optionDays: number | null | undefined,
  variants: readonly (VariantKey & OwnMakingTime)[],
  choice: VariantKey,
): number {
  const variant = variantOf(variants, choice)
  const own = variant !== null && 'madeToOrderDays' in variant ? variant.madeToOrderDays : undefined
  return own ?? optionDays ?? productDays
}

/** What a product page knows of its choices' making times: the product's, each option's own, each variant's own. */
export interface MakingTimes {
  madeToOrderDays: number
  variety: { options: { name: string; madeToOrderDays: number | null }[] } | null
  option2: { options: string[] } | null
  colors: readonly string[]
  variants: readonly (VariantKey & OwnMakingTime & { available?: number })[]
}

/**
 * The making times a partial choice may still come to ('' for a part not chosen: any of its values),
 * sorted, each once: one number when the choice so far settles it. Combinations sold out are left out
 * (they cannot be bought) unless every one is.
 */
export function openMadeToOrderDays(product: MakingTimes, choice: VariantKey): number[] {
  const options = choice.variety ? [choice.variety] : (product.variety?.options.map((o) => o.name) ?? [''])
  const options2 = choice.option2 ? [choice.option2] : (product.option2?.options ?? [''])
  const colors = choice.color ? [choice.color] : product.colors.length ? product.colors : ['']
  const combos = options.flatMap((variety) => options2.flatMap((option2) => colors.map((color) => ({ variety, option2, color }))))
  const stocked = product.variants.every((v) => v.available !== undefined)
  const buyable = stocked ? combos.filter((c) => !choiceSoldOut(product.variants as (VariantKey & { available: number })[], c)) : combos
  const days = (buyable.length ? buyable : combos).map((c) =>
    choiceMadeToOrderDays(product.madeToOrderDays, product.variety?.options.find((o) => o.name === c.variety)?.madeToOrderDays, product.variants, c),
  )
  return [...new Set(days)].sort((a, b) => a - b)
}
