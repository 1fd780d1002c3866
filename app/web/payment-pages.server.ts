// The payment pages' adapter: checkout's Pay (Razorpay's options, built once for Standard and
// Hosted Checkout), and the order being paid on the TEST MODE page.
import { randomBytes } from 'node:crypto'
import { redirect } from 'react-router'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { ORDER_MESSAGES } from '~/lib/order-status'
import type { StandardCheckoutOptions } from '~/lib/razorpay-checkout'
import type { SessionUser } from '~/lib/user'
import { payFormSchema } from '~/schemas/checkout'
import type { DB } from '../../db/database'
import { NotFound } from '~/domain/errors'
import { type PlacedOrder, placeOrder } from '~/domain/orders/place-order.server'
import { getPaymentGateway } from '~/infra/payment-gateway.server'
import { deliveryPricing } from '~/infra/delivery-pricing.server'
import type { PaymentGateway } from '~/domain/orders/payment-gateway'
import { addressKey } from '~/infra/rate-limit.server'
import { formAction, invalidForm } from './form-action.server'
import { redirectWithToast } from './toast/toast.server'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { parseForm } from './form-input.server'

export interface PayableOrder {
  orderId: string
  gatewayOrderId: string
  totalAmountPaise: number
  paymentStatus: string
}

/** The signed-in user's order behind a gateway order id (the TEST MODE page), or NotFound. */
export async function getPayableOrder(db: DB, gatewayOrderId: string, userId: string): Promise<PayableOrder> {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'gateway_order_id', 'total_amount_paise', 'payment_status'])
    .where('gateway_order_id', '=', gatewayOrderId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!order?.gateway_order_id) throw new NotFound(ORDER_MESSAGES.notFound)
  return {
    orderId: order.id,
    gatewayOrderId: order.gateway_order_id,
    totalAmountPaise: order.total_amount_paise,
    paymentStatus: order.payment_status,
  }
}

/** The Razorpay Checkout options for a placed order, built once for both checkouts (and the browser's Standard Checkout). */
export function razorpayOrder(gateway: PaymentGateway, placed: PlacedOrder, user: SessionUser) {
  return {
    keyId: gateway.keyId,
    orderId: placed.orderId,
    gatewayOrderId: placed.gatewayOrder.id,
    amount: placed.totalAmountPaise,
    currency: 'INR',
    name: getConfig().SHOP_NAME,
    description: `Order ${placed.orderId}`,
    prefill: { name: user.userName, email: user.email },
  } satisfies StandardCheckoutOptions & { orderId: string }
}

export type RazorpayOrder = ReturnType<typeof razorpayOrder>

/** Razorpay Hosted Checkout (the no-JS path): a plain form post to Razorpay that comes back to our callback. */
export function hostedCheckout(request: Request, order: RazorpayOrder) {
  const origin = new URL(request.url).origin
  const base = getConfig().RAZORPAY_API_BASE ?? 'https://api.razorpay.com'
  return {
    action: `${base.replace(/\/$/, '')}/v1/checkout/embedded`,
    fields: {
      key_id: order.keyId,
      order_id: order.gatewayOrderId,
      amount: String(order.amount),
      currency: order.currency,
      name: order.name,
      description: order.description,
      'prefill[name]': order.prefill.name,
      'prefill[email]': order.prefill.email,
      callback_url: `${origin}/shop/payment/callback`,
      cancel_url: `${origin}/shop/payment/cancel?order=${encodeURIComponent(order.gatewayOrderId)}`,
    },
  }
}

/**
 * The checkout page's Pay: places the order (the domain computes the total), then TEST MODE's page,
 * Standard Checkout's options (a fetcher, with JS) or Hosted Checkout's form (without JS). The
 * client's address (`clientIp`) counts against the limits on holds and unpaid checkouts (ADR 050).
 */
export function payAction(request: Request, user: SessionUser, form: FormData, clientIp: string) {
  const submission = parseForm(form, { schema: payFormSchema })
  return formAction(
    async () => {
      if (submission.status !== 'success') return invalidForm(submission)
      const pricing = deliveryPricing()
      const chosen = submission.value.addressId
      // The fee depends on the address (ADR 085): a total shown for another address (or none) is shown
      // again for this one before anything is held or charged.
      if (typeof pricing !== 'number' && chosen && chosen !== submission.value.quotedFor) {
        return redirectWithToast(`/shop/checkout?address=${encodeURIComponent(chosen)}`, { type: 'error', message: CHECKOUT_MESSAGES.deliveryRequoted })
      }
      const gateway = getPaymentGateway()
      const checkout = { addressId: submission.value.addressId, clientKey: addressKey(clientIp) }
      const placed = await placeOrder(getDb(), gateway, user, checkout, pricing)
      if (gateway.name === 'test') return redirect(`/shop/payment/test?order=${encodeURIComponent(placed.gatewayOrder.id)}`)
      const order = razorpayOrder(gateway, placed, user)
      return form.get('_fetch') ? { razorpay: order } : { hosted: hostedCheckout(request, order) }
    },
    { reply: { submission } },
  )
}

/** A payment id for the TEST MODE page's Pay button. */
export function newTestPaymentId(): string {
  return `pay_test_${randomBytes(8).toString('hex')}`
}
