// The product page's "Delivery to 560038 by Sat 5 Dec, ₹40" (issue 30, ADR 085): the pincode comes
// from the page's GET form (?pincode=) and is remembered in a cookie for the next product. A page asked
// with ?pincode= is rendered for its request; with the remembered cookie alone the product page comes
// from the page cache with her line spliced into its delivery hole (ADR 106: server/page-cache/keys.ts
// reads the cookie with rememberedPincode and the line with deliveryCheckOfPincode), and every other
// browse page is the visitors' kept page.
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

/** The pincode a Cookie header remembers, when its signature holds and it is a pincode; else null. */
export async function rememberedPincode(cookieHeader: string | null): Promise<string | null> {
  const remembered = await pincodeCookie().parse(cookieHeader)
  return typeof remembered === 'string' && deliveryPincodeSchema.safeParse(remembered).success ? remembered : null
}

/** The line for one product and a valid pincode, as the page shows it. */
export async function deliveryCheckOfPincode(productId: string, pincode: string): Promise<DeliveryCheck> {
  const quote = await quoteProductDelivery(getDb(), deliveryPricing(), { productId, toPincode: pincode })
  return { pincode, sentence: deliverySentence(pincode, quote), error: null }
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
    pincode = await rememberedPincode(request.headers.get('Cookie'))
  }
  if (pincode === null) return { check: null, setCookie }
  return { check: await deliveryCheckOfPincode(productId, pincode), setCookie }
}
