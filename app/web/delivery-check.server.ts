// The product page's "Delivery to 560038 by Sat 5 Dec, ₹40" (issue 30, ADR 085): the pincode comes
// from the page's GET form (?pincode=) and is remembered in a cookie for the next product. A request
// carrying the cookie is never served from the page cache (server/page-cache/keys.ts keeps no page for
// an unknown cookie), so the line is always this shopper's.
import { createCookie } from 'react-router'
import { quoteProductDelivery } from '~/domain/shipping/delivery-quote.server'
import { getDb } from '~/infra/db.server'
import { deliveryPricing } from '~/infra/delivery-pricing.server'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { formatDispatchDay } from '~/lib/dispatch'
import { formatPaise } from '~/lib/money'
import { DELIVERY_QUOTE_MESSAGES, deliveryPincodeSchema } from '~/schemas/delivery-quote'
import { signedCookieOptions } from './cookies.server'
import type { DeliveryCheck } from '~/components/delivery-check'

export const DELIVERY_PINCODE_COOKIE = 'delivery_pincode'

function pincodeCookie() {
  return createCookie(DELIVERY_PINCODE_COOKIE, { ...signedCookieOptions(), maxAge: 180 * 24 * 3600 })
}

export function deliverySentence(pincode: string, quote: { serviceable: boolean; feePaise: number; estimatedDelivery: string | null }): string {
  if (!quote.serviceable) return CHECKOUT_MESSAGES.notServiceable(pincode)
  const fee = quote.feePaise > 0 ? formatPaise(quote.feePaise) : 'free'
  return quote.estimatedDelivery ? `Delivery to ${pincode} by ${formatDispatchDay(quote.estimatedDelivery)}, ${fee}` : `Delivery to ${pincode}, ${fee}`
}

/** The page's delivery line for the product, and the Set-Cookie header remembering a newly given pincode. */
export async function deliveryCheckFor(request: Request, productId: string): Promise<{ check: DeliveryCheck | null; setCookie: string | null }> {
  const typed = new URL(request.url).searchParams.get('pincode')
  let pincode: string | null = null
  let setCookie: string | null = null
  if (typed !== null) {
    const parsed = deliveryPincodeSchema.safeParse(typed)
    if (!parsed.success) return { check: { pincode: typed.slice(0, 20), sentence: null, error: DELIVERY_QUOTE_MESSAGES.pincode }, setCookie: null }
    pincode = parsed.data
    setCookie = await pincodeCookie().serialize(pincode)
  } else {
    const remembered = await pincodeCookie().parse(request.headers.get('Cookie'))
    pincode = typeof remembered === 'string' && deliveryPincodeSchema.safeParse(remembered).success ? remembered : null
  }
  if (pincode === null) return { check: null, setCookie }
  const quote = await quoteProductDelivery(getDb(), deliveryPricing(), { productId, toPincode: pincode })
  return { check: { pincode, sentence: deliverySentence(pincode, quote), error: null }, setCookie }
}
