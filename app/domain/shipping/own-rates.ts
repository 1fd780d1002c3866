// The courier service of a shop without an aggregator: the owner's zone rates (rates.ts) from the
// studio's pincode, one "Standard delivery". A pincode India Post's directory does not know (a new
// one) is priced as the rest of India; one that cannot be an address is refused before any courier is
// asked (civilianPincode, in deliveryCharge).
import { type ZoneRates, shippingFeePaise } from './rates'
import type { CourierQuote, CourierService, QuoteRequest } from './courier'
import { findPincode } from './pincodes.server'
import { type Zone, zoneOf } from './zones'

export const OWN_COURIER = { courierId: 'own', courierName: 'Standard delivery' } as const

export async function zoneBetween(fromPincode: string, toPincode: string): Promise<Zone> {
  const [from, to] = await Promise.all([findPincode(fromPincode), findPincode(toPincode)])
  return from && to ? zoneOf(from, to) : 'national'
}

export function ownRates(rates: () => ZoneRates): CourierService {
  return {
    async quote(request: QuoteRequest): Promise<CourierQuote[]> {
      const rate = rates()[await zoneBetween(request.fromPincode, request.toPincode)]
      return [{ ...OWN_COURIER, feePaise: shippingFeePaise(rate, request.billedGrams), transitDays: rate.transitDays }]
    },
  }
}
