// The shopper's discount code form for pages (cart and checkout, ADR 073): apply or remove the
// cart's code. Applied or removed: back to the page with a toast. Refused: a 400 with what was
// typed and why, which the page shows next to the field.
import { data, type RouterContextProvider } from 'react-router'
import { DISCOUNT_MESSAGES } from '~/lib/discounts'
import { applyCodeSchema } from '~/schemas/discount-code'
import { getDb } from '~/infra/db.server'
import { getCart } from '~/domain/cart/cart.server'
import { Invalid } from '~/domain/errors'
import { applyDiscountCode, removeDiscountCode } from '~/domain/promotions/cart-discount.server'
import { checkoutOf } from '~/domain/promotions/cart-offers.server'
import { includedTaxPaise } from '~/domain/orders/included-tax.server'
import { deliveryPricing } from '~/infra/delivery-pricing.server'
import type { CartOwner } from '~/domain/cart/cart.server'
import type { Cart } from '~/domain/cart/cart.server'
import type { DiscountReply, DiscountSummary } from '~/components/discount-line'
import type { OffersSummary } from '~/components/offer-notes'
import { cartOwnerFor } from './cart-requests.server'
import { redirectWithToast } from './toast/toast.server'

type Ctx = Readonly<RouterContextProvider>

/** True when the form's intent is the discount code's (the page action hands it here). */
export function isDiscountIntent(form: FormData): boolean {
  return String(form.get('intent') ?? '').startsWith('discount-')
}

/**
 * The cart as a page shows it, checked on this read (ADR 073, 078): the lines at the prices charged
 * (an offer the code beat is out of them), the code, the offers' words and the checkout's total.
 */
export async function cartPricing(owner: CartOwner | null, cart: Cart, to: { pincode: string; state: string } | null = null) {
  // Delivered to the address as the shop prices it (ADR 085); without one, the lowest fee ("from").
  const priced = await checkoutOf(getDb(), owner, cart, deliveryPricing(), undefined, to?.pincode ?? null)
  // The GST within the total, as the invoice will print it (issue 32's price breakup).
  const taxPaise = await includedTaxPaise(getDb(), {
    cart: priced.cart,
    discount: priced.discount,
    deliveryFeePaise: priced.quote.deliveryFeePaise,
    shippingState: to?.state ?? null,
  })
  const found = priced.discount
  const discount: DiscountSummary | null = found
    ? { code: found.code, applies: found.applies, amountPaise: found.amountPaise, message: found.message, ...('outdone' in found && found.outdone ? { outdone: true } : {}) }
    : null
  const offers: OffersSummary = { message: priced.offerMessage, freeDelivery: priced.freeDelivery }
  return { cart: priced.cart, discount, offers, quote: priced.quote, delivery: priced.delivery, taxPaise }
}

export async function discountFormAction(request: Request, context: Ctx, form: FormData, back: string) {
  const db = getDb()
  const { owner } = await cartOwnerFor(request, context)
  if (form.get('intent') === 'discount-remove') {
    if (owner) await removeDiscountCode(db, owner)
    return redirectWithToast(back, { type: 'success', message: DISCOUNT_MESSAGES.removed })
  }
  const typed = String(form.get('code') ?? '').slice(0, 40)
  const refuse = (error: string) => data({ discount: { typed, error } satisfies DiscountReply }, { status: 400 })
  const parsed = applyCodeSchema.safeParse({ code: typed })
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? DISCOUNT_MESSAGES.enterCode)
  if (!owner) return refuse(DISCOUNT_MESSAGES.notForCart)
  try {
    const applied = await applyDiscountCode(db, owner, await getCart(db, owner), parsed.data.code)
    return redirectWithToast(back, { type: 'success', message: applied.message })
  } catch (error) {
    if (error instanceof Invalid) return refuse(error.errors.code?.[0] ?? error.message)
    throw error
  }
}
