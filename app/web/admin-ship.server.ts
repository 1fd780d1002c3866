// The owner's parcel on the admin order page (ADR 086): 'Ship' books it through the shop's
// ShippingProvider (app/domain/shipping/shipments.server.ts), the label and the day's manifest are the
// aggregator's PDFs served from here. A refusal (not accepted, courier down, ships by hand) comes back
// as the form's message under `ship`; a PDF the aggregator cannot make goes back with a toast.
import { DomainError, NotFound } from '~/domain/errors'
import { bookShipment, dayManifest, shipmentLabel } from '~/domain/shipping/shipments.server'
import { getDb } from '~/infra/db.server'
import { getShippingProvider } from '~/infra/shipping-setup.server'
import { manualShipping, type ShippingProvider } from '~/domain/shipping/shipping-provider'
import { SHIPMENT_MESSAGES } from '~/lib/shipments'
import { formAction } from './form-action.server'
import { redirectWithToast } from './toast/toast.server'

/** The shop's provider, or the owner's hands when no aggregator is set up. */
export function shippingProvider(): ShippingProvider {
  return getShippingProvider() ?? manualShipping()
}

export function shipFormAction(orderId: string, adminId: string) {
  return formAction(
    async () => {
      const booked = await bookShipment(getDb(), shippingProvider(), orderId, adminId)
      const message = booked.awb ? SHIPMENT_MESSAGES.booked(booked.awb, booked.courierName ?? 'the courier') : SHIPMENT_MESSAGES.courierDown
      return redirectWithToast(`/admin/orders/${orderId}`, { type: booked.awb ? 'success' : 'error', message })
    },
    { reply: { fieldErrors: (error) => ({ ship: [error.message] }) } },
  )
}

function pdf(content: Uint8Array, filename: string): Response {
  return new Response(new Uint8Array(content), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(content.length),
      'Content-Disposition': `inline; filename="${filename}"`,
      // The shopper's name and address: the admin's browser only.
      'Cache-Control': 'private, no-cache',
    },
  })
}

async function pdfOrBack(make: () => Promise<Response>, back: string): Promise<Response> {
  try {
    return await make()
  } catch (error) {
    if (error instanceof NotFound) return redirectWithToast(back, { type: 'error', message: error.message })
    if (error instanceof DomainError) return redirectWithToast(back, { type: 'error', message: error.message })
    throw error
  }
}

/** GET the label of the order's parcel. */
export function labelResponse(orderId: string): Promise<Response> {
  return pdfOrBack(async () => {
    const label = await shipmentLabel(getDb(), shippingProvider(), orderId)
    return pdf(label.pdf, `label-${label.awb}.pdf`)
  }, `/admin/orders/${encodeURIComponent(orderId)}`)
}

/** GET the pickup manifest of an India day's parcels (YYYY-MM-DD; today when missing or malformed). */
export function manifestResponse(day: string | null, back: string): Promise<Response> {
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
  const chosen = day && /^\d{4}-\d{2}-\d{2}$/.test(day) && Number.isFinite(Date.parse(day)) ? day : today
  return pdfOrBack(async () => pdf(await dayManifest(getDb(), shippingProvider(), chosen), `manifest-${chosen}.pdf`), back)
}
