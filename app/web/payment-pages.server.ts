// What the payment pages need beyond the payment services: the order being paid, and the
// fields of Razorpay's hosted checkout form (the no-JS path).
import { randomBytes } from 'node:crypto'
import { getConfig } from '~/infra/config.server'
import type { SessionUser } from '~/lib/user'
import type { DB } from '../../db/database'
import { NotFound } from '../domain/errors'
import type { PlacedOrder } from '../domain/orders.server'
import type { PaymentGateway } from '../infra/payment-gateway.server'

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
  if (!order?.gateway_order_id) throw new NotFound('Order not found.')
  return {
    orderId: order.id,
    gatewayOrderId: order.gateway_order_id,
    totalAmountPaise: order.total_amount_paise,
    paymentStatus: order.payment_status,
  }
}

/** Razorpay Hosted Checkout: a plain form post to Razorpay that comes back to our callback. */
export function hostedCheckout(request: Request, gateway: PaymentGateway, placed: PlacedOrder, user: SessionUser) {
  const config = getConfig()
  const origin = new URL(request.url).origin
  const base = config.RAZORPAY_API_BASE ?? 'https://api.razorpay.com'
  return {
    action: `${base.replace(/\/$/, '')}/v1/checkout/embedded`,
    fields: {
      key_id: gateway.keyId,
      order_id: placed.gatewayOrder.id,
      amount: String(placed.totalAmountPaise),
      currency: 'INR',
      name: config.SHOP_NAME,
      description: `Order ${placed.orderId}`,
      'prefill[name]': user.userName,
      'prefill[email]': user.email,
      callback_url: `${origin}/shop/payment/callback`,
      cancel_url: `${origin}/shop/payment/cancel?order=${encodeURIComponent(placed.gatewayOrder.id)}`,
    },
  }
}

/** A payment id for the TEST MODE page's Pay button. */
export function newTestPaymentId(): string {
  return `pay_test_${randomBytes(8).toString('hex')}`
}
