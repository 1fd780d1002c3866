// The /api cart answer (docs/api.md): the cart as before, and the extras of ADR 073: `subtotal`,
// `delivery` and `total` (rupees, what checkout would charge) and, when the cart carries a code,
// `discount: {code, amountPaise, message}` (amountPaise 0 and the reason when it no longer applies).
import type { DB } from '../../db/database'
import { paiseToRupees } from '~/lib/money'
import { getConfig } from '~/infra/config.server'
import type { Cart, CartOwner } from '~/domain/cart/cart.server'
import { quoteCheckout } from '~/domain/orders/place-order.server'
import { cartDiscount } from '~/domain/promotions/cart-discount.server'
import { toApiCart } from './serializers.server'

export async function toApiCartAnswer(db: DB, owner: CartOwner, cart: Cart) {
  const discount = await cartDiscount(db, owner, cart)
  const quote = quoteCheckout(cart, getConfig().DELIVERY_FEE, discount)
  return {
    ...toApiCart(cart),
    subtotal: paiseToRupees(quote.subtotalPaise),
    delivery: paiseToRupees(quote.deliveryFeePaise),
    total: paiseToRupees(quote.totalPaise),
    ...(discount ? { discount: { code: discount.code, amountPaise: discount.amountPaise, message: discount.message } } : {}),
  }
}
