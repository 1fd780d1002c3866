// What invoices need from outside: something that draws an issued document as a PDF. Declared here
// so the orders room owns it; app/infra/pdf/ implements it with pdfkit (ADR 054). Every figure is
// worked out in the document (app/lib/invoice-document.ts) before it reaches the writer, which only
// lays it out.
import type { InvoiceDocument } from '~/lib/invoice-document'

export interface InvoiceWriter {
  /** The PDF of an issued invoice, bill of supply or credit note. */
  pdf(document: InvoiceDocument): Promise<Buffer>
}
