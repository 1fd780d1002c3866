// A parcel's scans (issue 30, ADR 086), from the aggregator's webhook or the tracking poll: each kept
// once (shipment_events is unique per order and scan key, so a replayed webhook adds nothing), the
// parcel moved only forwards (a late "in transit" after "delivered" is kept in the timeline but moves
// nothing), and the order moved with it: shipped, then delivered, each with its mail through the
// outbox; "out for delivery" mails once; a failed delivery puts the order in 'Needs attention' and
// a return to origin follows the parcel back (parcel-ndrs.server.ts, ADR 102).
import type { DB } from '../../../db/database'
import { clock } from '~/domain/clock'
import { orderStatusMail } from '~/domain/messaging/mail.server'
import { moveOrder } from '~/domain/orders/order-lifecycle.server'
import { canMoveOrder } from '~/lib/order-status'
import { advanceShipment, orderStatusOfShipment, SHIPMENT_RANK, type ShipmentStatus, TRACKED_STATUSES } from '~/lib/shipments'
import { recordNdr, recordRto } from './parcel-ndrs.server'
import type { ShippingProvider, TrackingScan } from './shipping-provider'

/** How long after a scan the poll asks again, and how long a worker holds a parcel it polls. */
const POLL_EVERY_MS = 3 * 60 * 60_000
const POLL_LEASE_MS = 2 * 60_000

export type ScanSource = 'webhook' | 'poll'

/** A scan's key: the same scan told twice (a replay, the poll after the webhook) is one row. */
export function scanKey(scan: TrackingScan): string {
  return `${scan.status}:${new Date(scan.at).toISOString()}:${scan.activity.trim().toLowerCase()}`.slice(0, 300)
}

/**
 * Records the scans of the parcel with this AWB and moves the parcel and its order forwards.
 * Answers what became of it; null for an AWB the shop never booked.
 */
export async function recordScans(
  db: DB,
  awb: string,
  scans: readonly TrackingScan[],
  source: ScanSource,
  expectedDelivery: string | null = null,
  pollEveryMs = POLL_EVERY_MS,
): Promise<{ orderId: string; status: ShipmentStatus; added: number } | null> {
  return db.transaction().execute(async (trx) => {
    const shipment = await trx.selectFrom('shipments').select(['order_id', 'status']).where('awb', '=', awb).executeTakeFirst()
    if (!shipment) return null
    const orderId = shipment.order_id
    let added = 0
    let status = shipment.status
    // Oldest first, so the mails and history follow the parcel's road.
    for (const scan of [...scans].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
      const inserted = await trx
        .insertInto('shipment_events')
        .values({ order_id: orderId, event_key: scanKey(scan), status: scan.status, activity: scan.activity.slice(0, 300), location: scan.location.slice(0, 120), scanned_at: new Date(scan.at).toISOString(), source })
        .onConflict((oc) => oc.columns(['order_id', 'event_key']).doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue
      added += 1
      status = advanceShipment(status, scan.status)
      // A failed delivery (NDR, ADR 102): its reason and the owner's answer, and the shopper's mail.
      if (scan.status === 'undelivered') await recordNdr(trx, orderId, { eventKey: scanKey(scan), reason: scan.reason ?? scan.activity, at: new Date(scan.at).toISOString() })
    }
    const now = clock.iso()
    const ended = SHIPMENT_RANK[status] >= SHIPMENT_RANK.delivered
    await trx
      .updateTable('shipments')
      .set({
        status,
        updated_at: now,
        next_poll_at: ended ? null : new Date(clock.now().getTime() + pollEveryMs).toISOString(),
        ...(expectedDelivery ? { expected_delivery: expectedDelivery } : {}),
      })
      .where('order_id', '=', orderId)
      .execute()
    if (status !== shipment.status) await followParcel(trx, orderId, status)
    if (status !== shipment.status) await recordRto(trx, orderId, status)
    return { orderId, status, added }
  })
}

/** The order follows its parcel: shipped once picked up, delivered once delivered; the shopper hears of each once. */
async function followParcel(trx: DB, orderId: string, status: ShipmentStatus): Promise<void> {
  const order = await trx.selectFrom('orders').select('order_status').where('id', '=', orderId).executeTakeFirstOrThrow()
  const target = orderStatusOfShipment(status)
  // A parcel scanned delivered before the order was marked shipped passes through shipped.
  if (target && order.order_status === 'inProcess' && canMoveOrder('inProcess', 'inShipping', 'courier')) {
    await moveOrder(trx, orderId, 'inShipping', 'courier')
    order.order_status = 'inShipping'
  }
  if (target === 'delivered' && canMoveOrder(order.order_status, 'delivered', 'courier')) await moveOrder(trx, orderId, 'delivered', 'courier')
  if (status === 'outForDelivery') await orderStatusMail(trx, orderId, 'outForDelivery')
}

/**
 * Claims up to `limit` parcels due a poll for `workerId`: one statement, so two processes never
 * poll the same parcel; a worker that dies leaves its claim to run out (as the mail outbox does).
 */
export async function claimParcelsToPoll(db: DB, options: { workerId: string; limit: number }): Promise<{ orderId: string; awb: string }[]> {
  const now = clock.iso()
  // A read first: the poll runs every minute, and an UPDATE takes SQLite's write lock even when it
  // changes nothing (a writer beside the shop would meet it for nothing).
  const anyDue = await db
    .selectFrom('shipments')
    .select('order_id')
    .where('status', 'in', TRACKED_STATUSES)
    .where('next_poll_at', '<=', now)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
    .limit(1)
    .executeTakeFirst()
  if (!anyDue) return []
  const until = new Date(clock.now().getTime() + POLL_LEASE_MS).toISOString()
  const claimed = await db
    .updateTable('shipments')
    .set({ claimed_by: options.workerId, claimed_until: until })
    .where('order_id', 'in', (eb) =>
      eb
        .selectFrom('shipments')
        .select('order_id')
        .where('status', 'in', TRACKED_STATUSES)
        .where('next_poll_at', '<=', now)
        .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
        .orderBy('next_poll_at')
        .limit(options.limit),
    )
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
    .returning(['order_id', 'awb'])
    .execute()
  return claimed.filter((row): row is { order_id: string; awb: string } => row.awb !== null).map((row) => ({ orderId: row.order_id, awb: row.awb }))
}

/** One round of the poll: asks the aggregator about each claimed parcel and records what it says. A failure leaves the parcel for the next round. */
export async function pollParcels(db: DB, provider: ShippingProvider, options: { workerId: string; limit?: number }): Promise<number> {
  if (provider.name === 'manual') return 0
  const parcels = await claimParcelsToPoll(db, { workerId: options.workerId, limit: options.limit ?? 20 })
  let recorded = 0
  for (const parcel of parcels) {
    try {
      const tracked = await provider.track(parcel.awb)
      const result = await recordScans(db, parcel.awb, tracked.scans, 'poll', tracked.expectedDelivery, provider.pollEveryMs)
      recorded += result?.added ?? 0
    } catch {
      // The claim runs out and the next round asks again.
    } finally {
      await db.updateTable('shipments').set({ claimed_by: null, claimed_until: null }).where('order_id', '=', parcel.orderId).where('claimed_by', '=', options.workerId).execute()
    }
  }
  return recorded
}
