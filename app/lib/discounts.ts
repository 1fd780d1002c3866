// Discount codes' vocabulary, the shopper's messages and the pure money rules: what a code takes off
// the pieces it is for, and how that saving is spread over the order's lines (ADR 073).
import { formatDay } from './dates'
import { formatPaise } from './money'

/** Percent off (value: whole percent 1-100) or a fixed amount off (value: paise). */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]

/**
 * What a code is for: the whole shop, some categories, some products (scope_items lists them), or
 * some variants of products (ADR 084: ScopeVariant, kept in scope_variants).
 */
export const DISCOUNT_SCOPES = ['shop', 'categories', 'products', 'variants'] as const
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number]

export const DISCOUNT_SCOPE_LABELS: Record<DiscountScope, string> = {
  shop: 'The whole shop',
  categories: 'Some categories',
  products: 'Some products',
  variants: 'Some variants (a product\'s options or colours)',
}

/**
 * A variant a code is for (ADR 084): a product and the option, second option and colour a line must
 * have; a part left '' is any (so { variety: 'Large' } is every colour of Large).
 */
export interface ScopeVariant {
  productId: string
  variety: string
  option2: string
  color: string
}

/** Whether a cart line (its product and choices) is one of the code's variants. */
export function variantCovers(variant: ScopeVariant, line: { productId: string; variety: string; option2: string; color: string }): boolean {
  return (
    variant.productId === line.productId &&
    (variant.variety === '' || variant.variety === line.variety) &&
    (variant.option2 === '' || variant.option2 === line.option2) &&
    (variant.color === '' || variant.color === line.color)
  )
}

/** A variant as one value (the admin form's checkbox): JSON, parsed back by the schema. */
export function variantValue(variant: ScopeVariant): string {
  return JSON.stringify([variant.productId, variant.variety, variant.option2, variant.color])
}

/** A code as typed by a shopper or the owner: letters, digits, - and _, at most 32, any case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/

/** Codes are case-insensitive: kept and compared in capitals. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase()
}

/** What the shopper is told, word for word (issue 28 for the first four). */
export const DISCOUNT_MESSAGES = {
  ended: (day: string) => `This code ended on ${formatDay(day)}`,
  addMore: (shortPaise: number) => `Add ${formatPaise(shortPaise)} more to use this code`,
  usedByYou: 'You have already used this code',
  notForCart: 'This code is not for the pieces in your cart',
  unknown: 'We do not know this code: check its spelling',
  notStarted: (day: string) => `This code starts on ${formatDay(day)}`,
  usedUp: 'This code has been used up',
  firstOrderOnly: 'This code is for a first order only',
  applied: (code: string, savingPaise: number) => `${code} takes ${formatPaise(savingPaise)} off`,
  enterCode: 'Enter a discount code',
  removed: 'Discount code removed',
  /** A code saved on the cart that no longer fits: why, as the cart shows it. */
  noLongerApplies: (code: string, why: string) => `${code} no longer applies: ${why}`,
  /** Shown to the shopper whose checkout lost the last use to another one. */
  takenMeanwhile: 'This code has just been used up: remove it to pay the full price',
} as const

/** The saving a code gives on the pieces it is for: percent rounded half up to the paisa, fixed at most their value. */
export function discountAmount(kind: DiscountKind, value: number, eligiblePaise: number): number {
  if (eligiblePaise <= 0) return 0
  if (kind === 'percent') return Math.min(eligiblePaise, Math.floor((eligiblePaise * value * 2 + 100) / 200))
  return Math.min(eligiblePaise, value)
}

/**
 * Spreads `amountPaise` over lines worth `values` (paise, each >= 0) in proportion to their value:
 * each line takes the floor of its exact share, and the paise left go one each to the lines with
 * the largest remainders (the earlier line on a tie). The shares add up to the amount exactly, none
 * is negative and none is more than its line. The amount must be at most the lines' total.
 */
export function spreadDiscount(values: readonly number[], amountPaise: number): number[] {
  const total = values.reduce((sum, value) => sum + value, 0)
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0 || amountPaise > total) {
    throw new RangeError(`Cannot spread ${amountPaise} paise over lines worth ${total}`)
  }
  if (amountPaise === 0 || total === 0) return values.map(() => 0)
  // Integers only: value * amount stays far below 2^53 for any cart (BigInt past that).
  const exact = values.map((value) => BigInt(value) * BigInt(amountPaise))
  const shares = exact.map((product) => Number(product / BigInt(total)))
  const remainders = exact.map((product, index) => ({ index, remainder: product % BigInt(total) }))
  let left = amountPaise - shares.reduce((sum, share) => sum + share, 0)
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (const { index } of remainders) {
    if (left === 0) break
    shares[index] = (shares[index] ?? 0) + 1
    left -= 1
  }
  return shares
}

/** A discount as an order or a cart shows it: the code and what it took off. */
export interface DiscountView {
  code: string
  amountPaise: number
}
