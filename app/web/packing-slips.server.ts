// The packing-slip downloads (ADR 072): the chosen orders' slips as one PDF for the admin; a choice
// the domain refuses (none, too many, an order with nothing to pack) goes back to the page it came
// from with the reason as a toast, and an unknown order is a 404.
import { Invalid, NotFound } from '~/domain/errors'
import { packingSlips } from '~/domain/orders/packing-slips.server'
import { getDb } from '~/infra/db.server'
import { packingSlipFilename } from '~/lib/packing-slip'
import { redirectWithToast } from '~/web/toast/toast.server'

export async function packingSlipResponse(orderIds: readonly string[], back: string): Promise<Response> {
  try {
    const slips = await packingSlips(getDb(), orderIds)
    // Loaded on the first download: pdfkit is not evaluated at the server's start (ADR 097).
    const { packingSlipPdf } = await import('~/infra/pdf/packing-slip-pdf.server')
    const content = await packingSlipPdf(slips)
    return new Response(new Uint8Array(content), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(content.length),
        'Content-Disposition': `attachment; filename="${packingSlipFilename(slips)}"`,
        // Shoppers' names and addresses: kept by the admin's browser only, never by a shared cache.
        'Cache-Control': 'private, no-cache',
      },
    })
  } catch (error) {
    if (error instanceof Invalid) return redirectWithToast(back, { type: 'error', message: error.message })
    if (!(error instanceof NotFound)) throw error
    return new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-cache' } })
  }
}
