// The port through which the shop prices and books deliveries (issue 30): a courier aggregator such as
// Shiprocket (app/infra/shiprocket.server.ts), or, with none set up, the shop's own zone rates
// (own-rates.ts). The domain asks it for quotes and never sees its HTTP.
import type { Parcel } from './rates'

export interface QuoteRequest {
  /** The studio's pincode (where the courier picks up). */
  fromPincode: string
  toPincode: string
  parcel: Parcel
  /** The weight the courier bills (billedGrams of the parcel). */
  billedGrams: number
  /** What the pieces are worth, for the courier's liability (paise). */
  declaredValuePaise: number
}

export interface CourierQuote {
  /** The aggregator's id of the courier ('own' for the shop's own rates). */
  courierId: string
  courierName: string
  /** What the shop pays for the parcel (paise). */
  feePaise: number
  /** Working days from pickup to the door. */
  transitDays: number
}

export interface CourierService {
  /** The couriers that serve the route, cheapest first; empty when none does. Throws ServiceUnavailable (CourierUnavailable) when it cannot tell. */
  quote(request: QuoteRequest): Promise<CourierQuote[]>
}

/** The aggregator could not be asked (down, slow, refusing our credentials): the caller decides what to fall back on. */
export { ServiceUnavailable as CourierUnavailable } from '~/domain/errors'
