// The shopper's parcel timeline: each scan with the courier's words only when they say more than the
// scan's label; Shiprocket's webhook names its current status in capitals ('DELIVERED'), which read
// as shouting the label again under it.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ShipmentView } from '~/lib/shipments'
import { ParcelTimeline } from './parcel-timeline'

const shipment: ShipmentView = {
  carrier: 'Test Courier',
  awb: 'TEST0123456789',
  trackingUrl: null,
  status: 'delivered',
  expectedDelivery: null,
  events: [
    { status: 'pickedUp', activity: 'Shipment picked up', location: 'Studio', at: '2026-11-28T04:00:00.000Z' },
    { status: 'delivered', activity: 'DELIVERED', location: '', at: '2026-11-28T06:00:00.000Z' },
  ],
}

describe('ParcelTimeline', () => {
  it("shows the courier's words when they say more, not its capitals of the label", () => {
    const html = renderToStaticMarkup(<ParcelTimeline shipment={shipment} />)
    expect(html).toContain('Your parcel: Delivered')
    expect(html).toContain(' · Shipment picked up')
    expect(html).not.toContain('DELIVERED')
  })
})
