// Money is integer paise everywhere; these turn it into rupees for the API and ₹1,499.00 for pages.

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** ₹1,499.00, with Indian digit grouping (₹1,49,999.00). */
export function formatPaise(paise: number): string {
  return inr.format(paiseToRupees(paise))
}

/** Paise in a rupee. */
export const PAISE_PER_RUPEE = 100

/** Rupees as the API shows them: 1499 or 1499.5. */
export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE
}

/** Whole paise as whole rupees and the paise left over (149990 -> 1499 rupees 90 paise). */
export function splitPaise(paise: number): { rupees: number; paise: number } {
  return { rupees: Math.floor(paise / PAISE_PER_RUPEE), paise: paise % PAISE_PER_RUPEE }
}

/** Rupees (as typed or configured: 1499.5) to whole paise, rounding away floating-point noise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE)
}

/** True when a rupee amount is whole paise (at most 2 decimals), allowing for floating point. */
export function isWholePaise(rupees: number): boolean {
  return Number.isFinite(rupees) && Math.abs(rupees * PAISE_PER_RUPEE - rupeesToPaise(rupees)) < 1e-6
}

const inrFigure = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** 1,49,999.00: an amount without the rupee sign, for columns headed in rupees (invoices). */
export function formatPaiseFigure(paise: number): string {
  return inrFigure.format(paiseToRupees(paise))
}
