// A booked parcel's vocabulary (issue 30, ADR 086): where it is, in the order of its life, the words a
// person reads for each, and the rule that a scan never moves a parcel back (a late "in transit" after
// "delivered" is recorded but changes nothing).
import type { OrderStatus } from './order-status'

/** 'booking': the intent is recorded and the aggregator is being asked; every later one has an AWB. */
export const SHIPMENT_STATUSES = ['booking', 'booked', 'pickedUp', 'inTransit', 'outForDelivery', 'undelivered', 'returning', 'delivered', 'returned', 'cancelled'] as const
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]

/** What a scan may report (booking and cancelled are the shop's own). */
export type ScanStatus = Exclude<ShipmentStatus, 'booking' | 'cancelled'>

/**
 * How far along each status is: a scan moves the parcel only forwards. A failed delivery ranks with
 * "out for delivery" (the next attempt may be out again, or delivered); delivered, returned and
 * cancelled end it.
 */
export const SHIPMENT_RANK: Record<ShipmentStatus, number> = {
  booking: 0,
  booked: 1,
  pickedUp: 2,
  inTransit: 3,
  outForDelivery: 4,
  undelivered: 4,
  // Return to origin (RTO, ADR 102): on its way back; only 'returned' (or a late delivery) moves it on.
  returning: 5,
  delivered: 9,
  returned: 9,
  cancelled: 9,
}

/** The status a parcel has after a scan: the scan's when it is as far along or further, else the current one. */
export function advanceShipment(current: ShipmentStatus, scan: ScanStatus): ShipmentStatus {
  if (SHIPMENT_RANK[current] >= 9) return current
  return SHIPMENT_RANK[scan] >= SHIPMENT_RANK[current] ? scan : current
}

/** The order status a parcel's status brings (null: the order stays where it is). */
export function orderStatusOfShipment(status: ShipmentStatus): OrderStatus | null {
  if (status === 'delivered') return 'delivered'
  if (SHIPMENT_RANK[status] >= SHIPMENT_RANK.booked && status !== 'returning' && status !== 'returned' && status !== 'cancelled') return 'inShipping'
  return null
}

/** Parcels the tracking poll still asks about. */
export const TRACKED_STATUSES = ['booked', 'pickedUp', 'inTransit', 'outForDelivery', 'undelivered', 'returning'] as const satisfies readonly ShipmentStatus[]

export const SHIPMENT_LABELS: Record<ShipmentStatus, string> = {
  booking: 'Booking the courier',
  booked: 'Courier booked',
  pickedUp: 'Picked up',
  inTransit: 'In transit',
  outForDelivery: 'Out for delivery',
  undelivered: 'Delivery attempt failed',
  returning: 'Returning to the studio',
  delivered: 'Delivered',
  returned: 'Returned to the studio',
  cancelled: 'Booking cancelled',
}

export const SHIPMENT_MESSAGES = {
  booked: (awb: string, courier: string) => `Parcel booked with ${courier}: AWB ${awb}.`,
  notAccepted: 'Only an accepted order can be shipped: accept it first.',
  courierDown: 'The courier service did not answer. Tap Ship again: it will not book a second parcel.',
  manual: 'This shop ships by hand: enter the carrier and tracking number.',
  noShipment: 'This order has no booked parcel.',
  noParcelsThatDay: 'No parcel was booked that day.',
  badWebhookToken: 'Unknown webhook token.',
} as const

/** A parcel as the shopper and the /api see it. */
export interface ShipmentView {
  carrier: string
  awb: string
  trackingUrl: string | null
  status: ShipmentStatus
  expectedDelivery: string | null
  events: { status: ShipmentStatus; activity: string; location: string; at: string }[]
  /** The latest failed delivery while the parcel is undelivered or returning (ADR 102): why, and what happens next. */
  failedDelivery?: { attempt: number; reason: string; next: string } | null
}

/** The shop's reasons for a failed delivery (ADR 102, 104): what the courier's NDR reason words or codes come down to. */
export const NDR_REASONS = ['customerUnavailable', 'addressIssue', 'refused', 'phoneUnreachable', 'rescheduled', 'areaUnreachable'] as const
export type NdrReason = (typeof NDR_REASONS)[number]

export const NDR_REASON_LABELS: Record<NdrReason, string> = {
  customerUnavailable: 'Customer not available',
  addressIssue: 'Address incomplete or wrong',
  refused: 'Customer refused',
  phoneUnreachable: 'Phone not reachable',
  rescheduled: 'Customer asked for another day',
  areaUnreachable: 'Area not reachable',
}

/** The owner's answers to a failed delivery (ADR 102). */
export const NDR_ACTIONS = ['reattempt', 'return'] as const
export type NdrAction = (typeof NDR_ACTIONS)[number]

export const NDR_MESSAGES = {
  needsAttention: (reason: string) => `Delivery failed: ${reason}`,
  reattemptSent: 'The courier will try to deliver again.',
  returnSent: 'The courier will bring the parcel back to the studio.',
  courierDown: 'The courier service did not answer. Tap again: it will not send a second request.',
  noOpenNdr: 'This parcel has no failed delivery waiting for an answer.',
  answeredAlready: 'This failed delivery was already answered.',
  badAction: 'Choose Re-attempt or Return to origin.',
  commentTooLong: 'A note can be at most 200 characters.',
  notReturned: 'The parcel is not back at the studio yet.',
  receivedBack: (kept: number, lines: number) => `Parcel received back (${kept} of ${lines} lines back in stock).`,
  /** The shopper's order page and mail: what happens next. */
  shopperNext: 'The courier will try again. If you need to change the phone number or address, reply to this mail or contact us.',
  shopperReturning: 'The courier is bringing your parcel back to the studio. We will write to you about a refund or a new delivery.',
  shopperReattempt: 'The studio asked the courier to try again.',
} as const

/** A failed delivery as the owner and the shopper see it. */
export interface NdrView {
  id: string
  attempt: number
  reason: string
  at: string
  action: NdrAction | null
  actionState: 'open' | 'sending' | 'sent'
}

/** A parcel on its way back or back at the studio. */
export interface RtoView {
  status: 'returning' | 'returned' | 'received'
  receivedItems: { line: number; quantity: number; restock: boolean }[]
}
