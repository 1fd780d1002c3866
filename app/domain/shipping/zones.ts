// Delivery zones as Indian couriers price them (issue 30): from the studio's pincode to the shopper's,
// the nearest first. The rules are the aggregators' (Shiprocket's zones A to E): the same district is
// within the city; the same state within the state; the North-East, Jammu and Kashmir, Ladakh and the
// islands are special wherever the parcel comes from (unless from the same state); between two metros
// is metro to metro; the rest is rest of India.
import type { Zone } from '~/lib/delivery'
import type { IndianState } from '~/lib/indian-states'

export { ZONE_NAMES, ZONES, type Zone } from '~/lib/delivery'

/** The places couriers charge most to reach: the eight North-Eastern states, the Himalayan territories and the islands. */
export const SPECIAL_STATES: ReadonlySet<IndianState> = new Set<IndianState>([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
])

/**
 * The metros by India Post's district names: Delhi (every district) with the NCR's Gurgaon, Faridabad,
 * Ghaziabad and Noida, Mumbai with Thane, Kolkata, Chennai, Bengaluru, Hyderabad with Rangareddy,
 * Ahmedabad and Pune.
 */
const METRO_DISTRICTS: ReadonlySet<string> = new Set([
  'Gurgaon',
  'Faridabad',
  'Ghaziabad',
  'Gautam Buddha Nagar',
  'Mumbai',
  'Thane',
  'Kolkata',
  'Chennai',
  'Bangalore',
  'Hyderabad',
  'K.V.Rangareddy',
  'Ahmedabad',
  'Pune',
])

export interface ZonePlace {
  district: string
  state: IndianState
}

export function isMetro(place: ZonePlace): boolean {
  return place.state === 'Delhi' || METRO_DISTRICTS.has(place.district)
}

export function zoneOf(from: ZonePlace, to: ZonePlace): Zone {
  if (from.state === to.state && from.district === to.district) return 'city'
  if (from.state === to.state) return 'state'
  if (SPECIAL_STATES.has(to.state) || SPECIAL_STATES.has(from.state)) return 'special'
  if (isMetro(from) && isMetro(to)) return 'metro'
  return 'national'
}
