// What a tax invoice, bill of supply or credit note says, worked out once when it is issued and
// kept as it was (the PDF is drawn from this; later changes to the catalogue or the configuration
// do not change an issued document). Pure: see ADR 035.
import { type PersonalizationValues, personalizationWords } from './personalization'
import type { AddressFields } from './addresses'
import { amountInWords } from './amount-in-words'
import type { Category } from './catalog'
import { computeTaxBreakdown, type TaxAmounts, type TaxLine, type TaxMode } from './gst'
import { matchIndianState } from './indian-states'
import { formatPaise } from './money'
import { GST_STATE_CODES, type InvoiceSettings, stateWithCode } from './invoice-settings'

export const DOCUMENT_KINDS = ['invoice', 'credit-note'] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]

/** The series each kind is numbered in; TEST MODE orders (no money moved) have series of their own. */
export const DOCUMENT_SERIES: Record<DocumentKind, { live: string; test: string }> = {
  invoice: { live: 'INV', test: 'TEST-INV' },
  'credit-note': { live: 'CN', test: 'TEST-CN' },
}

export const DOCUMENT_TITLES = {
  taxInvoice: 'Tax Invoice',
  billOfSupply: 'Bill of Supply',
  creditNote: 'Credit Note',
} as const

export const INVOICE_MESSAGES = {
  noInvoice: 'This order has no invoice yet: it is issued when the payment is confirmed.',
  noCreditNote: 'This order has no credit note: it is issued when the order is refunded.',
} as const

/** File names the downloads and mail attachments use. */
export function documentFilename(kind: DocumentKind, number: string): string {
  return `${kind === 'invoice' ? 'invoice' : 'credit-note'}-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`
}

export interface DocumentParty {
  name: string
  lines: string[]
}

export interface InvoiceDocument {
  kind: DocumentKind
  title: (typeof DOCUMENT_TITLES)[keyof typeof DOCUMENT_TITLES]
  number: string
  issuedAt: string
  /** Paid through the TEST MODE gateway: no money moved and this is not a tax document. */
  testMode: boolean
  orderNumber: number
  orderDate: string
  /** A credit note names the invoice it reverses. */
  against: { number: string; issuedAt: string } | null
  seller: DocumentParty & { state: string; gstin: string | null }
  buyer: DocumentParty
  shipTo: DocumentParty
  /** 'Karnataka (29)': the shipping state, which decides the tax split. */
  placeOfSupply: string
  /** The day (YYYY-MM-DD) the order is to leave the studio when the invoice was issued (ADR 070, 072); absent on older documents. */
  dispatchBy?: string | null
  mode: TaxMode
  lines: TaxLine[]
  totals: TaxAmounts
  totalInWords: string
}

/** The order as an invoice needs it (its own snapshot of address and lines). */
export interface InvoiceOrder {
  number: number
  orderDate: string
  testMode: boolean
  userName: string
  email: string
  address: AddressFields
  lines: {
    title: string
    variety: string
    varietyLabel: string | null
    /** The second group's option and name (ADR 077); left out or '' for none. */
    option2?: string
    option2Label?: string
    color: string
    /** The personalisation as bought, label -> value ({} for none; ADR 069): on the line's description. */
    personalization?: PersonalizationValues
    quantity: number
    unitPricePaise: number
    /** The line's share of the order's discount code (ADR 073); 0 or absent for none. */
    discountPaise?: number
    category: Category | null
  }[]
  /** The discount code the order used ('' or absent for none): named on each discounted line. */
  discountCode?: string
  deliveryFeePaise: number
  totalAmountPaise: number
  /** The order's expected dispatch day (YYYY-MM-DD), null when it has none. */
  dispatchBy?: string | null
}

/** Within the seller's state: CGST + SGST; otherwise IGST; no GSTIN: no tax at all. */
export function taxModeFor(settings: InvoiceSettings, shippingState: string): TaxMode {
  if (!settings.seller.gstin) return 'none'
  return matchIndianState(shippingState) === settings.seller.state ? 'intra' : 'inter'
}

/** An order line whose product is gone or has no category is taxed as an article of resin. */
const FALLBACK_CATEGORY: Category = 'home-decor'

export function buildInvoice(input: { order: InvoiceOrder; settings: InvoiceSettings; number: string; issuedAt: string }): InvoiceDocument {
  const { order, settings } = input
  const mode = taxModeFor(settings, order.address.state)
  const breakdown = computeTaxBreakdown({
    mode,
    deliveryFeePaise: order.deliveryFeePaise,
    lines: order.lines.map((line) => ({
      ...settings.categories[line.category ?? FALLBACK_CATEGORY],
      description: line.title,
      details: [
        line.variety ? `${line.varietyLabel ?? 'Option'}: ${line.variety}` : '',
        line.option2 ? `${line.option2Label || 'Option'}: ${line.option2}` : '',
        line.color ? `Colour: ${line.color}` : '',
        ...personalizationWords(line.personalization ?? {}),
        line.discountPaise ? `Discount${order.discountCode ? ` ${order.discountCode}` : ''}: -${formatPaise(line.discountPaise)}` : '',
      ].filter(Boolean),
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      ...(line.discountPaise ? { discountPaise: line.discountPaise } : {}),
    })),
  })
  if (breakdown.totals.grossPaise !== order.totalAmountPaise) {
    throw new Error(`Order #${order.number}: lines and delivery add up to ${breakdown.totals.grossPaise} paise, the order's total is ${order.totalAmountPaise}`)
  }
  const a = order.address
  const { seller } = settings
  return {
    kind: 'invoice',
    title: seller.gstin ? DOCUMENT_TITLES.taxInvoice : DOCUMENT_TITLES.billOfSupply,
    number: input.number,
    issuedAt: input.issuedAt,
    testMode: order.testMode,
    orderNumber: order.number,
    orderDate: order.orderDate,
    against: null,
    seller: {
      name: seller.legalName,
      lines: [...seller.address, `State: ${seller.state} (${GST_STATE_CODES[seller.state]})`],
      state: seller.state,
      gstin: seller.gstin,
    },
    buyer: { name: order.userName, lines: [order.email] },
    shipTo: {
      name: a.name || order.userName,
      lines: [a.addressLine, a.landmark, `${a.city} ${a.pincode}`.trim(), [a.state, a.country].filter(Boolean).join(', '), a.phone ? `Phone: ${a.phone}` : ''].filter(
        Boolean,
      ),
    },
    placeOfSupply: stateWithCode(a.state),
    dispatchBy: order.dispatchBy ?? null,
    mode,
    lines: breakdown.lines,
    totals: breakdown.totals,
    totalInWords: amountInWords(breakdown.totals.grossPaise),
  }
}

/** The credit note that reverses an invoice in full: the same lines and amounts, its own number. */
export function buildCreditNote(invoice: InvoiceDocument, input: { number: string; issuedAt: string }): InvoiceDocument {
  return {
    ...invoice,
    kind: 'credit-note',
    title: DOCUMENT_TITLES.creditNote,
    number: input.number,
    issuedAt: input.issuedAt,
    against: { number: invoice.number, issuedAt: invoice.issuedAt },
  }
}
