// The demo shop's TEST MODE courier (ADR 086), embedded as the TEST MODE payment gateway is: no
// network, no parcel moves. A booking's AWB is derived from the order's id (the same order always
// gets the same AWB, across restarts: a retry books nothing new); labels and manifests are PDFs
// marked TEST MODE; tracking walks a booked parcel to delivered over a few minutes so the owner can
// watch the timeline fill.
import { createHash } from 'node:crypto'
import type { Booking, ShippingProvider, TrackingScan } from '~/domain/shipping/shipping-provider'
import type { ScanStatus } from '~/lib/shipments'
import { a4Pdf } from './pdf/a4-pdf.server'

/** Where a TEST MODE parcel is, minutes after it was booked. */
const TEST_ROAD: { afterMinutes: number; status: ScanStatus; activity: string; location: string }[] = [
  { afterMinutes: 2, status: 'pickedUp', activity: 'Picked up from the studio', location: 'Studio' },
  { afterMinutes: 4, status: 'inTransit', activity: 'In transit', location: 'Hub' },
  { afterMinutes: 6, status: 'outForDelivery', activity: 'Out for delivery', location: 'Delivery centre' },
  { afterMinutes: 8, status: 'delivered', activity: 'Delivered', location: 'Doorstep' },
]

export function testAwb(orderId: string): string {
  return `TEST${createHash('sha256').update(orderId).digest('hex').slice(0, 10).toUpperCase()}`
}

function testPdf(title: string, lines: string[]): Promise<Buffer> {
  return a4Pdf({ margin: 48, info: { Title: title } }, (pdf) => {
    pdf.fontSize(20).text(title)
    pdf.moveDown().fontSize(12).text('TEST MODE: no courier was booked. Do not stick this on a parcel.')
    pdf.moveDown()
    for (const line of lines) pdf.fontSize(14).text(line)
  })
}

export function testCourier(now: () => number = Date.now): ShippingProvider {
  const bookedAt = new Map<string, number>()
  return {
    name: 'test',
    // The parcel walks to delivered in 8 minutes: asked about every 2, the owner watches it move.
    pollEveryMs: 2 * 60_000,
    async book(request) {
      const awb = testAwb(request.channelOrderId)
      if (!bookedAt.has(awb)) bookedAt.set(awb, now())
      const booking: Booking = {
        providerOrderId: `test-${request.channelOrderId}`,
        providerShipmentId: `test-${awb}`,
        awb,
        courierName: 'Test Courier',
        trackingUrl: null,
        expectedDelivery: new Date(now() + 4 * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10),
      }
      return booking
    },
    async label(booking) {
      return testPdf(`Shipping label ${booking.awb}`, [`AWB ${booking.awb}`, 'Test Courier'])
    },
    async manifest(bookings) {
      return testPdf('Pickup manifest', bookings.map((b, i) => `${i + 1}. AWB ${b.awb}`))
    },
    async track(awb) {
      // A parcel booked before a restart (the map is this process's) starts its road when first asked about.
      const start = bookedAt.get(awb) ?? now()
      bookedAt.set(awb, start)
      const scans: TrackingScan[] = TEST_ROAD.filter((step) => now() >= start + step.afterMinutes * 60_000).map((step) => ({
        status: step.status,
        activity: step.activity,
        location: step.location,
        at: new Date(start + step.afterMinutes * 60_000).toISOString(),
      }))
      return { scans, expectedDelivery: null }
    },
    async cancel() {},
    // A failed TEST MODE delivery (a scan posted to the webhook) is answered at once: no courier to ask.
    async ndrAction() {},
    async bookReturnPickup(request) {
      const awb = testAwb(`return-${request.channelReturnId}`)
      const booking: Booking = { providerOrderId: `test-${request.channelReturnId}`, providerShipmentId: `test-${awb}`, awb, courierName: 'Test Courier', trackingUrl: null, expectedDelivery: null }
      return booking
    },
  }
}
