// What a cart costs once the automatic offers and its code meet (ADR 078): the lines already carry
// the offers' prices (getCart, lib/pricing's withOffer); a code on pieces an offer covers gives the
// shopper the better of the two, unless the offer is stackable; delivery is free from the
// free-delivery offer's amount. The cart page, checkout, /api and placeOrder all read it here, so
// the Razorpay order asks for what the page showed.
import type { DB } from '../../../db/database'
import { deliveryFeeFor, type FreeDeliveryHint, freeDeliveryHint, OFFER_MESSAGES } from '~/lib/offers'
import type { Cart, CartLine, CartOwner } from '~/domain/cart/cart.server'
import type { CheckoutQuote } from '~/domain/orders/place-order.server'
import { clock } from '~/domain/clock'
import { type DeliveryCharge, type DeliveryPricing, deliveryCharge } from '~/domain/shipping/delivery-charge.server'
import { type CartDiscount, cartDiscount, codeLines } from './cart-discount.server'
import { liveOffers } from './offers.server'

/** An offer in the cart's prices: its name and what it takes off the cart's available lines. */
export interface OfferInCart {
  id: string
  name: string
  savingPaise: number
}

/** An offer that takes something off the checkout (ADR 084): its saving on the prices, or the delivery fee it waives. */
export interface AppliedOffer {
  offerId: string
  amountPaise: number
}

export interface CartCheckout {
  /** The cart as charged: a line whose offer lost to the code is back at its price without the offer. */
  cart: Cart
  /** The cart's code: applied, refused with the reason, or outdone by an offer (`outdone`). */
  discount: CartDiscount | null
  /** The offers in the prices, and the words the cart says about them. */
  offers: OfferInCart[]
  offerMessage: string | null
  freeDelivery: FreeDeliveryHint | null
  /** The offers an order placed now records (order_offers): those in the prices, and free delivery when it waives a fee. */
  applied: AppliedOffer[]
  quote: CheckoutQuote
  /** The parcel's delivery before the free-delivery offer (ADR 085): for the address's pincode, or a "from" without one. */
  delivery: DeliveryCharge
}

/** The line at its price without the offer (the code won those pieces). */
function withoutOffer(line: CartLine): CartLine {
  if (!line.offer) return line
  const unit = line.unitPricePaise + line.offer.unitSavingPaise
  return { ...line, salePricePaise: line.offer.salePricePaiseWithout, unitPricePaise: unit, lineTotalPaise: unit * line.quantity, offer: null }
}

function cartOf(cart: Cart, items: CartLine[]): Cart {
  return { ...cart, items, totalPaise: items.filter((i) => i.available).reduce((sum, i) => sum + i.lineTotalPaise, 0) }
}

function offersIn(cart: Cart): OfferInCart[] {
  const byId = new Map<string, OfferInCart>()
  for (const line of cart.items) {
    if (!(line.available && line.offer)) continue
    const seen = byId.get(line.offer.id) ?? { id: line.offer.id, name: line.offer.name, savingPaise: 0 }
    byId.set(line.offer.id, { ...seen, savingPaise: seen.savingPaise + line.offer.unitSavingPaise * line.quantity })
  }
  return [...byId.values()]
}

/**
 * The cart and its code with the offers settled: a code that covers pieces a non-stackable offer
 * covers is compared with it. The code wins those pieces (back at their price without the offer,
 * the code taking its share) only when the total is then lower; otherwise the offer's prices stay and
 * the code is outdone (not used, not refused). A tie goes to the offer: the code's use is kept.
 */
async function settle(db: DB, owner: CartOwner, cart: Cart, now: Date): Promise<{ cart: Cart; discount: CartDiscount | null }> {
  const withOffers = await cartDiscount(db, owner, cart, now)
  if (!withOffers) return { cart, discount: null }
  const eligible = (await codeLines(db, withOffers.code, cart)) ?? []
  const contested = cart.items.map((line, i) => line.available && line.offer !== null && !line.offer.stackable && eligible[i] === true)
  if (!contested.includes(true)) return { cart, discount: withOffers }
  const codeCart = cartOf(cart, cart.items.map((line, i) => (contested[i] ? withoutOffer(line) : line)))
  const withCode = await cartDiscount(db, owner, codeCart, now)
  // Refused for its own reason (used up, first order...): the offer's prices stay, the reason shows.
  if (!withCode?.applies) return { cart, discount: withCode }
  const offerName = cart.items.find((_line, i) => contested[i])?.offer?.name ?? ''
  if (codeCart.totalPaise - withCode.amountPaise < cart.totalPaise) {
    return { cart: codeCart, discount: { ...withCode, message: OFFER_MESSAGES.codeBetter(withCode.code, offerName) } }
  }
  return { cart, discount: { code: withCode.code, applies: false, amountPaise: 0, message: OFFER_MESSAGES.betterThanCode(offerName, withCode.code), outdone: true } }
}

/**
 * What the owner's cart costs now: the lines, the code, the offers, the delivery fee (the parcel's to
 * `toPincode` as the shop prices it, ADR 085; free from the free-delivery offer's amount, counted on the
 * subtotal less the code's saving) and the total.
 */
export async function checkoutOf(
  db: DB,
  owner: CartOwner | null,
  cart: Cart,
  pricing: DeliveryPricing,
  now = clock.now(),
  toPincode: string | null = null,
): Promise<CartCheckout> {
  const offers = await liveOffers(db, now)
  const settled = owner ? await settle(db, owner, cart, now) : { cart, discount: null }
  const off = settled.discount?.applies ? settled.discount.amountPaise : 0
  const payablePaise = settled.cart.totalPaise - off
  const hasItems = settled.cart.items.length > 0
  const freeOverPaise = offers.freeDelivery?.minOrderPaise ?? null
  const payable = settled.cart.items.filter((line) => line.available)
  const delivery = await deliveryCharge(db, pricing, payable, toPincode, payablePaise)
  const feePaise = delivery.feePaise
  const fee = deliveryFeeFor({ hasItems, payablePaise, feePaise, freeOverPaise })
  const inPrices = offersIn(settled.cart)
  const first = inPrices[0]
  const applied = inPrices.filter((offer) => offer.savingPaise > 0).map((offer) => ({ offerId: offer.id, amountPaise: offer.savingPaise }))
  if (offers.freeDelivery && hasItems && feePaise > 0 && fee === 0) applied.push({ offerId: offers.freeDelivery.id, amountPaise: feePaise })
  return {
    cart: settled.cart,
    discount: settled.discount,
    offers: inPrices,
    offerMessage: settled.discount && 'outdone' in settled.discount ? settled.discount.message : first ? OFFER_MESSAGES.applied(first.name, first.savingPaise) : null,
    freeDelivery: hasItems ? freeDeliveryHint(payablePaise, offers.freeDelivery, feePaise) : null,
    applied,
    quote: { subtotalPaise: settled.cart.totalPaise, discountPaise: off, deliveryFeePaise: fee, totalPaise: payablePaise + fee },
    delivery,
  }
}
