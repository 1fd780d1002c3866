// The payment gateway behind checkout, implementing the orders room's PaymentGateway: Razorpay when
// keys are set, else (demo shop or PAYMENT_TEST_MODE=1 only, see payment-setup.server.ts) the local
// TEST MODE gateway. Razorpay's SDK and its answers' shapes stay here; webhooks are read in
// razorpay-webhook.server.ts.
// Both sign a payment result as Razorpay does, HMAC-SHA256("order_id|payment_id"), and share one
// constant-time verification (docs/decisions/029-maintained-middleware.md says why it is not the
// SDK's validatePaymentVerification / validateWebhookSignature).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import Razorpay from 'razorpay'
import type { GatewayPayment, GatewayRefund, PaymentGateway } from '~/domain/orders/payment-gateway'
import { getConfig } from '~/infra/config.server'
import { paymentSetup } from './payment-setup.server'
import { getSessionSecret } from './secret.server'

/**
 * A provider call that failed. `permanent` when the provider answered and refused (4xx: asking
 * again will not help), else the provider could not be reached or failed (5xx, network): retry.
 */
export class GatewayCallError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message)
  }
}

/** The SDK's rejection (`{statusCode, error: {description}}`) or a network error, as a GatewayCallError. */
function callError(error: unknown): GatewayCallError {
  const e = error as { statusCode?: number; error?: { description?: string }; message?: string }
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 0
  const description = e?.error?.description ?? e?.message ?? String(error)
  return new GatewayCallError(status ? `${status}: ${description}` : description, status >= 400 && status < 500 && status !== 429)
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw callError(error)
  }
}

function refundStatus(status: unknown): GatewayRefund['status'] {
  return status === 'processed' || status === 'failed' ? status : 'pending'
}

/**
 * Our key of a Razorpay refund: its receipt, else notes.refund_key (createRefund sends both; a refund
 * made elsewhere may carry only the notes).
 */
export function refundKeyOf(refund: { receipt?: unknown; notes?: unknown }): string | null {
  const notes = (refund.notes && typeof refund.notes === 'object' ? refund.notes : {}) as Record<string, unknown>
  return typeof refund.receipt === 'string' && refund.receipt ? refund.receipt : typeof notes.refund_key === 'string' ? notes.refund_key : null
}

function toGatewayRefund(refund: {
  id: string
  payment_id: string
  amount: number | string
  status?: unknown
  receipt?: unknown
  notes?: unknown
  processed_at?: unknown
}): GatewayRefund {
  return {
    id: refund.id,
    paymentId: refund.payment_id,
    amount: Number(refund.amount),
    status: refundStatus(refund.status),
    receipt: refundKeyOf(refund),
    processedAt: typeof refund.processed_at === 'number' ? new Date(refund.processed_at * 1000).toISOString() : null,
  }
}

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex')
}

/**
 * Constant-time comparison of two hex signatures (the SDK's helpers compare with `===`, which stops
 * at the first differing character).
 */
export function sameSignature(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8')
  const given = Buffer.from(String(givenHex), 'utf8')
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The signature Razorpay (and the TEST MODE gateway) gives the browser for a payment of an order. */
export function paymentSignature(gatewayOrderId: string, paymentId: string, secret: string): string {
  return hmacHex(secret, `${gatewayOrderId}|${paymentId}`)
}

/** The check of a gateway whose payment results are signed with `secret`. */
function signatureChecks(secret: string): Pick<PaymentGateway, 'verifySignature'> {
  return {
    verifySignature: (gatewayOrderId, paymentId, signature) => sameSignature(paymentSignature(gatewayOrderId, paymentId, secret), signature),
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

function toGatewayPayment(payment: { id: string; order_id?: unknown; amount: number | string; currency: unknown; status: unknown }): GatewayPayment {
  return {
    id: payment.id,
    orderId: String(payment.order_id),
    amount: Number(payment.amount),
    currency: String(payment.currency),
    status: String(payment.status),
  }
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
      return toGatewayPayment(await client.payments.fetch(paymentId))
    },
    async capturePayment(paymentId, amountPaise) {
      return toGatewayPayment(await call(() => client.payments.capture(paymentId, amountPaise, 'INR')))
    },
    async createRefund(paymentId, amountPaise, request) {
      const refund = await call(() =>
        client.payments.refund(paymentId, {
          amount: amountPaise,
          speed: 'normal',
          receipt: request.idempotencyKey.slice(0, 40),
          notes: { ...request.notes, refund_key: request.idempotencyKey },
        }),
      )
      return toGatewayRefund(refund as Parameters<typeof toGatewayRefund>[0])
    },
    async fetchRefund(refundId) {
      return toGatewayRefund((await call(() => client.refunds.fetch(refundId))) as Parameters<typeof toGatewayRefund>[0])
    },
    async listRefunds(paymentId) {
      const list = await call(() => client.payments.fetchMultipleRefund(paymentId, { count: 100 }))
      return ((list as { items?: Parameters<typeof toGatewayRefund>[0][] }).items ?? []).map(toGatewayRefund)
    },
  }
}

/** The embedded default: no network; the TEST MODE page signs results with a local secret. */
export function testGateway(secret: string): PaymentGateway & { sign(gatewayOrderId: string, paymentId: string): string } {
  const refunds = new Map<string, GatewayRefund>()
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
    async capturePayment(paymentId, amountPaise) {
      return { id: paymentId, orderId: '', amount: amountPaise, currency: 'INR', status: 'captured' }
    },
    // Refunds move no money here: processed at once, one per key for the life of the process.
    async createRefund(paymentId, amountPaise, request) {
      // A refund over two payments (ADR 094) sends one part per payment under one key.
      const made = refunds.get(`${paymentId}:${request.idempotencyKey}`)
      if (made) return made
      const refund: GatewayRefund = {
        id: `rfnd_test_${randomBytes(8).toString('hex')}`,
        paymentId,
        amount: amountPaise,
        status: 'processed',
        receipt: request.idempotencyKey,
        processedAt: new Date().toISOString(),
      }
      refunds.set(`${paymentId}:${request.idempotencyKey}`, refund)
      return refund
    },
    async fetchRefund(refundId) {
      const refund = [...refunds.values()].find((r) => r.id === refundId)
      // A refund made before a restart: TEST MODE refunds are processed when made.
      return refund ?? { id: refundId, paymentId: '', amount: 0, status: 'processed', receipt: null, processedAt: null }
    },
    async listRefunds(paymentId) {
      return [...refunds.values()].filter((r) => r.paymentId === paymentId)
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

/**
 * The gateway that refunds a payment taken by `name`: Razorpay's through Razorpay (when keys are
 * set), TEST MODE and seeded demo ones locally; null when that gateway is not set up here.
 */
export function gatewayForRefund(name: string): PaymentGateway | null {
  if (name === 'test' || name === 'demo') return getTestGateway()
  const current = getPaymentGateway()
  return current.name === name ? current : null
}
