// A product's own weight and box on the product sheet, the /api and the inventory CSV (issue 30,
// ADR 085): the limits and the words, one home. Blank means the category's usual packed piece
// (app/domain/shipping/packages.ts), which is what booking and the delivery fee then use.

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
