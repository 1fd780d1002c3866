// A booked parcel as the shopper's order page and the /api show it (ADR 086): courier, AWB, link,
// where it is, the expected day and every scan, oldest first, and a failed delivery's reason and what
// happens next (ADR 102). Null before a parcel is booked.
import type { DB } from '../../../db/database'
import { NDR_MESSAGES, type ShipmentView } from '~/lib/shipments'

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
  const ndr =
    row.status === 'undelivered' || row.status === 'returning'
      ? await db.selectFrom('parcel_ndrs').select(['attempt', 'reason', 'action', 'action_state']).where('order_id', '=', orderId).orderBy('attempt', 'desc').limit(1).executeTakeFirst()
      : undefined
  const next =
    row.status === 'returning'
      ? NDR_MESSAGES.shopperReturning
      : ndr?.action === 'reattempt' && ndr.action_state === 'sent'
        ? NDR_MESSAGES.shopperReattempt
        : NDR_MESSAGES.shopperNext
  return {
    failedDelivery: ndr ? { attempt: ndr.attempt, reason: ndr.reason, next } : row.status === 'returning' ? { attempt: 0, reason: '', next } : null,
    carrier: row.courier_name ?? 'Courier',
    awb: row.awb,
    trackingUrl: row.tracking_url,
    status: row.status,
    expectedDelivery: row.status === 'delivered' ? null : row.expected_delivery,
    events: events.map((e) => ({ status: e.status, activity: e.activity, location: e.location, at: e.scanned_at })),
  }
}
