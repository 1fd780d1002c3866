import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  computeTaxBreakdown,
  DELIVERY_SAC,
  documentNumber,
  financialYearOf,
  formatRate,
  GST_RATES,
  lineGrossPaise,
  principalTaxClass,
  splitInclusive,
  type TaxLine,
  type TaxLineInput,
  type TaxMode,
  totalsByRate,
} from './gst'

const line = (over: Partial<TaxLineInput>): TaxLineInput => ({
  description: 'Resin pendant',
  details: [],
  hsn: '7117',
  ratePercent: 3,
  quantity: 1,
  unitPricePaise: 149_900,
  ...over,
})

describe('splitInclusive', () => {
  // 1499 / 1.03 = 1455.339... -> 1455.34, tax 43.66: half each within the state, all of it as IGST across states.
  const PENDANT_AT_3 = { grossPaise: 149_900, taxablePaise: 145_534, taxPaise: 4366 }
  const cases = [
    { mode: 'intra', says: 'splits ₹1,499 at 3% within the state into taxable value, CGST and SGST', taxes: { cgstPaise: 2183, sgstPaise: 2183, igstPaise: 0 } },
    { mode: 'inter', says: 'puts the whole tax into IGST across states', taxes: { cgstPaise: 0, sgstPaise: 0, igstPaise: 4366 } },
  ] as const
  for (const { mode, says, taxes } of cases) {
    it(says, () => {
      expect(splitInclusive(PENDANT_AT_3.grossPaise, 3, mode)).toEqual({ ...PENDANT_AT_3, ...taxes })
    })
  }

  it('gives SGST the odd paisa of the tax', () => {
    // 1180 / 1.18 = 1000 exactly: tax 180; 1181 -> taxable 1000.85 -> 1001 (paise: 100085 rounds to 100085)
    const split = splitInclusive(118_001, 18, 'intra')
    expect(split.taxablePaise).toBe(100_001)
    expect(split.taxPaise).toBe(18_000)
    const odd = splitInclusive(999, 18, 'intra') // taxable 846.61 -> 847, tax 152 -> 76 + 76
    expect(odd.cgstPaise + odd.sgstPaise).toBe(odd.taxPaise)
    const oddTax = splitInclusive(1000, 18, 'intra') // 847.457 -> 847, tax 153 -> 76 + 77
    expect(oddTax).toMatchObject({ taxablePaise: 847, taxPaise: 153, cgstPaise: 76, sgstPaise: 77 })
  })

  it('charges no tax on a bill of supply or at 0%', () => {
    expect(splitInclusive(50_000, 18, 'none')).toMatchObject({ taxablePaise: 50_000, taxPaise: 0 })
    expect(splitInclusive(50_000, 0, 'inter')).toMatchObject({ taxablePaise: 50_000, taxPaise: 0 })
  })

  it('keeps fractional rates exact (0.25%, 1.5%)', () => {
    expect(splitInclusive(100_250, 0.25, 'inter').taxablePaise).toBe(100_000)
    expect(splitInclusive(101_500, 1.5, 'inter').taxablePaise).toBe(100_000)
  })

  it('refuses amounts that are not whole paise', () => {
    expect(() => splitInclusive(1.5, 3, 'intra')).toThrow(RangeError)
    expect(() => splitInclusive(-1, 3, 'intra')).toThrow(RangeError)
  })
})

describe('computeTaxBreakdown', () => {
  it('taxes a multi-line order with varieties at each category rate, and delivery at the principal rate', () => {
    const breakdown = computeTaxBreakdown({
      mode: 'intra',
      deliveryFeePaise: 9900,
      lines: [
        line({ description: 'Ocean pendant', details: ['Size: Large', 'Colour: Teal'], quantity: 2, unitPricePaise: 79_900 }),
        line({ description: 'Resin tray', details: ['Choice: Round'], hsn: '3926', ratePercent: 18, quantity: 1, unitPricePaise: 249_900 }),
      ],
    })
    expect(breakdown.lines).toHaveLength(3)
    const [pendants, tray, delivery] = breakdown.lines as [TaxLine, TaxLine, TaxLine]
    expect(pendants).toMatchObject({ grossPaise: 159_800, taxablePaise: 155_146, taxPaise: 4654, details: ['Size: Large', 'Colour: Teal'] })
    expect(tray).toMatchObject({ grossPaise: 249_900, taxablePaise: 211_780, taxPaise: 38_120 })
    // The tray (₹2,499) is worth more than the two pendants (₹1,598): delivery goes at 18%.
    expect(delivery).toMatchObject({ description: 'Delivery charges', hsn: DELIVERY_SAC, ratePercent: 18, grossPaise: 9900, taxablePaise: 8390 })
    expect(breakdown.totals).toEqual({
      grossPaise: 419_600,
      taxablePaise: 155_146 + 211_780 + 8390,
      cgstPaise: pendants.cgstPaise + tray.cgstPaise + delivery.cgstPaise,
      sgstPaise: pendants.sgstPaise + tray.sgstPaise + delivery.sgstPaise,
      igstPaise: 0,
      taxPaise: 4654 + 38_120 + 1510,
    })
    expect(totalsByRate(breakdown.lines).map((r) => [r.ratePercent, r.taxablePaise])).toEqual([
      [3, 155_146],
      [18, 211_780 + 8390],
    ])
  })

  it('leaves delivery out when it is free, and prints no rates on a bill of supply', () => {
    const breakdown = computeTaxBreakdown({ mode: 'none', deliveryFeePaise: 0, lines: [line({})] })
    expect(breakdown.lines).toHaveLength(1)
    expect(breakdown.lines[0]).toMatchObject({ ratePercent: 0, taxablePaise: 149_900, taxPaise: 0 })
    expect(breakdown.totals.grossPaise).toBe(149_900)
  })

  it('picks the principal supply by value, then by the higher rate', () => {
    expect(principalTaxClass([line({ unitPricePaise: 100 }), line({ hsn: '3926', ratePercent: 18, unitPricePaise: 100 })])).toEqual({
      hsn: '3926',
      ratePercent: 18,
    })
    expect(principalTaxClass([])).toBeNull()
  })

  const arbitraryLine = fc.record({
    description: fc.constant('Item'),
    details: fc.constant([] as string[]),
    hsn: fc.constantFrom('7117', '3926'),
    ratePercent: fc.constantFrom(...GST_RATES),
    quantity: fc.integer({ min: 1, max: 99 }),
    unitPricePaise: fc.integer({ min: 0, max: 10_000_000 }),
  })

  it('always adds up to exactly the amount paid, every part whole and never negative (random carts)', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryLine, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.constantFrom<TaxMode>('intra', 'inter', 'none'),
        (lines, deliveryFeePaise, mode) => {
          const paid = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0) + deliveryFeePaise
          const { lines: taxed, totals } = computeTaxBreakdown({ lines, deliveryFeePaise, mode })
          expect(totals.grossPaise).toBe(paid)
          expect(totals.taxablePaise + totals.taxPaise).toBe(paid)
          expect(totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(totals.taxPaise)
          for (const t of taxed) {
            for (const value of [t.taxablePaise, t.cgstPaise, t.sgstPaise, t.igstPaise, t.taxPaise]) {
              expect(Number.isSafeInteger(value) && value >= 0).toBe(true)
            }
            expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(t.grossPaise)
            if (mode === 'intra') expect(t.sgstPaise - t.cgstPaise).toBeOneOf([0, 1])
            if (mode === 'inter') expect(t.cgstPaise + t.sgstPaise).toBe(0)
            if (mode === 'none') expect(t.taxPaise).toBe(0)
          }
          expect(totalsByRate(taxed).reduce((sum, r) => sum + r.grossPaise, 0)).toBe(paid)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('keeps the taxable value within half a paisa of the exact one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.constantFrom(...GST_RATES), (gross, rate) => {
        const { taxablePaise } = splitInclusive(gross, rate, 'inter')
        // In integers: |taxable - gross / (1 + bp/10000)| <= 1/2, times 2 (10000 + bp).
        const bp = Math.round(rate * 100)
        expect(2 * Math.abs(taxablePaise * (10_000 + bp) - gross * 10_000)).toBeLessThanOrEqual(10_000 + bp)
      }),
    )
  })
})

describe('financial years and numbers', () => {
  it('turns the year on 1 April in India, not in UTC', () => {
    // 31 Mar 2027 23:59 IST is 18:29 UTC; 1 Apr 2027 00:00 IST is 31 Mar 18:30 UTC.
    expect(financialYearOf('2027-03-31T18:29:59.999Z')).toBe('2026-27')
    expect(financialYearOf('2027-03-31T18:30:00.000Z')).toBe('2027-28')
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27')
    expect(financialYearOf('2026-11-25T10:00:00Z')).toBe('2026-27')
    expect(financialYearOf('2099-06-01T00:00:00Z')).toBe('2099-00')
    expect(() => financialYearOf('not a date')).toThrow(RangeError)
  })

  it('numbers documents as series/year/six digits', () => {
    expect(documentNumber('INV', '2026-27', 123)).toBe('INV/2026-27/000123')
    expect(documentNumber('CN', '2026-27', 1)).toBe('CN/2026-27/000001')
  })

  it('prints rates without trailing zeros', () => {
    expect([formatRate(3), formatRate(18), formatRate(0.25), formatRate(1.5)]).toEqual(['3%', '18%', '0.25%', '1.5%'])
  })
})

describe('a discounted line (ADR 073)', () => {
  it('includes the GST in the discounted price: the taxable value falls with the discount', () => {
    const line = { description: 'Ocean pendant', details: [], hsn: '7117', ratePercent: 3, quantity: 2, unitPricePaise: 149_900, discountPaise: 29_980 }
    const { lines, totals } = computeTaxBreakdown({ lines: [line], deliveryFeePaise: 0, mode: 'intra' })
    // 2 x 1,499.00 - 299.80 = 2,698.20 paid; 2,698.20 / 1.03 = 2,619.61.
    expect(lines[0]).toMatchObject({ grossPaise: 269_820, taxablePaise: 261_961, taxPaise: 7859, cgstPaise: 3929, sgstPaise: 3930 })
    expect(totals.grossPaise).toBe(269_820)
    expect(lineGrossPaise(line)).toBe(269_820)
  })
})
