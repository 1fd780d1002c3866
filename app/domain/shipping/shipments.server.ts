// The owner's 'Ship' (issue 30, ADR 086): books one parcel per order through the ShippingProvider,
// exactly once however often it is tapped, retried or cut short by a crash. The intent is a row
// ('booking') written before the aggregator is called; the aggregator's channel order id is our order
// id, so asking again after a timeout or a kill finds the parcel already booked instead of a second one.
import type { DB } from '../../../db/database'
import { clock } from '~/domain/clock'
import { NotFound } from '~/domain/errors'
import { moveOrder } from '~/domain/orders/order-lifecycle.server'
import { formatOrderNumber, ORDER_MESSAGES } from '~/lib/order-status'
import { SHIPMENT_MESSAGES, type ShipmentStatus } from '~/lib/shipments'
import { MoveRefused } from '~/domain/orders/order-lifecycle.server'
import { type Booking, type BookingRequest, CourierUnavailable, type ShippingProvider } from './shipping-provider'
import { packedPieces } from './delivery-charge.server'
import { billedGrams, type PackedPiece, parcelOf } from './rates'

/** A line whose product has since been deleted counts as this piece (each other line: its product's package). */
export const DEFAULT_PIECE: PackedPiece = { deadGrams: 400, lengthCm: 15, breadthCm: 12, heightCm: 8 }

/** How soon the tracking poll first asks about a newly booked parcel. */
const FIRST_POLL_MS = 60 * 60_000

export interface ShipmentRow {
  status: ShipmentStatus
  awb: string | null
  courierName: string | null
  trackingUrl: string | null
  providerShipmentId: string | null
  /** India day (YYYY-MM-DD) it was booked: the manifest it is on. */
  bookedDay: string | null
}

/**
 * Books the order's parcel and moves the order to inShipping with the AWB as its tracking. An order
 * already booked answers its parcel (a double tap); an intent left by a timeout or a crash is asked
 * again under the same channel order id (one parcel). Throws MoveRefused for an order not accepted
 * (inProcess), CourierUnavailable when the aggregator does not answer (the intent stays; Ship again),
 * ShipsByHand with the manual provider.
 */
export async function bookShipment(db: DB, provider: ShippingProvider, orderId: string, adminId: string): Promise<ShipmentRow> {
  const intent = await recordIntent(db, provider, orderId)
  if (intent.status !== 'booking') return intent
  let booking: Booking
  try {
    booking = await provider.book(await bookingRequest(db, orderId))
  } catch (error) {
    if (error instanceof CourierUnavailable) {
      await db.updateTable('shipments').set({ last_error: error.message.slice(0, 500), updated_at: clock.iso() }).where('order_id', '=', orderId).execute()
      throw new CourierUnavailable(SHIPMENT_MESSAGES.courierDown)
    }
    throw error
  }
  return saveBooking(db, orderId, booking, adminId, provider.pollEveryMs ?? FIRST_POLL_MS)
}

/** The intent, written once: a second tap finds it (and a booked parcel answers at once). */
async function recordIntent(db: DB, provider: ShippingProvider, orderId: string): Promise<ShipmentRow> {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select('order_status').where('id', '=', orderId).executeTakeFirst()
    if (!order) throw new NotFound(ORDER_MESSAGES.notFound)
    const existing = await readShipment(trx, orderId)
    if (existing && existing.status !== 'cancelled') {
      await trx.updateTable('shipments').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('order_id', '=', orderId).execute()
      return existing
    }
    if (order.order_status !== 'inProcess') throw new MoveRefused(order.order_status, 'inShipping', SHIPMENT_MESSAGES.notAccepted)
    const now = clock.iso()
    await trx
      .insertInto('shipments')
      .values({ order_id: orderId, provider: provider.name, status: 'booking', attempts: 1, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('order_id').doUpdateSet({ status: 'booking', provider: provider.name, awb: null, updated_at: now }))
      .execute()
    return { status: 'booking', awb: null, courierName: null, trackingUrl: null, providerShipmentId: null, bookedDay: null }
  })
}

/** The AWB saved, the order shipped (with its shipped mail) and the first event, together; a second save changes nothing. */
async function saveBooking(db: DB, orderId: string, booking: Booking, adminId: string, firstPollMs: number): Promise<ShipmentRow> {
  return db.transaction().execute(async (trx) => {
    const now = clock.iso()
    const saved = await trx
      .updateTable('shipments')
      .set({
        status: 'booked',
        provider_order_id: booking.providerOrderId,
        provider_shipment_id: booking.providerShipmentId,
        awb: booking.awb,
        courier_name: booking.courierName,
        tracking_url: booking.trackingUrl,
        expected_delivery: booking.expectedDelivery,
        last_error: null,
        booked_by: adminId,
        booked_at: now,
        next_poll_at: new Date(clock.now().getTime() + firstPollMs).toISOString(),
        updated_at: now,
      })
      .where('order_id', '=', orderId)
      .where('status', '=', 'booking')
      .executeTakeFirst()
    if (Number(saved.numUpdatedRows) === 0) return (await readShipment(trx, orderId)) as ShipmentRow
    await trx
      .insertInto('shipment_events')
      .values({ order_id: orderId, event_key: `booked:${booking.awb}`, status: 'booked', activity: `Booked with ${booking.courierName}`, location: '', scanned_at: now, source: 'booking' })
      .onConflict((oc) => oc.columns(['order_id', 'event_key']).doNothing())
      .execute()
    const tracking = { carrier: booking.courierName, number: booking.awb, url: booking.trackingUrl }
    const order = await trx.selectFrom('orders').select('order_status').where('id', '=', orderId).executeTakeFirstOrThrow()
    if (order.order_status === 'inProcess') {
      await moveOrder(trx, orderId, 'inShipping', 'admin', { changedBy: adminId, note: SHIPMENT_MESSAGES.booked(booking.awb, booking.courierName), mail: { tracking } })
    }
    await trx
      .updateTable('orders')
      .set({ tracking_carrier: tracking.carrier, tracking_number: tracking.number, tracking_url: tracking.url, tracking_updated_at: now, updated_at: now })
      .where('id', '=', orderId)
      .execute()
    return { status: 'booked', awb: booking.awb, courierName: booking.courierName, trackingUrl: booking.trackingUrl, providerShipmentId: booking.providerShipmentId, bookedDay: indiaDay(now) }
  })
}

/** The order's parcel as stored (null when none was ever asked for). */
export async function readShipment(db: DB, orderId: string): Promise<ShipmentRow | null> {
  const row = await db
    .selectFrom('shipments')
    .select(['status', 'awb', 'courier_name', 'tracking_url', 'provider_shipment_id', 'booked_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  if (!row) return null
  return {
    status: row.status,
    awb: row.awb,
    courierName: row.courier_name,
    trackingUrl: row.tracking_url,
    providerShipmentId: row.provider_shipment_id,
    bookedDay: row.booked_at ? indiaDay(row.booked_at) : null,
  }
}

/** The India day (YYYY-MM-DD) of an ISO moment. */
function indiaDay(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10)
}

/** The order's columns a courier's party is made of (orderParty). */
export const ORDER_PARTY_COLUMNS = ['user_name', 'recipient_name', 'email', 'phone', 'address_line', 'landmark', 'city', 'state', 'pincode'] as const

type OrderPartyRow = { [column in (typeof ORDER_PARTY_COLUMNS)[number]]: string }

/** The shopper at the order's delivery address, as a courier is told: the parcel's consignee, or a return pickup's sender. */
export function orderParty(order: OrderPartyRow): BookingRequest['customer'] {
  return {
    name: order.recipient_name || order.user_name,
    email: order.email,
    phone: order.phone,
    line1: order.address_line,
    line2: order.landmark,
    city: order.city,
    state: order.state,
    pincode: order.pincode,
  }
}

/** A parcel of these pieces as a courier is told: each line's own package (else its category's), the weight the checkout priced, its box. */
export async function weighedParcel(db: DB, pieces: readonly { productId: string; quantity: number }[]): Promise<BookingRequest['parcel']> {
  const packed = await packedPieces(db, pieces, DEFAULT_PIECE)
  const parcel = parcelOf(packed)
  return { grams: billedGrams(parcel), ...boxOf(packed, parcel.volumeCm3) }
}

/** What the aggregator needs to book the order's parcel. */
async function bookingRequest(db: DB, orderId: string): Promise<BookingRequest> {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'number', 'order_date', 'subtotal_paise', ...ORDER_PARTY_COLUMNS])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  const lines = await db.selectFrom('order_lines').select(['product_id', 'title', 'quantity', 'unit_price_paise']).where('order_id', '=', orderId).orderBy('id').execute()
  return {
    channelOrderId: order.id,
    orderNumber: formatOrderNumber(order.number),
    orderedAt: order.order_date,
    customer: orderParty(order),
    items: lines.map((line) => ({ name: line.title, sku: line.product_id, units: line.quantity, unitPricePaise: line.unit_price_paise })),
    subtotalPaise: order.subtotal_paise,
    parcel: await weighedParcel(db, lines.map((line) => ({ productId: line.product_id, quantity: line.quantity }))),
  }
}

/** One piece travels in its own box; several in one box of their summed volume (a cube, as the fee was priced). */
export function boxOf(pieces: readonly { piece: PackedPiece; quantity: number }[], volumeCm3: number) {
  const only = pieces.length === 1 && pieces[0]?.quantity === 1 ? pieces[0].piece : null
  if (only) return { lengthCm: only.lengthCm, breadthCm: only.breadthCm, heightCm: only.heightCm }
  const side = Math.max(1, Math.ceil(Math.cbrt(volumeCm3)))
  return { lengthCm: side, breadthCm: side, heightCm: side }
}

/** The parcel's label from the aggregator (PDF bytes); NotFound when the order has no booked parcel. */
export async function shipmentLabel(db: DB, provider: ShippingProvider, orderId: string): Promise<{ awb: string; pdf: Uint8Array }> {
  const row = await readShipment(db, orderId)
  if (!row?.awb || !row.providerShipmentId) throw new NotFound(SHIPMENT_MESSAGES.noShipment)
  return { awb: row.awb, pdf: await provider.label({ providerShipmentId: row.providerShipmentId, awb: row.awb }) }
}

/** The pickup manifest of the parcels booked on an India day (YYYY-MM-DD); NotFound when there were none. */
export async function dayManifest(db: DB, provider: ShippingProvider, day: string): Promise<Uint8Array> {
  const from = new Date(`${day}T00:00:00+05:30`).toISOString()
  const to = new Date(Date.parse(from) + 86_400_000).toISOString()
  const rows = await db
    .selectFrom('shipments')
    .select(['provider_shipment_id', 'awb'])
    .where('booked_at', '>=', from)
    .where('booked_at', '<', to)
    .where('awb', 'is not', null)
    .where('status', '!=', 'cancelled')
    .orderBy('booked_at')
    .execute()
  if (rows.length === 0) throw new NotFound(SHIPMENT_MESSAGES.noParcelsThatDay)
  return provider.manifest(rows.map((row) => ({ providerShipmentId: row.provider_shipment_id ?? '', awb: row.awb ?? '' })))
}
