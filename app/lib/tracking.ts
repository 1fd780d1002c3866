// Shipping details of an order: the carrier and a tracking number or link, set by the admin once
// the order is shipped and shown to the shopper. Limits and messages live here.
import type { OrderStatus } from './order-status'

/** The parcel as the shopper sees it: who carries it, and its number and/or tracking link. */
export interface Tracking {
  carrier: string
  number: string | null
  url: string | null
}

/** Statuses in which an order may carry shipping details: shipped, and later delivered. */
export const TRACKING_STATUSES = ['inShipping', 'delivered'] as const satisfies readonly OrderStatus[]

/** True when an order in `status` may have its shipping details set or edited. */
export function canHaveTracking(status: OrderStatus): boolean {
  return (TRACKING_STATUSES as readonly OrderStatus[]).includes(status)
}

export const TRACKING_LIMITS = { carrier: 60, number: 60, url: 500 } as const

export const TRACKING_MESSAGES = {
  carrierRequired: 'Please enter the carrier.',
  carrierTooLong: `Carrier can be at most ${TRACKING_LIMITS.carrier} characters.`,
  numberOrUrlRequired: 'Please enter a tracking number or a tracking link.',
  numberTooLong: `Tracking number can be at most ${TRACKING_LIMITS.number} characters.`,
  numberCharacters: 'Tracking number can have letters, digits, spaces and - / . _ only.',
  urlTooLong: `Tracking link can be at most ${TRACKING_LIMITS.url} characters.`,
  urlInvalid: 'Tracking link must be a web address starting with http:// or https://.',
  notShipped: 'Shipping details can be added once the order is shipped.',
  saved: 'Shipping details are saved.',
  removed: 'Shipping details are removed.',
} as const

/** The history note for shipping details set or removed ('Tracking: Delhivery · AWB123'). */
export function trackingNote(tracking: Tracking | null): string {
  if (!tracking) return 'Shipping details removed'
  return `Tracking: ${[tracking.carrier, tracking.number, tracking.url].filter(Boolean).join(' · ')}`
}

/** True when two sets of shipping details say the same (null for none). */
export function sameTracking(a: Tracking | null, b: Tracking | null): boolean {
  if (!a || !b) return a === b
  return a.carrier === b.carrier && a.number === b.number && a.url === b.url
}
