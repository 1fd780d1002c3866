// The port through which the shop books, labels and tracks parcels (issue 30, ADR 086): Shiprocket
// (app/infra/shiprocket-shipping.server.ts), the demo shop's TEST MODE courier
// (app/infra/test-courier.server.ts), or none: the owner ships by hand and types carrier and tracking
// (manualShipping). The domain asks it for a booking and scans and never sees its HTTP.
import type { ScanStatus } from '~/lib/shipments'
import { Invalid } from '~/domain/errors'
import { SHIPMENT_MESSAGES } from '~/lib/shipments'

export interface BookingRequest {
  /** Our order's id: the aggregator's channel order id, so asking again finds the same parcel. */
  channelOrderId: string
  /** The order's number as printed ('RC-1042'). */
  orderNumber: string
  /** ISO moment the order was placed. */
  orderedAt: string
  customer: { name: string; email: string; phone: string; line1: string; line2: string; city: string; state: string; pincode: string }
  items: { name: string; sku: string; units: number; unitPricePaise: number }[]
  subtotalPaise: number
  parcel: { grams: number; lengthCm: number; breadthCm: number; heightCm: number }
}

export interface Booking {
  providerOrderId: string
  providerShipmentId: string
  awb: string
  courierName: string
  trackingUrl: string | null
  /** India day (YYYY-MM-DD), when the aggregator tells it. */
  expectedDelivery: string | null
}

export interface TrackingScan {
  status: ScanStatus
  activity: string
  location: string
  /** ISO moment of the scan. */
  at: string
  /** A failed delivery's reason as the shop words it (ADR 104: the courier's NDR reason mapped); absent: the activity's words. */
  reason?: string
}

/** The owner's answer to a failed delivery (ADR 102): try again (with a corrected phone or address), or send it back. */
export interface NdrActionRequest {
  action: 'reattempt' | 'return'
  /** Which reported attempt this answers (1, 2, ...): asked again after a timeout, the same attempt is not answered twice. */
  attempt: number
  /** Ten digits, when the owner corrected it. */
  phone?: string
  /** The corrected address, when the owner gave one. */
  address1?: string
  address2?: string
  comments: string
}

/** A courier pickup of an approved return (ADR 102): from the shopper back to the studio. */
export interface ReturnPickupRequest {
  /** Our return's id: the aggregator's channel order id of the return, so asking again finds the same pickup. */
  channelReturnId: string
  orderNumber: string
  /** ISO moment the return was approved. */
  approvedAt: string
  /** Where the courier collects it (the order's address). */
  from: BookingRequest['customer']
  /** Where it goes: the studio. */
  to: { name: string; phone: string; line1: string; city: string; state: string; pincode: string }
  items: BookingRequest['items']
  subtotalPaise: number
  parcel: BookingRequest['parcel']
}

export interface ShippingProvider {
  /** 'manual' books nothing: the owner types the carrier and tracking number. */
  readonly name: 'shiprocket' | 'test' | 'manual'
  /**
   * How long after a booking or a poll the tracking poll asks about a parcel again; absent: an hour
   * after booking, then every three hours (an aggregator's webhooks tell the rest at once).
   */
  readonly pollEveryMs?: number
  /**
   * Books the parcel: creates the aggregator's order under `channelOrderId`, assigns an AWB and asks
   * for a pickup. Asking again for the same channel order answers the same parcel (never a second).
   * Throws CourierUnavailable when the aggregator cannot be asked or refuses.
   */
  book(request: BookingRequest): Promise<Booking>
  /** The courier's label (PDF bytes) of a booked parcel. */
  label(booking: Pick<Booking, 'providerShipmentId' | 'awb'>): Promise<Uint8Array>
  /** The pickup manifest (PDF bytes) of the day's parcels. */
  manifest(bookings: Pick<Booking, 'providerShipmentId' | 'awb'>[]): Promise<Uint8Array>
  /** Every scan of the parcel so far and the expected day. */
  track(awb: string): Promise<{ scans: TrackingScan[]; expectedDelivery: string | null }>
  /** Cancels the aggregator's order (before pickup). */
  cancel(providerOrderId: string): Promise<void>
  /**
   * Answers a failed delivery of the parcel. Asked again for an attempt it already answered (a retry
   * after a timeout), it sends nothing. Throws CourierUnavailable when the aggregator cannot be asked or refuses.
   */
  ndrAction(awb: string, request: NdrActionRequest): Promise<void>
  /**
   * Books a courier to collect an approved return and bring it to the studio. Asking again for the same
   * return answers the same pickup (never a second). Throws CourierUnavailable when it cannot be asked.
   */
  bookReturnPickup(request: ReturnPickupRequest): Promise<Booking>
}

/** Refused: the shop has no aggregator; the owner enters carrier and tracking herself. */
export class ShipsByHand extends Invalid {
  constructor() {
    super({ ship: [SHIPMENT_MESSAGES.manual] }, SHIPMENT_MESSAGES.manual)
  }
}

/** Today's way: no aggregator. Every call is refused; the admin page shows the tracking form instead. */
export function manualShipping(): ShippingProvider {
  const refuse = async (): Promise<never> => {
    throw new ShipsByHand()
  }
  return { name: 'manual', book: refuse, label: refuse, manifest: refuse, track: refuse, cancel: refuse, ndrAction: refuse, bookReturnPickup: refuse }
}

export { CourierUnavailable } from './courier'
