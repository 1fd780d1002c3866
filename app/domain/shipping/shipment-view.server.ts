// A booked parcel as the shopper's order page and the /api show it (ADR 086): courier, AWB, link,
// where it is, the expected day and every scan, oldest first. Null before a parcel is booked.
import type { DB } from '../../../db/database'
import type { ShipmentView } from '~/lib/shipments'

export async function shipmentView(db: DB, orderId: string): Promise<ShipmentView | null> {
  const row = await db
    .selectFrom('shipments')
    .select(['status', 'awb', 'courier_name', 'tracking_url', 'expected_delivery'])
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  if (!row?.awb) return null
  const events = await db
    .selectFrom('shipment_events')
    .select(['status', 'activity', 'location', 'scanned_at'])
    .where('order_id', '=', orderId)
    .orderBy('scanned_at')
    .orderBy('id')
    .limit(100)
    .execute()
  return {
    carrier: row.courier_name ?? 'Courier',
    awb: row.awb,
    trackingUrl: row.tracking_url,
    status: row.status,
    expectedDelivery: row.status === 'delivered' ? null : row.expected_delivery,
    events: events.map((e) => ({ status: e.status, activity: e.activity, location: e.location, at: e.scanned_at })),
  }
}
