
import type { DB } from '../../../db/database'
import { documentNumber, financialYearOf } from '~/lib/gst'
import {
  buildCreditNote,
  buildInvoice,
  DOCUMENT_SERIES,
  type DocumentKind,
  documentFilename,
  type InvoiceDocument,
  INVOICE_MESSAGES,
  type InvoiceOrder,
} from '~/lib/invoice-document'
import type { InvoiceSettings } from '~/lib/invoice-settings'
import { buildPartialCreditNote, buildRemainderCreditNote, type CreditedPart } from '~/lib/credit-note-parts'
import { newId } from '~/lib/ids.server'
import { ORDER_MESSAGES } from '~/lib/order-status'
import type { SessionUser } from '~/lib/user'
import { NotFound } from '~/domain/errors'
import { domainSettings } from '~/domain/settings.server'
import type { InvoiceWriter } from './invoice-writer'
import { readOrderSnapshot } from './order-snapshot.server'

/** A partial refund row's portions and pieces (its items JSON by order line) as a credited part. */
export function partOfRow(row: { portions: string; items: string }): CreditedPart {
  const portions = JSON.parse(row.portions) as number[]
  const units = new Array(Math.max(portions.length - 1, 0)).fill(0)
  for (const item of JSON.parse(row.items) as { line: number; quantity: number }[]) units[item.line] = (units[item.line] ?? 0) + item.quantity
  return { portions, units }
}

export interface IssuedDocument {
  kind: DocumentKind
  number: string
  issuedAt: string
}

export interface PdfFile {
  filename: string
  content: Buffer
}

/**
 * The next number of a series in a financial year. The counter row is made on first use; the
 * UPDATE takes the row (SQLite: the database's write lock; PostgreSQL: the row lock) until the
 * transaction ends, so no two transactions get the same number and a rollback returns it.
 */
export async function takeNextSequence(trx: DB, series: string, financialYear: string): Promise<number> {
  await trx
    .insertInto('document_counters')
    .values({ series, financial_year: financialYear, last_sequence: 0 })
    .onConflict((oc) => oc.columns(['series', 'financial_year']).doNothing())
    .execute()
  const row = await trx
    .updateTable('document_counters')
    .set((eb) => ({ last_sequence: eb('last_sequence', '+', 1) }))
    .where('series', '=', series)
    .where('financial_year', '=', financialYear)
    .returning('last_sequence')
    .executeTakeFirstOrThrow()
  return row.last_sequence
}

/** The order's invoice or credit note; with `refundId`, the credit note of that partial refund (ADR 087). */
async function issuedDocument(trx: DB, orderId: string, kind: DocumentKind, refundId = '') {
  return trx
    .selectFrom('invoices')
    .select(['number', 'issued_at', 'document'])
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .where('refund_id', '=', refundId)
    .executeTakeFirst()
}

async function issue(
  trx: DB,
  orderId: string,
  kind: DocumentKind,
  testMode: boolean,
  issuedAt: string,
  build: (number: string) => InvoiceDocument,
  refundId = '',
) {
  const series = DOCUMENT_SERIES[kind][testMode ? 'test' : 'live']
  const financialYear = financialYearOf(issuedAt)
  const sequence = await takeNextSequence(trx, series, financialYear)
  const number = documentNumber(series, financialYear, sequence)
  const document = build(number)
  await trx
    .insertInto('invoices')
    .values({ id: newId(), order_id: orderId, kind, series, financial_year: financialYear, sequence, number, issued_at: issuedAt, document: JSON.stringify(document), refund_id: refundId })
    .execute()
  return { kind, number, issuedAt }
}

/** The order as the invoice needs it, with each line's category (null when the product is gone). */
async function invoiceOrder(trx: DB, orderId: string): Promise<InvoiceOrder | null> {
  const snapshot = await readOrderSnapshot(trx, orderId)
  if (!snapshot) return null
  const { order, address, lines } = snapshot
  return {
    number: order.number,
    orderDate: order.order_date,
    testMode: order.gateway === 'test',
    userName: order.user_name,
    email: order.email,
    address,
    lines: lines.map((line) => ({
      title: line.title,
      variety: line.varietyName,
      varietyLabel: line.optionLabel || null,
      option2: line.option2,
      option2Label: line.option2Label,
      color: line.color,
      personalization: line.personalization,
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      discountPaise: line.discountPaise,
      category: line.category,
    })),
    discountCode: order.discount_code,
    deliveryFeePaise: order.delivery_fee_paise,
    totalAmountPaise: order.total_amount_paise,
    dispatchBy: order.dispatch_by,
  }
}

/**
 * Issues the order's tax invoice (or bill of supply), numbered in the financial year of `paidAt`.
 * Call it inside the transaction that marks the order paid. Once per order: a second call answers
 * the invoice already issued.
 */
export async function assignInvoiceNumber(
  trx: DB,
  orderId: string,
  paidAt: string,
  invoiceSettings: InvoiceSettings = domainSettings().invoice,
): Promise<IssuedDocument> {
  const existing = await issuedDocument(trx, orderId, 'invoice')
  if (existing) return { kind: 'invoice', number: existing.number, issuedAt: existing.issued_at }
  const order = await invoiceOrder(trx, orderId)
  if (!order) throw new NotFound(ORDER_MESSAGES.notFound)
  return issue(trx, orderId, 'invoice', order.testMode, paidAt, (number) =>
    buildInvoice({ order, settings: invoiceSettings, number, issuedAt: paidAt }),
  )
}

/** The partial refunds of an order that gave (or are giving) money back: what their notes reverse. */
async function creditedParts(trx: DB, orderId: string): Promise<CreditedPart[]> {
  const rows = await trx.selectFrom('partial_refunds').select(['portions', 'items']).where('order_id', '=', orderId).where('status', '!=', 'failed').execute()
  return rows.map(partOfRow)
}

/**
 * Issues the credit note that reverses the order's invoice (the order was refunded): in full, or,
 * after partial refunds, what they left (ADR 087). Call it inside the refund's transaction. Once per
 * order; null when the order was never invoiced (nothing to reverse: e.g. money refused for a rejected order).
 */
export async function issueCreditNote(trx: DB, orderId: string, issuedAt: string = new Date().toISOString()): Promise<IssuedDocument | null> {
  const existing = await issuedDocument(trx, orderId, 'credit-note')
  if (existing) return { kind: 'credit-note', number: existing.number, issuedAt: existing.issued_at }
  const invoice = await issuedDocument(trx, orderId, 'invoice')
  if (!invoice) return null
  const invoiceDocument = JSON.parse(invoice.document) as InvoiceDocument
  const parts = await creditedParts(trx, orderId)
  return issue(trx, orderId, 'credit-note', invoiceDocument.testMode, issuedAt, (number) =>
    parts.length ? buildRemainderCreditNote(invoiceDocument, parts, { number, issuedAt }) : buildCreditNote(invoiceDocument, { number, issuedAt }),
  )
}

/** Issues a partial refund's own credit note (once per refund; null when the order was never invoiced). */
export async function issuePartialCreditNote(trx: DB, orderId: string, refundId: string, part: CreditedPart, issuedAt: string): Promise<IssuedDocument | null> {
  const existing = await issuedDocument(trx, orderId, 'credit-note', refundId)
  if (existing) return { kind: 'credit-note', number: existing.number, issuedAt: existing.issued_at }
  const invoice = await issuedDocument(trx, orderId, 'invoice')
  if (!invoice) return null
  const invoiceDocument = JSON.parse(invoice.document) as InvoiceDocument
  return issue(trx, orderId, 'credit-note', invoiceDocument.testMode, issuedAt, (number) => buildPartialCreditNote(invoiceDocument, part, { number, issuedAt }), refundId)
}

async function renderDocument(db: DB, writer: InvoiceWriter, orderId: string, kind: DocumentKind, refundId = ''): Promise<PdfFile> {
  const row = await issuedDocument(db, orderId, kind, refundId)
  if (!row) throw new NotFound(kind === 'invoice' ? INVOICE_MESSAGES.noInvoice : INVOICE_MESSAGES.noCreditNote)
  return { filename: documentFilename(kind, row.number), content: await writer.pdf(JSON.parse(row.document) as InvoiceDocument) }
}

/** The order's invoice as a PDF (the mail outbox attaches it). NotFound before payment. */
export function renderInvoicePdf(db: DB, writer: InvoiceWriter, orderId: string): Promise<PdfFile> {
  return renderDocument(db, writer, orderId, 'invoice')
}

/** The order's credit note as a PDF (a partial refund's own, given its id). NotFound unless it was issued. */
export function renderCreditNotePdf(db: DB, writer: InvoiceWriter, orderId: string, refundId = ''): Promise<PdfFile> {
  return renderDocument(db, writer, orderId, 'credit-note', refundId)
}

/** The documents issued for an order, for its links ('INV/2026-27/000123' or null). */
export async function orderDocuments(db: DB, orderId: string): Promise<{ invoice: string | null; creditNote: string | null }> {
  const rows = await db.selectFrom('invoices').select(['kind', 'number']).where('order_id', '=', orderId).where('refund_id', '=', '').execute()
  return {
    invoice: rows.find((r) => r.kind === 'invoice')?.number ?? null,
    creditNote: rows.find((r) => r.kind === 'credit-note')?.number ?? null,
  }
}

/** A document of an order for its owner or the admin; NotFound for anyone else and before it is issued. */
export async function orderDocumentPdf(db: DB, writer: InvoiceWriter, orderId: string, kind: DocumentKind, viewer: SessionUser, refundId = ''): Promise<PdfFile> {
  let query = db.selectFrom('orders').select('id').where('id', '=', orderId)
  if (viewer.role !== 'admin') query = query.where('user_id', '=', viewer.id)
  if (!(await query.executeTakeFirst())) throw new NotFound(ORDER_MESSAGES.notFound)
  return renderDocument(db, writer, orderId, kind, refundId)
}
