// The payment gateway behind checkout: Razorpay when keys are set, else (demo shop or
// PAYMENT_TEST_MODE=1 only, see payment-setup.server.ts) the local TEST MODE gateway.
// Both sign a payment result as HMAC-SHA256("order_id|payment_id") and share one verification path.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import Razorpay from 'razorpay'
import { getConfig } from '~/infra/config.server'
import { paymentSetup } from './payment-setup.server'
import { getSessionSecret } from './secret.server'

export interface GatewayOrder {
  id: string
  amount: number
  currency: 'INR'
}

export interface GatewayPayment {
  id: string
  orderId: string
  amount: number
  currency: string
  /** Razorpay's payment status: only 'captured' means the money is the shop's. */
  status: string
}

/** Our record of the order a payment claims to pay (the test gateway keeps no records of its own). */
export interface PaidOrderRef {
  gatewayOrderId: string
  amountPaise: number
}

export interface PaymentGateway {
  readonly name: 'razorpay' | 'test'
  /** The public key the checkout page needs (Razorpay key id, or 'test'). */
  readonly keyId: string
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>
  /** The provider's record of a payment, to check its order, amount, currency and capture. */
  fetchPayment(paymentId: string, order: PaidOrderRef): Promise<GatewayPayment>
  /** Constant-time check of the signature the provider gave the browser for this order and payment. */
  verifySignature(gatewayOrderId: string, paymentId: string, signature: string): boolean
}

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex')
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8')
  const given = Buffer.from(String(givenHex), 'utf8')
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export function paymentSignature(gatewayOrderId: string, paymentId: string, secret: string): string {
  return hmacHex(secret, `${gatewayOrderId}|${paymentId}`)
}

/** Razorpay webhook check: HMAC-SHA256 of the raw body text with the webhook secret. */
export function verifyWebhookSignature(rawBody: string, signature: string, secret: string): boolean {
  return sameSignature(hmacHex(secret, rawBody), signature)
}

export function razorpayGateway(options: { keyId: string; keySecret: string; apiBase?: string }): PaymentGateway {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret })
  // The SDK has no base-url option; its axios instance does (see docs/decisions/010-payments.md).
  if (options.apiBase) {
    ;(client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = options.apiBase
  }
  return {
    name: 'razorpay',
    keyId: options.keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await client.orders.create({ amount: amountPaise, currency: 'INR', receipt: receipt.slice(0, 40), notes })
      return { id: order.id, amount: Number(order.amount), currency: 'INR' }
    },
    async fetchPayment(paymentId) {
      const payment = await client.payments.fetch(paymentId)
      return {
        id: payment.id,
        orderId: String(payment.order_id),
        amount: Number(payment.amount),
        currency: String(payment.currency),
        status: String(payment.status),
      }
    },
    verifySignature(gatewayOrderId, paymentId, signature) {
      return sameSignature(paymentSignature(gatewayOrderId, paymentId, options.keySecret), signature)
    },
  }
}

/** The embedded default: no network; the TEST MODE page signs results with a local secret. */
export function testGateway(secret: string): PaymentGateway & { sign(gatewayOrderId: string, paymentId: string): string } {
  return {
    name: 'test',
    keyId: 'test',
    async createOrder({ amountPaise }) {
      return { id: `order_test_${randomBytes(8).toString('hex')}`, amount: amountPaise, currency: 'INR' }
    },
    // No records and no manual capture here: a payment this gateway signed (checked before this
    // is asked) is captured, for the order and amount it was signed for.
    async fetchPayment(paymentId, order) {
      return { id: paymentId, orderId: order.gatewayOrderId, amount: order.amountPaise, currency: 'INR', status: 'captured' }
    },
    verifySignature(gatewayOrderId, paymentId, signature) {
      return sameSignature(paymentSignature(gatewayOrderId, paymentId, secret), signature)
    },
    sign(gatewayOrderId, paymentId) {
      return paymentSignature(gatewayOrderId, paymentId, secret)
    },
  }
}

let gateway: PaymentGateway | undefined
let testGatewayInstance: ReturnType<typeof testGateway> | undefined

/** The local test gateway (its secret is derived from the session secret). */
export function getTestGateway(): ReturnType<typeof testGateway> {
  testGatewayInstance ??= testGateway(hmacHex(getSessionSecret(), 'test-payment-gateway'))
  return testGatewayInstance
}

/** Razorpay with keys; the TEST MODE gateway only where paymentSetup allows it (else it throws). */
export function getPaymentGateway(): PaymentGateway {
  if (gateway) return gateway
  const config = getConfig()
  gateway =
    paymentSetup(config).gateway === 'razorpay' && config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET
      ? razorpayGateway({ keyId: config.RAZORPAY_KEY_ID, keySecret: config.RAZORPAY_KEY_SECRET, apiBase: config.RAZORPAY_API_BASE })
      : getTestGateway()
  return gateway
}
