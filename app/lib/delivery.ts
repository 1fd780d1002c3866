// Delivery by zone (issue 30, ADR 082): the zones, the owner's rates page's limits and what it says.

/** Delivery zones as Indian couriers price them, the nearest first (app/domain/shipping/zones.ts has the rules). */
export const ZONES = ['city', 'state', 'metro', 'national', 'special'] as const
export type Zone = (typeof ZONES)[number]

/** How the owner's rates page and the checkout name each zone. */
export const ZONE_NAMES: Record<Zone, string> = {
  city: 'Within the city',
  state: 'Within the state',
  metro: 'Metro to metro',
  national: 'Rest of India',
  special: 'North-East, Jammu & Kashmir, Ladakh and the islands',
}

export const DELIVERY_LIMITS = {
  /** The most a slab may cost (₹). */
  maxSlabRupees: 5000,
  /** The longest transit a zone may promise (working days). */
  maxTransitDays: 30,
} as const

export const DELIVERY_MESSAGES = {
  saved: 'Delivery rates saved.',
  slab: (what: string) => `Enter ${what} in rupees, from 0 to ${DELIVERY_LIMITS.maxSlabRupees}, e.g. 60`,
  days: `Enter the working days, from 1 to ${DELIVERY_LIMITS.maxTransitDays}`,
  shipFrom: 'Enter the 6-digit pincode parcels leave from',
} as const

/** What the product page's delivery check shows: the pincode asked about and its sentence, or the typed value and why it is refused. */
export interface DeliveryCheck {
  pincode: string
  sentence: string | null
  error: string | null
}
