// What a product page tells about the piece itself (issue 32, Consumer Protection (E-Commerce) Rules
// 2020; docs/decisions/083-product-facts.md): its country of origin (India
// by default) and, for jewellery, its materials. The limits, the words and the clean-up, one home.
import type { Category } from './catalog'
import { cleanPersonalText } from './personalization'

/** The country a piece comes from when the owner names none (the studio pours in India). */
export const DEFAULT_COUNTRY_OF_ORIGIN = 'India'

export const PRODUCT_FACTS_LIMITS = { countryOfOrigin: 60, materials: 300 } as const

export const PRODUCT_FACTS_MESSAGES = {
  countryRequired: 'Country of origin is required',
  countryLong: `Country of origin can be at most ${PRODUCT_FACTS_LIMITS.countryOfOrigin} characters`,
  countryControl: 'Country of origin cannot contain control characters',
  materialsLong: `Materials can be at most ${PRODUCT_FACTS_LIMITS.materials} characters`,
  materialsControl: 'Materials cannot contain control characters',
} as const

/** The product page's words: the "Details" list's heading and its rows' names. */
export const PRODUCT_FACTS_WORDS = { heading: 'Details', country: 'Country of origin', materials: 'Materials' } as const

/** The categories whose pieces name their materials (the rules ask it of jewellery). */
export function asksMaterials(category: Category | string): boolean {
  return category === 'jewellery'
}

/**
 * A fact as typed, cleaned the way every shown text is (NFC, trimmed): null when it holds a control
 * character (a new line included: a fact is one line) or a bidi override.
 */
export function cleanFact(value: string): string | null {
  return cleanPersonalText(value)
}
