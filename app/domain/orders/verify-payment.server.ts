// A payment result from the browser (checkout handler, hosted callback or TEST MODE page): its
// signature is checked against the gateway order id we stored, the provider's record of the payment
// against the order (amount, currency), an authorized payment is captured, then confirmPayment
// decides the order.
import type { DB } from '../../../db/database'
import { PAYMENT_MESSAGES } from '~/lib/payment-messages'
import { DomainError, Forbidden, Invalid } from '~/domain/errors'
import type { GatewayPayment, PaymentGateway } from './payment-gateway'
import { type Confirmation, confirmPayment, PaymentRejected } from './payments.server'

/** The provider could not be asked about the payment (network, outage): nothing was changed. */
export class PaymentCheckUnavailable extends DomainError {
  override readonly status = 502
  override readonly message = PAYMENT_MESSAGES.error
}

export interface PaymentResult {
  gatewayOrderId: string
  paymentId: string
  signature: string
}

async function orderByGatewayId(db: DB, gatewayOrderId: string) {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'user_id', 'total_amount_paise', 'payment_status', 'gateway_order_id'])
    .where('gateway_order_id', '=', gatewayOrderId)
    .executeTakeFirst()
  if (!order) throw new PaymentRejected()
  return order
}

/**
 * Verifies a payment result from the browser (checkout handler, hosted callback or test page) and
 * confirms the order. `expected` pins the order (and its owner) when the caller is signed in.
 */
export async function verifyAndConfirm(
  db: DB,
  gateway: PaymentGateway,
  result: PaymentResult,
  expected: { orderId?: string; userId?: string } = {},
): Promise<Confirmation> {
  if (!result.gatewayOrderId || !result.paymentId || !result.signature) {
    throw new Invalid({ razorpay_signature: [PAYMENT_MESSAGES.verificationFailed] }, PAYMENT_MESSAGES.verificationFailed)
  }
  const order = await orderByGatewayId(db, result.gatewayOrderId)
  if (expected.orderId && expected.orderId !== order.id) throw new PaymentRejected()
  if (expected.userId && expected.userId !== order.user_id) throw new Forbidden('This order is not yours.')
  // The signature is checked against the gateway order id we stored, never one the client made up.
  const gatewayOrderId = order.gateway_order_id ?? ''
  if (!gateway.verifySignature(gatewayOrderId, result.paymentId, result.signature)) {
    throw new PaymentRejected()
  }
  let payment: GatewayPayment
  try {
    payment = await gateway.fetchPayment(result.paymentId, { gatewayOrderId, amountPaise: order.total_amount_paise })
  } catch (error) {
    console.error('The payment gateway could not be asked about a payment', error)
    throw new PaymentCheckUnavailable()
  }
  if (payment.orderId !== gatewayOrderId || payment.amount !== order.total_amount_paise || payment.currency !== 'INR') {
    throw new PaymentRejected()
  }
  // Signed is not paid: with manual capture a payment is only 'authorized'. It is captured here,
  // and only for an order still waiting for its money (an authorization never captured is voided
  // by Razorpay, so a cancelled order needs no refund for it).
  if (payment.status === 'authorized') payment = await capture(db, gateway, order.id, payment)
  if (payment.status !== 'captured') throw new PaymentRejected()
  const confirmation = await confirmPayment(db, {
    gatewayOrderId: result.gatewayOrderId,
    paymentId: result.paymentId,
    amountPaise: payment.amount,
    source: gateway.name,
  })
  if (confirmation.refusedFor) throw new PaymentRejected()
  return confirmation
}

/** Captures an authorized payment for a pending order; PaymentRejected for an order that moved on. */
async function capture(db: DB, gateway: PaymentGateway, orderId: string, payment: GatewayPayment): Promise<GatewayPayment> {
  const order = await db.selectFrom('orders').select(['order_status', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow()
  if (order.order_status !== 'pending' || !(order.payment_status === 'pending' || order.payment_status === 'failed')) throw new PaymentRejected()
  let captured: GatewayPayment
  try {
    captured = await gateway.capturePayment(payment.id, payment.amount)
  } catch (error) {
    console.error('The payment gateway could not capture a payment', error)
    throw new PaymentCheckUnavailable()
  }
  // The capture answers the payment after it; its order and amount must still be ours.
  return { ...payment, status: captured.status, amount: captured.amount || payment.amount }
}
