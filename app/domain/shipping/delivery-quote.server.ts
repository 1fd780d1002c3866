// What a shopper is told before she orders (issue 30): whether a pincode is served, the delivery fee and
// the day the parcel should arrive, for one product (the product page, /api's quote with productId) or
// for her cart (/api's quote with userId). The arrival is the dispatch day (ADR 070) plus the zone's or
// the courier's transit days, counted in working days.
import type { DB } from '../../../db/database'
import { type Cart, type CartOwner, getCart } from '~/domain/cart/cart.server'
import { dispatchDayOfLines } from '~/domain/catalog/dispatch-dates.server'
import { clock } from '~/domain/clock'
import { NotFound } from '~/domain/errors'
import { checkoutOf } from '~/domain/promotions/cart-offers.server'
import { type DeliveryPricing, deliveryCharge, deliveryDay } from './delivery-charge.server'

export interface DeliveryQuote {
  serviceable: boolean
  /** Paise: for a product, its parcel's fee (the free-delivery offer is the whole order's); for a cart, what checkout charges. */
  feePaise: number
  /** YYYY-MM-DD; null when not serviceable or nothing to send. */
  estimatedDelivery: string | null
}

async function arrival(db: DB, lines: { productId: string; variety: string }[], transitDays: number | null, at: Date): Promise<string | null> {
  if (transitDays === null) return null
  const dispatch = await dispatchDayOfLines(db, lines, at)
  return dispatch ? deliveryDay(dispatch, transitDays) : null
}

/** One piece of a product (its first option's making time when it has options: `variety` '' is the product's). */
export async function quoteProductDelivery(
  db: DB,
  pricing: DeliveryPricing,
  input: { productId: string; variety?: string; toPincode: string },
  at = clock.now(),
): Promise<DeliveryQuote> {
  const product = await db.selectFrom('products').select(['id', 'price_paise']).where('id', '=', input.productId).where('deleted_at', 'is', null).executeTakeFirst()
  if (!product) throw new NotFound('Product not found')
  const charge = await deliveryCharge(db, pricing, [{ productId: product.id, quantity: 1 }], input.toPincode, product.price_paise)
  if (!charge.serviceable) return { serviceable: false, feePaise: 0, estimatedDelivery: null }
  return {
    serviceable: true,
    feePaise: charge.feePaise,
    estimatedDelivery: await arrival(db, [{ productId: product.id, variety: input.variety ?? '' }], charge.transitDays, at),
  }
}

/** The owner's cart to the pincode, as checkout would charge it (offers and code included). */
export async function quoteCartDelivery(db: DB, pricing: DeliveryPricing, owner: CartOwner, toPincode: string, at = clock.now()): Promise<DeliveryQuote> {
  const held: Cart = await getCart(db, owner)
  const { cart, delivery, quote } = await checkoutOf(db, owner, held, pricing, at, toPincode)
  const payable = cart.items.filter((line) => line.available)
  if (!delivery.serviceable) return { serviceable: false, feePaise: 0, estimatedDelivery: null }
  return {
    serviceable: true,
    feePaise: quote.deliveryFeePaise,
    estimatedDelivery: await arrival(db, payable.map((line) => ({ productId: line.productId, variety: line.variety })), delivery.transitDays, at),
  }
}
