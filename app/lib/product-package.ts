// A product's own weight and box on the product sheet, the /api and the inventory CSV (issue 30,
// ADR 085): the limits and the words, one home. Blank means the category's usual packed piece
// (app/domain/shipping/packages.ts), which is what booking and the delivery fee then use.

import type { Category } from '~/lib/catalog'

/** A packed piece: its dead weight and its box (app/domain/shipping/rates.ts prices it). */
export interface CategoryPackage {
  deadGrams: number
  lengthCm: number
  breadthCm: number
  heightCm: number
}

/**
 * Each category's usual packed piece, for a product without its own: a pendant in a padded gift box,
 * a tray or set of coasters in a carton with bubble wrap (app/domain/shipping/packages.ts).
 */
export const CATEGORY_PACKAGES: Record<Category, CategoryPackage> = {
  jewellery: { deadGrams: 150, lengthCm: 12, breadthCm: 10, heightCm: 5 },
  'home-decor': { deadGrams: 900, lengthCm: 25, breadthCm: 25, heightCm: 8 },
  'gifting-memories': { deadGrams: 600, lengthCm: 20, breadthCm: 20, heightCm: 8 },
  'special-occasion': { deadGrams: 700, lengthCm: 25, breadthCm: 20, heightCm: 8 },
}

export const PACKAGE_LIMITS = { weightGrams: 30_000, sideCm: 200 } as const

/** The four measures by their names in the product input and form (ProductInput's). */
export const PACKAGE_FIELDS = ['weightGrams', 'lengthCm', 'breadthCm', 'heightCm'] as const
export type PackageField = (typeof PACKAGE_FIELDS)[number]

export const PACKAGE_LABELS: Record<PackageField, string> = {
  weightGrams: 'Weight (g)',
  lengthCm: 'Length (cm)',
  breadthCm: 'Breadth (cm)',
  heightCm: 'Height (cm)',
}

export const PACKAGE_MESSAGES: Record<PackageField, string> = {
  weightGrams: `Weight must be a whole number of grams from 1 to ${PACKAGE_LIMITS.weightGrams}`,
  lengthCm: `Length must be a whole number of cm from 1 to ${PACKAGE_LIMITS.sideCm}`,
  breadthCm: `Breadth must be a whole number of cm from 1 to ${PACKAGE_LIMITS.sideCm}`,
  heightCm: `Height must be a whole number of cm from 1 to ${PACKAGE_LIMITS.sideCm}`,
}

/** The largest value each measure takes. */
export const PACKAGE_MAX: Record<PackageField, number> = {
  weightGrams: PACKAGE_LIMITS.weightGrams,
  lengthCm: PACKAGE_LIMITS.sideCm,
  breadthCm: PACKAGE_LIMITS.sideCm,
  heightCm: PACKAGE_LIMITS.sideCm,
}

/** A measure as typed in a box or a CSV cell: a whole number within its limits, else null. */
export function readMeasure(field: PackageField, text: string): number | null {
  const value = text.trim()
  if (!/^\d{1,6}$/.test(value)) return null
  const n = Number(value)
  return n >= 1 && n <= PACKAGE_MAX[field] ? n : null
}
