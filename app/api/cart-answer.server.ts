// The /api cart answer (docs/api.md): the cart as before, and the extras of ADR 073: `subtotal`,
// `delivery` and `total` (rupees, what checkout would charge) and, when the cart carries a code,
// `discount: {code, amountPaise, message}` (amountPaise 0 and the reason when it no longer applies).
import type { DB } from '../../db/database'
import { paiseToRupees } from '~/lib/money'
import { deliveryPricing } from '~/infra/delivery-pricing.server'
import type { Cart, CartOwner } from '~/domain/cart/cart.server'
import { checkoutOf } from '~/domain/promotions/cart-offers.server'
import { toApiCart } from './serializers.server'

export async function toApiCartAnswer(db: DB, owner: CartOwner, held: Cart) {
  // The lines at the prices charged, with the code and the automatic offers settled (ADR 078).
  const { cart, discount, quote, offerMessage, freeDelivery, delivery } = await checkoutOf(db, owner, held, deliveryPricing())
  return {
    ...toApiCart(cart),
    subtotal: paiseToRupees(quote.subtotalPaise),
    delivery: paiseToRupees(quote.deliveryFeePaise),
    total: paiseToRupees(quote.totalPaise),
    // Extra (ADR 085): priced by zone with no address yet, `delivery` is the lowest any address pays.
    ...(delivery.exact ? {} : { deliveryEstimate: true }),
    ...(discount ? { discount: { code: discount.code, amountPaise: discount.amountPaise, message: discount.message } } : {}),
    // Extras (ADR 078): the automatic offer's words, and how far the cart is from free delivery (rupees).
    ...(offerMessage ? { offer: offerMessage } : {}),
    ...(freeDelivery ? { freeDelivery: { over: paiseToRupees(freeDelivery.overPaise), short: paiseToRupees(freeDelivery.shortPaise), message: freeDelivery.message } } : {}),
  }
}
