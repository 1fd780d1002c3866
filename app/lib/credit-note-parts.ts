// Credit notes for part of an invoice (ADR 087): a partial refund's note reverses exactly the
// portions it gave back (each line's portion split into taxable value and tax at the line's rate),
// and the note of the refund that ends the order reverses what is left, line by line and tax by tax,
// so the notes of an order add up to its invoice to the paisa. Pure, like invoice-document.ts.
import { amountInWords } from './amount-in-words'
import { addAmounts, splitInclusive, type TaxAmounts, type TaxLine } from './gst'
import { DOCUMENT_TITLES, type InvoiceDocument } from './invoice-document'
import { formatPaise } from './money'

const ZERO: TaxAmounts = { grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 }

/** An earlier partial refund as the notes need it: its portions per invoice line and pieces per order line. */
export interface CreditedPart {
  portions: readonly number[]
  units: readonly number[]
}

function minus(a: TaxAmounts, b: TaxAmounts): TaxAmounts {
  return {
    grossPaise: a.grossPaise - b.grossPaise,
    taxablePaise: a.taxablePaise - b.taxablePaise,
    cgstPaise: a.cgstPaise - b.cgstPaise,
    sgstPaise: a.sgstPaise - b.sgstPaise,
    igstPaise: a.igstPaise - b.igstPaise,
    taxPaise: a.taxPaise - b.taxPaise,
  }
}

/** What a part gives back of one invoice line, tax split (the same split every note uses). */
function partAmounts(invoice: InvoiceDocument, index: number, portion: number): TaxAmounts {
  const line = invoice.lines[index]
  if (!line || portion === 0) return ZERO
  return splitInclusive(portion, line.ratePercent, invoice.mode)
}

function noteOf(invoice: InvoiceDocument, lines: TaxLine[], input: { number: string; issuedAt: string }): InvoiceDocument {
  const totals = lines.reduce<TaxAmounts>((sum, line) => addAmounts(sum, line), ZERO)
  return {
    ...invoice,
    kind: 'credit-note',
    title: DOCUMENT_TITLES.creditNote,
    number: input.number,
    issuedAt: input.issuedAt,
    against: { number: invoice.number, issuedAt: invoice.issuedAt },
    lines,
    totals,
    totalInWords: amountInWords(totals.grossPaise),
  }
}

/** The credit note of one partial refund: the lines (and delivery) it gives back, at what they were paid. */
export function buildPartialCreditNote(invoice: InvoiceDocument, part: CreditedPart, input: { number: string; issuedAt: string }): InvoiceDocument {
  const lines: TaxLine[] = []
  invoice.lines.forEach((line, i) => {
    const portion = part.portions[i] ?? 0
    if (portion === 0) return
    const units = part.units[i] ?? 0
    const quantity = units > 0 ? units : 1
    const unitPricePaise = units > 0 ? line.unitPricePaise : portion
    const discountPaise = unitPricePaise * quantity - portion
    lines.push({
      ...line,
      details: [...line.details.filter((d) => !d.startsWith('Discount')), ...(units > 0 ? [] : [`Part of the line: ${formatPaise(portion)}`])],
      quantity,
      unitPricePaise,
      ...(discountPaise > 0 ? { discountPaise } : { discountPaise: undefined }),
      ...partAmounts(invoice, i, portion),
    })
  })
  return noteOf(invoice, lines, input)
}

/**
 * The credit note that ends the order's refunds: each invoice line less what the partial notes
 * reversed (their portions split the same way), so every figure of all the notes adds up to the invoice.
 * With no parts it is the whole invoice reversed.
 */
export function buildRemainderCreditNote(invoice: InvoiceDocument, parts: readonly CreditedPart[], input: { number: string; issuedAt: string }): InvoiceDocument {
  const lines: TaxLine[] = []
  invoice.lines.forEach((line, i) => {
    const credited = parts.reduce<TaxAmounts>((sum, part) => addAmounts(sum, partAmounts(invoice, i, part.portions[i] ?? 0)), ZERO)
    if (parts.length === 0) {
      lines.push(line)
      return
    }
    const left = minus(line, credited)
    // A line the parts gave back in full may still differ from its invoice line by a paisa of tax
    // rounding (taxable and tax, gross 0): kept, so the notes add up figure by figure.
    if (Object.values(left).every((figure) => figure === 0)) return
    const unitsTaken = parts.reduce((sum, part) => sum + (part.units[i] ?? 0), 0)
    const quantity = Math.max(line.quantity - unitsTaken, 1)
    const discountPaise = line.unitPricePaise * quantity - left.grossPaise
    lines.push({ ...line, quantity, ...(discountPaise > 0 ? { discountPaise } : { discountPaise: undefined }), ...left })
  })
  return noteOf(invoice, lines, input)
}
