// The courier service of a shop without an aggregator: the owner's zone rates (rates.ts) from the
// studio's pincode, one "Standard delivery" that serves every civilian pincode. A pincode India Post's
// directory does not know (a new one) is priced as the rest of India; one that cannot be an address
// (a first digit of 0, or 9: the Army Postal Service's field post offices) is not served.
import { type ZoneRates, shippingFeePaise } from './rates'
import type { CourierQuote, CourierService, QuoteRequest } from './courier'
import { findPincode } from './pincodes.server'
import { type Zone, zoneOf } from './zones'

export const OWN_COURIER = { courierId: 'own', courierName: 'Standard delivery' } as const

/** India Post's postal regions are 1 to 8; 9 is the field post, which no courier reaches. */
const CIVILIAN_PINCODE = /^[1-8]\d{5}$/

/** Whether a parcel can be sent to the pincode at all, whoever carries it. */
export function civilianPincode(pincode: string): boolean {
  return CIVILIAN_PINCODE.test(pincode)
}

export async function zoneBetween(fromPincode: string, toPincode: string): Promise<Zone> {
  const [from, to] = await Promise.all([findPincode(fromPincode), findPincode(toPincode)])
  return from && to ? zoneOf(from, to) : 'national'
}

export function ownRates(rates: () => ZoneRates): CourierService {
  return {
    async quote(request: QuoteRequest): Promise<CourierQuote[]> {
      if (!civilianPincode(request.toPincode)) return []
      const rate = rates()[await zoneBetween(request.fromPincode, request.toPincode)]
      return [{ ...OWN_COURIER, feePaise: shippingFeePaise(rate, request.billedGrams), transitDays: rate.transitDays }]
    },
  }
}
