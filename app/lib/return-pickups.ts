// A courier pickup of an approved return (issues 30 and 31, ADR 104): where it is, the words a person
// reads for each, and the rule that a scan never moves it back.

/** 'booking': the intent is recorded and the aggregator is being asked (or did not answer); every later one has an AWB. */
export const RETURN_PICKUP_STATUSES = ['booking', 'booked', 'pickedUp', 'inTransit', 'delivered', 'cancelled'] as const
export type ReturnPickupStatus = (typeof RETURN_PICKUP_STATUSES)[number]

const RANK: Record<ReturnPickupStatus, number> = { booking: 0, booked: 1, pickedUp: 2, inTransit: 3, delivered: 9, cancelled: 9 }

/** The status after a scan: the scan's when it is as far along or further, else the current one. */
export function advancePickup(current: ReturnPickupStatus, scan: ReturnPickupStatus): ReturnPickupStatus {
  if (RANK[current] >= 9) return current
  return RANK[scan] >= RANK[current] ? scan : current
}

export const RETURN_PICKUP_LABELS: Record<ReturnPickupStatus, string> = {
  booking: 'Pickup not booked yet',
  booked: 'Courier pickup booked',
  pickedUp: 'Collected by the courier',
  inTransit: 'On its way to the studio',
  delivered: 'Delivered to the studio',
  cancelled: 'Pickup cancelled',
}

/** A return's courier pickup as the order pages and /api show it (absent: none was asked for). */
export interface ReturnPickupView {
  carrier: string | null
  awb: string | null
  trackingUrl: string | null
  status: ReturnPickupStatus
  /** Why the last booking failed (the admin's "Pickup not booked: <reason>"); null once booked. */
  lastError: string | null
}

export const RETURN_PICKUP_MESSAGES = {
  booked: (courier: string, awb: string) => `Courier pickup booked with ${courier}: AWB ${awb}.`,
  notBooked: (reason: string) => `Pickup not booked: ${reason}`,
  noAnswerYet: 'the courier service has not answered yet',
  courierDown: 'The courier service did not answer. The return stays approved; tap Book pickup again: it will not book a second pickup.',
  notApproved: 'Only an approved return can be collected by a courier.',
  bookButton: 'Book pickup',
  approvedNotBooked: 'Return approved, but the courier pickup was not booked: tap Book pickup to try again.',
  courierWillCollect: (courier: string, awb: string) => `${courier} will collect the parcel from your delivery address (AWB ${awb}). Keep the pieces packed and ready.`,
  /** The same on the owner's order page. */
  courierCollectsFromShopper: (courier: string, awb: string) => `${courier} will collect the parcel from the shopper's delivery address (AWB ${awb}).`,
  shopperSendsTo: (sendTo: string) => `The shopper was asked to send the pieces to: ${sendTo}`,
  track: 'Track the pickup',
} as const
