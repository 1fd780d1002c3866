// GST arithmetic for tax invoices and credit notes: tax-inclusive prices split into taxable value
// and tax (CGST + SGST within the seller's state, IGST across states, none on a bill of supply),
// Indian financial years and document numbers. Pure: no PDF, no database (ADR 035).
//
// Rounding, in one place per line: the taxable value is rounded half up to the paisa, and the tax
// is what is left of the line's price (gross - taxable), so every line's parts add up to the price
// paid for it and the document's totals to the amount paid. Within the tax, CGST is the lower half
// and SGST takes the odd paisa.

/** How the tax is split: within the seller's state, across states, or none (a bill of supply). */
export type TaxMode = 'intra' | 'inter' | 'none'

/** An HSN (goods) or SAC (services) code and its GST rate in percent (3, 18, 0.25...). */
export interface TaxClass {
  hsn: string
  ratePercent: number
}

/** A line as sold: its tax-inclusive unit price in paise. */
export interface TaxLineInput extends TaxClass {
  description: string
  /** The variety, the colour...: printed under the description. */
  details: string[]
  quantity: number
  unitPricePaise: number
  /**
   * The line's share of a discount code's saving (ADR 073): the line is sold for
   * unitPricePaise * quantity - discountPaise, and GST is included in that (0 or absent for none).
   */
  discountPaise?: number
}

/** What a line is sold for: its price times quantity, less its share of a discount. */
export function lineGrossPaise(line: Pick<TaxLineInput, 'unitPricePaise' | 'quantity' | 'discountPaise'>): number {
  return line.unitPricePaise * line.quantity - (line.discountPaise ?? 0)
}

export interface TaxAmounts {
  /** The price paid, tax included. */
  grossPaise: number
  taxablePaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
  /** cgst + sgst + igst = gross - taxable. */
  taxPaise: number
}

export type TaxLine = TaxLineInput & TaxAmounts

export interface TaxBreakdown {
  mode: TaxMode
  lines: TaxLine[]
  totals: TaxAmounts
}

/** The delivery fee's SAC: courier services (a delivery billed with the goods it carries). */
export const DELIVERY_SAC = '996812'
export const DELIVERY_DESCRIPTION = 'Delivery charges'

/** The GST rates in force (percent): what configuration may name. */
export const GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40] as const

/** a / b rounded half up, for non-negative integers (exact in integers, no floating point drift). */
function divRound(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b))
}

/** A rate in hundredths of a percent (basis points), so 0.25% and 1.5% stay integers. */
function basisPoints(ratePercent: number): number {
  return Math.round(ratePercent * 100)
}

/** Splits a tax-inclusive amount into taxable value and tax for the mode. */
export function splitInclusive(grossPaise: number, ratePercent: number, mode: TaxMode): TaxAmounts {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0) throw new RangeError(`Not an amount in paise: ${grossPaise}`)
  const bp = basisPoints(ratePercent)
  if (mode === 'none' || bp === 0) {
    return { grossPaise, taxablePaise: grossPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 }
  }
  const taxablePaise = divRound(grossPaise * 10_000, 10_000 + bp)
  const taxPaise = grossPaise - taxablePaise
  if (mode === 'inter') return { grossPaise, taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise, taxPaise }
  const cgstPaise = Math.floor(taxPaise / 2)
  return { grossPaise, taxablePaise, cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0, taxPaise }
}

const ZERO: TaxAmounts = { grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 }

export function addAmounts(a: TaxAmounts, b: TaxAmounts): TaxAmounts {
  return {
    grossPaise: a.grossPaise + b.grossPaise,
    taxablePaise: a.taxablePaise + b.taxablePaise,
    cgstPaise: a.cgstPaise + b.cgstPaise,
    sgstPaise: a.sgstPaise + b.sgstPaise,
    igstPaise: a.igstPaise + b.igstPaise,
    taxPaise: a.taxPaise + b.taxPaise,
  }
}

/**
 * The principal supply's tax class: a delivery billed with the goods is part of a composite supply
 * and is taxed at the rate of its principal supply (CGST Act s. 8(a)), here the line of the
 * highest value (on a tie, the higher rate).
 */
export function principalTaxClass(lines: readonly TaxLineInput[]): TaxClass | null {
  let best: TaxLineInput | null = null
  for (const line of lines) {
    const value = lineGrossPaise(line)
    const bestValue = best ? lineGrossPaise(best) : -1
    if (!best || value > bestValue || (value === bestValue && line.ratePercent > best.ratePercent)) best = line
  }
  return best ? { hsn: best.hsn, ratePercent: best.ratePercent } : null
}

/**
 * The tax breakdown of an order: one line per order line, the delivery fee as a line of its own
 * (at the principal supply's rate), and totals that add up to exactly what was paid.
 */
export function computeTaxBreakdown(input: { lines: readonly TaxLineInput[]; deliveryFeePaise: number; mode: TaxMode }): TaxBreakdown {
  const lines: TaxLineInput[] = [...input.lines]
  if (input.deliveryFeePaise > 0) {
    const principal = principalTaxClass(input.lines) ?? { hsn: DELIVERY_SAC, ratePercent: 18 }
    lines.push({
      description: DELIVERY_DESCRIPTION,
      details: [],
      hsn: DELIVERY_SAC,
      ratePercent: principal.ratePercent,
      quantity: 1,
      unitPricePaise: input.deliveryFeePaise,
    })
  }
  const taxed = lines.map((line) => ({
    ...line,
    ratePercent: input.mode === 'none' ? 0 : line.ratePercent,
    ...splitInclusive(lineGrossPaise(line), line.ratePercent, input.mode),
  }))
  return { mode: input.mode, lines: taxed, totals: taxed.reduce<TaxAmounts>((sum, line) => addAmounts(sum, line), ZERO) }
}

/** The tax per rate (the summary under the lines), lowest rate first. */
export function totalsByRate(lines: readonly TaxLine[]): (TaxAmounts & { ratePercent: number })[] {
  const byRate = new Map<number, TaxAmounts>()
  for (const line of lines) byRate.set(line.ratePercent, addAmounts(byRate.get(line.ratePercent) ?? ZERO, line))
  return [...byRate].sort(([a], [b]) => a - b).map(([ratePercent, amounts]) => ({ ratePercent, ...amounts }))
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000

/** The Indian financial year (April to March, in India's time) of a moment: '2026-27'. */
export function financialYearOf(moment: string | Date): string {
  const ms = typeof moment === 'string' ? Date.parse(moment) : moment.getTime()
  if (Number.isNaN(ms)) throw new RangeError(`Not a date: ${String(moment)}`)
  const ist = new Date(ms + IST_OFFSET_MS)
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

/** 'INV/2026-27/000123': the series, the financial year and the number within it. */
export function documentNumber(series: string, financialYear: string, sequence: number): string {
  return `${series}/${financialYear}/${String(sequence).padStart(6, '0')}`
}

/** A date as the document prints it, in India's time: '25 Nov 2026'. */
export function formatDocumentDate(moment: string): string {
  return DOCUMENT_DATE.format(new Date(moment))
}

const DOCUMENT_DATE = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' })

/** A rate as printed: '3%', '0.25%'. */
export function formatRate(ratePercent: number): string {
  return `${Number(ratePercent.toFixed(2))}%`
}
