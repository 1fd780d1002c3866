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

export const LOW_STOCK_THRESHOLD = 10
export const MAX_ADDRESSES = 3
