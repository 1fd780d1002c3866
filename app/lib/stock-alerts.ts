// Back-in-stock alerts' words and bounds (issue 27, ADR 066), shared by the product page and the domain.
import { type ChoiceKey, choiceWords, keyOf, PRODUCT_STOCK, type VariantKey } from './variants'

export const STOCK_ALERT_LIMITS = {
  /** Sold-out shelves one address may wait for at once. */
  perAddress: 20,
  /** Addresses one shelf may keep. */
  perShelf: 1000,
} as const

export const STOCK_ALERT_MESSAGES = {
  saved: 'We will mail you once when it is back in stock.',
  inStock: 'This is in stock now: you can add it to your cart.',
  unknownChoice: 'Choose an option the piece comes in.',
  tooManyForAddress: `You are already waiting for ${STOCK_ALERT_LIMITS.perAddress} pieces with this address.`,
  tooManyForShelf: 'Too many people are waiting for this piece already; please check back soon.',
} as const

/** The product page's form intent for 'Notify me'. */
export const STOCK_ALERT_INTENT = 'notify'

/** Between option and colour in the form's choice value: a character no name can hold (names are trimmed text). */
export const STOCK_ALERT_SEPARATOR = '\u001f'

/** A sold-out choice as the 'Notify me' form offers it: its value (option and colour) and its words. */
export interface SoldOutChoice {
  value: string
  /** e.g. 'Size: Small, Colour: Teal'; '' for the whole piece (a product without variants). */
  label: string
}

/**
 * The product's sold-out choices: its variants with none left, or the product itself when it has no
 * variants and none left.
 */
export function soldOutChoices(product: {
  totalStock: number
  optionLabel: string
  option2?: { label: string } | null
  variants: (ChoiceKey & { available: number })[]
}): SoldOutChoice[] {
  const choice = (key: VariantKey): SoldOutChoice => ({
    // Option, colour, then the second option when there is one (ADR 077): older values stay readable.
    value: [key.variety, key.color, ...(key.option2 ? [key.option2] : [])].join(STOCK_ALERT_SEPARATOR),
    label: choiceWords({ option: product.optionLabel, option2: product.option2?.label ?? '' }, key).join(', '),
  })
  if (product.variants.length === 0) return product.totalStock <= 0 ? [choice(PRODUCT_STOCK)] : []
  return product.variants.filter((variant) => variant.available <= 0).map((variant) => choice(keyOf(variant)))
}
