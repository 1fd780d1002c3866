// Catalogue constants shared by pages, services and the API (SPEC.md section 9).
import type { Category, VarietyType } from '../../db/schema'

export const CATEGORIES: readonly { id: Category; label: string }[] = [
  { id: 'jewellery', label: 'Jewellery' },
  { id: 'home-decor', label: 'Home Decor' },
  { id: 'gifting-memories', label: 'Gifting & Memories' },
  { id: 'special-occasion', label: 'Special Occasion' },
]

export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as [Category, ...Category[]]

export function categoryLabel(id: string): string {
  return CATEGORIES.find((c) => c.id === id)?.label ?? id
}

export const VARIETY_TYPES: readonly VarietyType[] = ['choice', 'size', 'pack']

/** The heading over a product's variety buttons. */
export const VARIETY_HEADINGS: Record<VarietyType, string> = {
  choice: 'Choice Options',
  size: 'Size Options',
  pack: 'Pack Options',
}

/** What the shopper still has to pick, in the reason beside a disabled 'Add to Cart'. */
export const VARIETY_NOUNS: Record<VarietyType, string> = {
  choice: 'an option',
  size: 'a size',
  pack: 'a pack',
}

/** 'Choose a size and a colour': why 'Add to Cart' waits; null once nothing is missing. */
export function missingChoicesMessage(missingVariety: VarietyType | null, missingColor: boolean): string | null {
  const missing = [missingVariety ? VARIETY_NOUNS[missingVariety] : null, missingColor ? 'a colour' : null].filter(Boolean)
  return missing.length ? `Choose ${missing.join(' and ')}` : null
}

export const LOW_STOCK_THRESHOLD = 10
export const MAX_ADDRESSES = 3
