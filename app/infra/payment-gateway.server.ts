// The payment gateway behind checkout: Razorpay when keys are set, else (demo shop or
// PAYMENT_TEST_MODE=1 only, see payment-setup.server.ts) the local TEST MODE gateway.
// Both sign a payment result as Razorpay does, HMAC-SHA256("order_id|payment_id"), and share one
// constant-time verification (docs/decisions/029-maintained-middleware.md says why it is not the
// SDK's validatePaymentVerification / validateWebhookSignature).
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
  /** Constant-time check of a webhook's X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret. */
  verifyWebhookSignature(rawBody: string, signature: string, webhookSecret: string): boolean
}

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex')
}

/**
 * Constant-time comparison of two hex signatures (the SDK's helpers compare with `===`, which stops
 * at the first differing character).
 */
function sameSignature(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8')
  const given = Buffer.from(String(givenHex), 'utf8')
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The signature Razorpay (and the TEST MODE gateway) gives the browser for a payment of an order. */
export function paymentSignature(gatewayOrderId: string, paymentId: string, secret: string): string {
  return hmacHex(secret, `${gatewayOrderId}|${paymentId}`)
}

/** The two checks of a gateway whose payment results are signed with `secret`. */
function signatureChecks(secret: string): Pick<PaymentGateway, 'verifySignature' | 'verifyWebhookSignature'> {
  return {
    verifySignature: (gatewayOrderId, paymentId, signature) => sameSignature(paymentSignature(gatewayOrderId, paymentId, secret), signature),
    verifyWebhookSignature: (rawBody, signature, webhookSecret) => sameSignature(hmacHex(webhookSecret, rawBody), signature),
  }
}

/**
 * Points the SDK at another API base (a local fake in tests). razorpay 2.9.x has no option for it
 * (its constructor takes key_id, key_secret, oauthToken and headers and fixes hostUrl), so this sets
 * the base of the axios instance it keeps in `api.rq`; if a later SDK moves that, start fails here
 * rather than calling the real API.
 */
function setApiBase(client: Razorpay, apiBase: string) {
  const api = (client as unknown as { api?: { rq?: { defaults?: { baseURL?: string } } } }).api
  if (!api?.rq?.defaults) throw new Error('RAZORPAY_API_BASE: this razorpay SDK keeps no axios instance at api.rq; update setApiBase')
  api.rq.defaults.baseURL = apiBase
}

export function razorpayGateway(options: { keyId: string; keySecret: string; apiBase?: string }): PaymentGateway {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret })
  if (options.apiBase) setApiBase(client, options.apiBase)
  return {
    name: 'razorpay',
    keyId: options.keyId,
    ...signatureChecks(options.keySecret),
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
  }
}

/** The embedded default: no network; the TEST MODE page signs results with a local secret. */
export function testGateway(secret: string): PaymentGateway & { sign(gatewayOrderId: string, paymentId: string): string } {
  return {
    name: 'test',
    keyId: 'test',
    ...signatureChecks(secret),
    async createOrder({ amountPaise }) {
      return { id: `order_test_${randomBytes(8).toString('hex')}`, amount: amountPaise, currency: 'INR' }
    },
    // No records and no manual capture here: a payment this gateway signed (checked before this
    // is asked) is captured, for the order and amount it was signed for.
    async fetchPayment(paymentId, order) {
      return { id: paymentId, orderId: order.gatewayOrderId, amount: order.amountPaise, currency: 'INR', status: 'captured' }
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
