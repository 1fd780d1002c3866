// A courier collects an approved return (issues 30 and 31, ADR 104). When the owner approves a return
// and the shop books parcels through an aggregator (not by hand), the approval's transaction writes
// the pickup's intent ('booking'), then the aggregator is asked under the return's own id (asked
// again, it answers the same return order), then the AWB is recorded with the shopper's approved mail
// naming the courier. A double tap, a retry after a timeout or a crash at any line books one pickup.
// When the aggregator does not answer, the approval stands: the shopper's mail says where to send the
// parcel, and the owner's panel shows "Pickup not booked: <reason>" with "Book pickup".
import type { DB, Trx } from '../../../db/database'
import { clock } from '~/domain/clock'
import { Invalid, NotFound } from '~/domain/errors'
import { decideReturn, mailShopper, readReturn, readReturnPolicy, type ReturnRow, returnAddress } from '~/domain/orders/returns.server'
import { domainSettings } from '~/domain/settings.server'
import { formatOrderNumber } from '~/lib/order-status'
import { advancePickup, RETURN_PICKUP_MESSAGES, type ReturnPickupStatus } from '~/lib/return-pickups'
import { RETURN_MESSAGES, type ReturnView } from '~/lib/returns'
import type { ScanStatus } from '~/lib/shipments'
import { readDeliverySetup } from './delivery-rates.server'
import { ORDER_PARTY_COLUMNS, orderParty, weighedParcel } from './shipments.server'
import { scanKey, type ScanSource } from './shipment-scans.server'
import { type Booking, CourierUnavailable, type ReturnPickupRequest, type ShippingProvider, type TrackingScan } from './shipping-provider'

/** How soon the tracking poll first asks about a booked pickup, and then how often (a provider may say otherwise). */
const FIRST_POLL_MS = 60 * 60_000
const POLL_EVERY_MS = 3 * 60 * 60_000

export interface ReturnPickupResult {
  ret: ReturnView
  /** Null: the shop ships by hand (no pickup); else the pickup's outcome. */
  pickup: { booked: true; awb: string; courierName: string } | { booked: false; reason: string } | null
}

/**
 * The owner approves a return; with an aggregator, its courier pickup is booked too. A failed booking
 * leaves the return approved (the answer says why; "Book pickup" asks again).
 */
export async function approveReturnWithPickup(
  db: DB,
  provider: ShippingProvider,
  orderId: string,
  returnId: string,
  message: string,
  adminId: string | null,
): Promise<ReturnPickupResult> {
  const courier = provider.name !== 'manual'
  const ret = await decideReturn(db, orderId, returnId, { approve: true, message, pickupIntent: courier ? (trx, row) => writeIntent(trx, row, provider.name) : undefined }, adminId)
  if (!courier) return { ret, pickup: null }
  return bookReturnPickup(db, provider, orderId, returnId)
}

/** The intent, in the approval's transaction: one row per return (a second write changes nothing). */
async function writeIntent(trx: Trx, row: ReturnRow, providerName: string): Promise<boolean> {
  const now = clock.iso()
  await trx
    .insertInto('return_pickups')
    .values({ return_id: row.id, order_id: row.order_id, provider: providerName, status: 'booking', attempts: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('return_id').doNothing())
    .execute()
  return true
}

/**
 * Books (or finds) the approved return's courier pickup: the owner's "Book pickup", and the second half
 * of an approval. A booked pickup answers at once; an intent left by a timeout or a crash is asked again
 * under the same return id. Never throws for the courier's silence: the answer says why it is not booked.
 */
export async function bookReturnPickup(db: DB, provider: ShippingProvider, orderId: string, returnId: string): Promise<ReturnPickupResult> {
  const claimed = await claim(db, provider, orderId, returnId)
  if (claimed.status !== 'booking') return { ret: await readReturn(db, returnId), pickup: { booked: true, awb: claimed.awb ?? '', courierName: claimed.courier_name ?? '' } }
  let booking: Booking
  try {
    booking = await provider.bookReturnPickup(await pickupRequest(db, returnId))
  } catch (error) {
    if (!(error instanceof CourierUnavailable) && !(error instanceof Invalid)) throw error
    const reason = error.message.slice(0, 300) || RETURN_PICKUP_MESSAGES.noAnswerYet
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('return_pickups').set({ last_error: reason, updated_at: clock.iso() }).where('return_id', '=', returnId).where('status', '=', 'booking').execute()
      // Meanwhile the shopper is told where to send it (once); a later booking mails the courier's visit.
      await mailApproved(trx, returnId, null)
    })
    return { ret: await readReturn(db, returnId), pickup: { booked: false, reason } }
  }
  await saveBooking(db, returnId, booking, provider.pollEveryMs ?? FIRST_POLL_MS)
  return { ret: await readReturn(db, returnId), pickup: { booked: true, awb: booking.awb, courierName: booking.courierName } }
}

/** Checks the return may be collected and counts the attempt; an approval made by hand (before an aggregator) gets its intent here. */
async function claim(db: DB, provider: ShippingProvider, orderId: string, returnId: string) {
  return db.transaction().execute(async (trx) => {
    const ret = await trx.selectFrom('returns').select(['id', 'order_id', 'status']).where('id', '=', returnId).where('order_id', '=', orderId).executeTakeFirst()
    if (!ret) throw new NotFound(RETURN_MESSAGES.notFound)
    const existing = await trx.selectFrom('return_pickups').select(['status', 'awb', 'courier_name']).where('return_id', '=', returnId).executeTakeFirst()
    if (existing && existing.status !== 'booking') return existing
    if (ret.status !== 'approved') throw new Invalid({ form: [RETURN_PICKUP_MESSAGES.notApproved] }, RETURN_PICKUP_MESSAGES.notApproved)
    if (provider.name === 'manual') throw new Invalid({ form: [RETURN_PICKUP_MESSAGES.notApproved] }, RETURN_PICKUP_MESSAGES.notApproved)
    const now = clock.iso()
    await trx
      .insertInto('return_pickups')
      .values({ return_id: returnId, order_id: orderId, provider: provider.name, status: 'booking', attempts: 1, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('return_id').doUpdateSet((eb) => ({ attempts: eb('return_pickups.attempts', '+', 1), updated_at: now })))
      .execute()
    return { status: 'booking' as const, awb: null, courier_name: null }
  })
}

/** The AWB saved and the shopper's mail naming the courier, together; a second save changes nothing. */
async function saveBooking(db: DB, returnId: string, booking: Booking, firstPollMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = clock.iso()
    const saved = await trx
      .updateTable('return_pickups')
      .set({
        status: 'booked',
        provider_order_id: booking.providerOrderId,
        provider_shipment_id: booking.providerShipmentId,
        awb: booking.awb,
        courier_name: booking.courierName,
        tracking_url: booking.trackingUrl,
        last_error: null,
        booked_at: now,
        next_poll_at: new Date(clock.now().getTime() + firstPollMs).toISOString(),
        updated_at: now,
      })
      .where('return_id', '=', returnId)
      .where('status', '=', 'booking')
      .executeTakeFirst()
    if (Number(saved.numUpdatedRows) === 0) return
    await mailApproved(trx, returnId, { courier: booking.courierName, awb: booking.awb, trackingUrl: booking.trackingUrl })
  })
}

/**
 * The shopper's approved mail: with the pickup, or (the booking failed) where to send the parcel. The
 * first is the approval's mail; a pickup booked after a failure is mailed once more under its own key.
 */
async function mailApproved(trx: Trx, returnId: string, pickup: { courier: string; awb: string; trackingUrl: string | null } | null): Promise<void> {
  const row = await trx.selectFrom('returns').selectAll().where('id', '=', returnId).executeTakeFirstOrThrow()
  const first = await trx.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', `return-approved:${returnId}`).executeTakeFirst()
  if (first && !pickup) return
  const sendTo = returnAddress(await readReturnPolicy(trx))
  await mailShopper(trx, row, 'approved', { sendTo, pickup, dedupeKey: first ? `return-pickup:${returnId}` : undefined })
}

/** What the aggregator needs: from the order's delivery address to the studio, the returned pieces' parcel. */
async function pickupRequest(db: DB, returnId: string): Promise<ReturnPickupRequest> {
  const ret = await db.selectFrom('returns').select(['id', 'order_id', 'items', 'updated_at']).where('id', '=', returnId).executeTakeFirstOrThrow()
  const order = await db
    .selectFrom('orders')
    .select(['id', 'number', ...ORDER_PARTY_COLUMNS])
    .where('id', '=', ret.order_id)
    .executeTakeFirstOrThrow()
  const lines = await db.selectFrom('order_lines').select(['product_id', 'title', 'unit_price_paise']).where('order_id', '=', ret.order_id).orderBy('id').execute()
  const pieces = (JSON.parse(ret.items) as { line: number; quantity: number }[]).filter((p) => lines[p.line] && p.quantity > 0)
  const items = pieces.map((p) => {
    const line = lines[p.line] as (typeof lines)[number]
    return { name: line.title, sku: line.product_id ?? `line-${p.line}`, units: p.quantity, unitPricePaise: line.unit_price_paise }
  })
  const { shipFromPincode } = await readDeliverySetup(db)
  return {
    channelReturnId: ret.id,
    orderNumber: formatOrderNumber(order.number),
    approvedAt: ret.updated_at,
    from: orderParty(order),
    to: studioAddress(shipFromPincode),
    items,
    subtotalPaise: items.reduce((sum, i) => sum + i.units * i.unitPricePaise, 0),
    parcel: await weighedParcel(db, pieces.map((p) => ({ productId: lines[p.line]?.product_id ?? '', quantity: p.quantity }))),
  }
}

/** The studio: the invoices' seller (name, address lines, state) at the pincode parcels ship from. */
export function studioAddress(shipFromPincode: string): ReturnPickupRequest['to'] {
  const seller = domainSettings().invoice.seller
  const lines = seller.address.map((l) => l.trim()).filter(Boolean)
  const cityLine = [...lines].reverse().find((l) => /\b[1-9]\d{5}\b/.test(l)) ?? lines.at(-1) ?? ''
  const city = cityLine.replace(/\b[1-9]\d{5}\b/, '').replace(/[\s,-]+$/, '').trim()
  const street = lines.filter((l) => l !== cityLine).join(', ')
  return { name: seller.legalName, phone: '', line1: street || cityLine || seller.legalName, city: city || seller.state, state: seller.state, pincode: shipFromPincode }
}

// ---------------------------------------------------------------------------------------------
// Tracking (ADR 086's webhook and poll): the return AWB's scans, each once

/** A scan's status as a pickup's: the courier collected it, it travels, it reached the studio. */
function pickupStatusOf(scan: ScanStatus): ReturnPickupStatus | null {
  if (scan === 'booked') return 'booked'
  if (scan === 'pickedUp') return 'pickedUp'
  if (scan === 'inTransit' || scan === 'outForDelivery' || scan === 'undelivered') return 'inTransit'
  if (scan === 'delivered') return 'delivered'
  return null
}

/**
 * Records the scans of the return pickup with this AWB (null: no return pickup has it). A delivery scan
 * marks the pickup delivered; the return itself stays approved until the owner checks the pieces in.
 */
export async function recordReturnPickupScans(
  db: DB,
  awb: string,
  scans: readonly TrackingScan[],
  source: ScanSource,
): Promise<{ returnId: string; status: ReturnPickupStatus; added: number } | null> {
  return db.transaction().execute(async (trx) => {
    const pickup = await trx.selectFrom('return_pickups').select(['return_id', 'status']).where('awb', '=', awb).executeTakeFirst()
    if (!pickup) return null
    let status = pickup.status
    let added = 0
    for (const scan of [...scans].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
      const inserted = await trx
        .insertInto('return_pickup_events')
        .values({ return_id: pickup.return_id, event_key: scanKey(scan), status: scan.status, activity: scan.activity.slice(0, 300), location: scan.location.slice(0, 120), scanned_at: new Date(scan.at).toISOString(), source })
        .onConflict((oc) => oc.columns(['return_id', 'event_key']).doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue
      added += 1
      const next = pickupStatusOf(scan.status)
      if (next) status = advancePickup(status, next)
    }
    if (status !== pickup.status) {
      await trx
        .updateTable('return_pickups')
        .set({ status, updated_at: clock.iso(), ...(status === 'delivered' ? { next_poll_at: null } : {}) })
        .where('return_id', '=', pickup.return_id)
        .execute()
    }
    return { returnId: pickup.return_id, status, added }
  })
}

/**
 * One round of the tracking poll for return pickups due a look (ADR 086's cadence): asks the aggregator
 * about each and records what it says; a failure leaves it for the next round. Two processes polling
 * the same pickup record each scan once (the scans are unique), so no lease is taken.
 */
export async function pollReturnPickups(db: DB, provider: ShippingProvider, limit = 20): Promise<number> {
  if (provider.name === 'manual') return 0
  const now = clock.iso()
  const due = await db
    .selectFrom('return_pickups')
    .select(['return_id', 'awb'])
    .where('status', 'in', ['booked', 'pickedUp', 'inTransit'])
    .where('awb', 'is not', null)
    .where('next_poll_at', '<=', now)
    .orderBy('next_poll_at')
    .limit(limit)
    .execute()
  let recorded = 0
  for (const pickup of due) {
    const next = new Date(clock.now().getTime() + (provider.pollEveryMs ?? POLL_EVERY_MS)).toISOString()
    await db.updateTable('return_pickups').set({ next_poll_at: next }).where('return_id', '=', pickup.return_id).execute()
    try {
      const tracked = await provider.track(pickup.awb as string)
      recorded += (await recordReturnPickupScans(db, pickup.awb as string, tracked.scans, 'poll'))?.added ?? 0
    } catch {
      // Asked again at the next poll.
    }
  }
  return recorded
}
