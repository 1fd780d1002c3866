// What partial refunds give back: pieces at what they were paid after the discount, amounts spread
// over what is left, every refusal; and over random sequences of refunds (property tests) never more
// than was paid, and credit notes that add up to the invoice in every figure.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildPartialCreditNote, buildRemainderCreditNote, type CreditedPart } from './credit-note-parts'
import { computeTaxBreakdown, type TaxMode } from './gst'
import type { InvoiceDocument } from './invoice-document'
import {
  addShare,
  MIN_REFUND_PAISE,
  nothingRefunded,
  PARTIAL_REFUND_MESSAGES,
  type RefundAsk,
  type ShareLine,
  ShareRefused,
  refundShare,
  spreadByWeight,
  unitsShare,
} from './refund-shares'

/** Two coasters at ₹499 with ₹100 of discount spread on them (₹898 paid), a pendant at ₹1,499, ₹80 delivery. */
const LINES: ShareLine[] = [
  { grossPaise: 2 * 49_900 - 10_000, quantity: 2 },
  { grossPaise: 149_900, quantity: 1 },
]
const DELIVERY = 8_000

function refusal(run: () => unknown): ShareRefused {
  try {
    run()
  } catch (error) {
    if (error instanceof ShareRefused) return error
    throw error
  }
  throw new Error('not refused')
}

describe('refundShare', () => {
  it('gives back a piece at what it was paid after its share of the discount, and the second piece the rest', () => {
    const first = refundShare(LINES, DELIVERY, nothingRefunded(2), { items: [{ line: 0, quantity: 1 }], includeDelivery: false })
    expect(first).toEqual({ amountPaise: 44_900, portions: [44_900, 0, 0], units: [1, 0] })
    const second = refundShare(LINES, DELIVERY, addShare(nothingRefunded(2), first), { items: [{ line: 0, quantity: 1 }], includeDelivery: true })
    expect(second).toEqual({ amountPaise: 44_900 + DELIVERY, portions: [44_900, 0, DELIVERY], units: [1, 0] })
  })

  it('splits an odd line paisa by paisa so the pieces add up to the line', () => {
    const line = { grossPaise: 1_001, quantity: 3 }
    expect([unitsShare(line, 1), unitsShare(line, 2) - unitsShare(line, 1), unitsShare(line, 3) - unitsShare(line, 2)]).toEqual([333, 334, 334])
  })

  it('spreads an amount over what is left of each line and the delivery, by largest remainder', () => {
    expect(spreadByWeight(100, [1, 1, 1])).toEqual([34, 33, 33])
    const share = refundShare(LINES, DELIVERY, nothingRefunded(2), { amountPaise: 10_000 })
    expect(share.amountPaise).toBe(10_000)
    expect(share.portions.reduce((a, b) => a + b, 0)).toBe(10_000)
    expect(share.units).toEqual([0, 0])
  })

  it('refuses more pieces than are left, more money than is left, less than ₹1 and an empty ask', () => {
    const so = addShare(nothingRefunded(2), { portions: [0, 149_900, 0], units: [0, 1] })
    expect(refusal(() => refundShare(LINES, DELIVERY, so, { items: [{ line: 1, quantity: 1 }], includeDelivery: false }))).toMatchObject({
      field: 'items.1',
      message: PARTIAL_REFUND_MESSAGES.tooMany(0),
    })
    expect(refusal(() => refundShare(LINES, DELIVERY, so, { items: [{ line: 0, quantity: 3 }], includeDelivery: false })).message).toBe(
      'At most 2 of this piece can still be refunded.',
    )
    expect(refusal(() => refundShare(LINES, DELIVERY, so, { amountPaise: 89_800 + DELIVERY + 1 })).message).toBe('At most ₹978.00 can still be refunded.')
    expect(refusal(() => refundShare(LINES, DELIVERY, so, { amountPaise: MIN_REFUND_PAISE - 1 })).message).toBe(PARTIAL_REFUND_MESSAGES.tooLittle)
    expect(refusal(() => refundShare(LINES, DELIVERY, so, { items: [], includeDelivery: false })).message).toBe(PARTIAL_REFUND_MESSAGES.nothing)
    expect(refusal(() => refundShare(LINES, DELIVERY, so, { items: [{ line: 5, quantity: 1 }], includeDelivery: false })).message).toBe(
      PARTIAL_REFUND_MESSAGES.unknownLine,
    )
  })
})

/** An invoice of these lines (3% jewellery), as buildInvoice lays it out. */
function invoiceOf(lines: ShareLine[], delivery: number, mode: TaxMode): InvoiceDocument {
  const breakdown = computeTaxBreakdown({
    mode,
    deliveryFeePaise: delivery,
    lines: lines.map((l, i) => ({
      description: `Piece ${i}`,
      details: [],
      hsn: '7117',
      ratePercent: i % 2 ? 18 : 3,
      quantity: l.quantity,
      unitPricePaise: Math.ceil(l.grossPaise / l.quantity),
      discountPaise: Math.ceil(l.grossPaise / l.quantity) * l.quantity - l.grossPaise,
    })),
  })
  return { lines: breakdown.lines, totals: breakdown.totals, mode, number: 'INV/2026-27/000001', issuedAt: '2026-11-27T10:00:00.000Z' } as InvoiceDocument
}

const orderArb = fc.record({
  lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 5 }), unit: fc.integer({ min: 100, max: 500_000 }), off: fc.nat({ max: 90 }) }), { minLength: 1, maxLength: 4 }),
  delivery: fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 20_000 })),
  mode: fc.constantFrom<TaxMode>('intra', 'inter', 'none'),
})
const askArb = fc.oneof(
  fc.record({ kind: fc.constant('amount' as const), amount: fc.integer({ min: 1, max: 3_000_000 }) }),
  fc.record({ kind: fc.constant('items' as const), line: fc.nat({ max: 3 }), quantity: fc.integer({ min: 1, max: 3 }), delivery: fc.boolean() }),
)

describe('random sequences of partial refunds (property)', () => {
  it('never give back more than was paid, and their credit notes with the last one add up to the invoice in every figure', () => {
    let refunds = 0
    let refused = 0
    fc.assert(
      fc.property(orderArb, fc.array(askArb, { maxLength: 8 }), ({ lines: raw, delivery, mode }, asks) => {
        const lines = raw.map((l) => ({ quantity: l.quantity, grossPaise: l.unit * l.quantity - Math.floor((l.unit * l.quantity * l.off) / 100) }))
        const paid = lines.reduce((s, l) => s + l.grossPaise, 0) + delivery
        const invoice = invoiceOf(lines, delivery, mode)
        let so = nothingRefunded(lines.length)
        const parts: CreditedPart[] = []
        for (const a of asks) {
          const ask: RefundAsk = a.kind === 'amount' ? { amountPaise: a.amount } : { items: [{ line: a.line, quantity: a.quantity }], includeDelivery: a.delivery }
          try {
            const share = refundShare(lines, delivery, so, ask)
            refunds += 1
            expect(share.portions.reduce((s, p) => s + p, 0)).toBe(share.amountPaise)
            expect(share.portions.every((p) => p >= 0)).toBe(true)
            so = addShare(so, share)
            parts.push({ portions: share.portions, units: share.units })
            const note = buildPartialCreditNote(invoice, parts.at(-1) as CreditedPart, { number: 'CN/1', issuedAt: invoice.issuedAt })
            expect(note.totals.grossPaise).toBe(share.amountPaise)
          } catch (error) {
            if (!(error instanceof ShareRefused)) throw error
            refused += 1
          }
          const given = so.portions.reduce((s, p) => s + p, 0)
          expect(given).toBeLessThanOrEqual(paid)
          expect(so.portions.every((p, i) => p <= (i < lines.length ? (lines[i] as ShareLine).grossPaise : delivery))).toBe(true)
          expect(so.units.every((u, i) => u <= (lines[i] as ShareLine).quantity)).toBe(true)
        }
        // The refund that ends the order reverses the rest: all notes together are the invoice, figure by figure.
        const notes = [
          ...parts.map((part) => buildPartialCreditNote(invoice, part, { number: 'CN/x', issuedAt: invoice.issuedAt })),
          buildRemainderCreditNote(invoice, parts, { number: 'CN/end', issuedAt: invoice.issuedAt }),
        ]
        for (const figure of ['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'taxPaise'] as const) {
          expect(notes.reduce((s, n) => s + n.totals[figure], 0)).toBe(invoice.totals[figure])
        }
        expect(notes.at(-1)?.totals.grossPaise).toBe(paid - so.portions.reduce((s, p) => s + p, 0))
      }),
      { numRuns: 500, seed: 31 },
    )
    // The figures the closing note quotes: how many refunds the runs made and refused.
    expect(refunds).toBeGreaterThan(500)
    expect(refused).toBeGreaterThan(100)
    console.info(`refund-shares property: 500 orders, ${refunds} refunds made, ${refused} refused`)
  })
})
