// The one delivery fee (issue 30, ADR 085): what a parcel of the cart's pieces costs from the studio's
// pincode to the shopper's, before the free-delivery offer (lib/offers' deliveryFeeFor, applied by
// checkoutOf). The cart, the checkout, the Razorpay amount, the order row (and so the invoice) and /api
// all ask here. A shop prices delivery either flat (DELIVERY_FEE, a number) or by zone and weight: the
// courier aggregator's rate when one is set up, the owner's zone slabs when not or when it cannot answer.
import type { DB } from '../../../db/database'
import { inJsonList } from '../../../db/dialect'
import type { Category } from '~/lib/catalog'
import { addWorkingDays } from '~/lib/dispatch'
import { type CourierQuote, type CourierService, CourierUnavailable } from './courier'
import { readDeliverySetup } from './delivery-rates.server'
import { ownRates, zoneBetween } from './own-rates'
import { packedPiece } from './packages'
import { billedGrams, type PackedPiece, parcelOf, shippingFeePaise } from './rates'
import { ZONES } from './zones'

/** By zone and weight; `courier`: the aggregator (null: the owner's zone rates only). */
export interface ZonePricing {
  zones: true
  courier?: CourierService | null
}

/** How a shop prices delivery: a flat fee in paise (DELIVERY_FEE; 0 is free), or by zone and weight. */
export type DeliveryPricing = number | ZonePricing

export interface DeliveryLine {
  productId: string
  quantity: number
}

export interface DeliveryCharge {
  /** The fee before the free-delivery offer, in paise (0 when not serviceable). */
  feePaise: number
  /** False: no courier serves the pincode; the order must not be paid for. */
  serviceable: boolean
  /** True: `feePaise` is what this order pays (flat, or priced for the pincode asked); false: no pincode yet, the lowest any address pays ("from"). */
  exact: boolean
  /** Working days from dispatch to the door; null without a pincode. */
  transitDays: number | null
}

/**
 * Each line's packed piece: the product's own weight and box, else its category's (packages.ts). A
 * line whose product is gone is `missing` (left out when absent).
 */
export async function packedPieces(
  db: DB,
  lines: readonly DeliveryLine[],
  missing?: PackedPiece,
): Promise<{ piece: PackedPiece; quantity: number }[]> {
  const ids = [...new Set(lines.map((line) => line.productId))]
  const rows = ids.length
    ? await db
        .selectFrom('products')
        .select(['id', 'category', 'weight_grams', 'length_cm', 'breadth_cm', 'height_cm'])
        .where(inJsonList('id', ids))
        .execute()
    : []
  const byId = new Map(rows.map((row) => [row.id, row]))
  return lines.flatMap((line) => {
    const row = byId.get(line.productId)
    if (!row) return missing ? [{ piece: missing, quantity: line.quantity }] : []
    const own = { weightGrams: row.weight_grams, lengthCm: row.length_cm, breadthCm: row.breadth_cm, heightCm: row.height_cm }
    return [{ piece: packedPiece(row.category as Category, own), quantity: line.quantity }]
  })
}

/** The pieces' parcel as the courier bills it (each product's own weight and box, else its category's). */
async function billedGramsOf(db: DB, lines: readonly DeliveryLine[]): Promise<{ grams: number; parcel: ReturnType<typeof parcelOf> }> {
  const parcel = parcelOf(await packedPieces(db, lines))
  return { grams: billedGrams(parcel), parcel }
}

/**
 * What delivering `lines` to `toPincode` costs (null: no address chosen yet, the lowest zone's fee for
 * the parcel, honestly a "from"). A courier that cannot answer is not a refusal: the owner's rates
 * price it (ADR 082).
 */
/** India Post's postal regions are 1 to 8; a first digit of 0 is none, 9 the Army's field post, which no courier reaches. */
const CIVILIAN_PINCODE = /^[1-8]\d{5}$/

/** Not served: nothing to charge, and checkout refuses the address. */
const NOT_SERVED: DeliveryCharge = { feePaise: 0, serviceable: false, exact: true, transitDays: null }

export async function deliveryCharge(
  db: DB,
  pricing: DeliveryPricing,
  lines: readonly DeliveryLine[],
  toPincode: string | null,
  declaredValuePaise = 0,
): Promise<DeliveryCharge> {
  // A pincode that cannot be an address is served by nobody, whoever would carry it: refused before a fee or a courier is asked.
  if (toPincode !== null && !CIVILIAN_PINCODE.test(toPincode)) return NOT_SERVED
  if (typeof pricing === 'number') {
    // A flat fee anywhere; the days to the door are still the zone's (the owner's rates page sets them).
    if (toPincode === null) return { feePaise: pricing, serviceable: true, exact: true, transitDays: null }
    const setup = await readDeliverySetup(db)
    const zone = await zoneBetween(setup.shipFromPincode, toPincode)
    return { feePaise: pricing, serviceable: true, exact: true, transitDays: setup.rates[zone].transitDays }
  }
  const [setup, { grams, parcel }] = await Promise.all([readDeliverySetup(db), billedGramsOf(db, lines)])
  if (toPincode === null) {
    const feePaise = Math.min(...ZONES.map((zone) => shippingFeePaise(setup.rates[zone], grams)))
    return { feePaise, serviceable: true, exact: false, transitDays: null }
  }
  const request = { fromPincode: setup.shipFromPincode, toPincode, parcel, billedGrams: grams, declaredValuePaise }
  let quotes: CourierQuote[] | null = null
  if (pricing.courier) {
    try {
      quotes = await pricing.courier.quote(request)
    } catch (error) {
      if (!(error instanceof CourierUnavailable)) throw error
    }
  }
  quotes ??= await ownRates(() => setup.rates).quote(request)
  const cheapest = quotes[0]
  if (!cheapest) return NOT_SERVED
  return { feePaise: cheapest.feePaise, serviceable: true, exact: true, transitDays: cheapest.transitDays }
}

/** The day a parcel dispatched on `dispatchDay` (YYYY-MM-DD) should arrive: couriers work every day but Sunday. */
export function deliveryDay(dispatchDay: string, transitDays: number): string {
  return addWorkingDays(dispatchDay, transitDays, new Set())
}
