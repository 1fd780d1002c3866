// The invoice and credit-note downloads: the order's owner (shop) or the admin gets the PDF; anyone
// else, and an order without that document (unpaid, or never refunded), gets a 404.
import { NotFound } from '~/domain/errors'
import { orderDocumentPdf } from '~/domain/orders/invoices.server'
import { getDb } from '~/infra/db.server'
import { invoiceWriter } from '~/infra/pdf/pdf-thread.server'
import type { DocumentKind } from '~/lib/invoice-document'
import type { SessionUser } from '~/lib/user'

export async function orderDocumentResponse(viewer: SessionUser, orderId: string, kind: DocumentKind, refundId = ''): Promise<Response> {
  try {
    const file = await orderDocumentPdf(getDb(), invoiceWriter(), orderId, kind, viewer, refundId.slice(0, 64))
    return new Response(new Uint8Array(file.content), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(file.content.length),
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        // The shopper's name and address: kept by their browser only, never by a shared cache.
        'Cache-Control': 'private, no-cache',
      },
    })
  } catch (error) {
    if (!(error instanceof NotFound)) throw error
    return new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-cache' } })
  }
}
