// A local stand-in for the Razorpay REST API, just what the official SDK calls in this shop:
// POST /v1/orders, GET /v1/orders/:id, GET /v1/payments/:id, with HTTP basic auth (key id : secret).
// pay() plays the customer paying in Checkout: it records a payment (captured, or only authorized
// as on an account with manual capture) and returns the signature Razorpay would hand the
// browser, HMAC-SHA256("order_id|payment_id", key secret); capture() captures an authorized one.
// Captures and refunds through the API too: POST /v1/payments/:id/capture, POST /v1/payments/:id/refund,
// GET /v1/payments/:id/refunds, GET /v1/refunds/:id; processRefund()/failRefund() play Razorpay paying
// a refund out, and refundWebhook()/sendRefundWebhook() sign the refund.processed/failed events.
// Payment Links (ADR 088): POST /v1/payment_links, GET /v1/payment_links/:id, POST .../:id/cancel, in
// Razorpay's JSON shapes; payLink() plays the customer paying one (the callback's signed query), and
// linkPaidWebhook()/sendLinkPaidWebhook() sign the payment_link.paid event.
import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export interface FakeOrder {
  id: string
  entity: 'order'
  amount: number
  amount_paid: number
  amount_due: number
  currency: string
  receipt: string | null
  notes: Record<string, string>
  status: 'created' | 'attempted' | 'paid'
  attempts: number
  created_at: number
}

export interface FakePayment {
  id: string
  entity: 'payment'
  order_id: string
  amount: number
  currency: string
  status: 'authorized' | 'captured' | 'failed'
  method: string
  captured: boolean
  created_at: number
}

export interface FakeRefund {
  id: string
  entity: 'refund'
  payment_id: string
  amount: number
  currency: 'INR'
  receipt: string | null
  notes: Record<string, string>
  status: 'pending' | 'processed' | 'failed'
  speed_requested: string
  created_at: number
  processed_at?: number
}

export interface FakePaymentLink {
  id: string
  accept_partial: boolean
  amount: number
  amount_paid: number
  callback_method: string
  callback_url: string
  cancelled_at: number
  created_at: number
  currency: 'INR'
  customer: { name?: string; email?: string; contact?: string }
  description: string
  expire_by: number
  expired_at: number
  first_min_partial_amount: number
  notes: Record<string, string> | null
  notify: { email: boolean; sms: boolean }
  payments: { amount: number; created_at: number; method: string; payment_id: string; plink_id: string; status: string; updated_at: number }[] | null
  reference_id: string
  reminder_enable: boolean
  reminders: unknown[]
  short_url: string
  status: 'created' | 'partially_paid' | 'paid' | 'cancelled' | 'expired'
  updated_at: number
  upi_link: boolean
  user_id: string
}

export interface FakeRazorpay {
  /** The API base to give the SDK (RAZORPAY_API_BASE), without /v1. */
  url: string
  orders: Map<string, FakeOrder>
  payments: Map<string, FakePayment>
  /** Every request seen, as "METHOD /path" (for assertions on what the SDK called). */
  requests: string[]
  refunds: Map<string, FakeRefund>
  /** While true, POST /v1/orders, captures and every refund call answer 500 (the gateway is down). */
  down: boolean
  /** The status a new refund starts in: 'pending' as Razorpay's normal refunds (the default), or 'processed'. */
  newRefundStatus: 'pending' | 'processed'
  /**
   * Pays an order (by default its full amount, captured at once): the payment and the browser's
   * signature. `status: 'authorized'` plays an account with manual capture.
   */
  pay(orderId: string, options?: { amount?: number; status?: 'authorized' | 'captured' }): { paymentId: string; signature: string }
  /** The owner captures an authorized payment in Razorpay's dashboard. */
  capture(paymentId: string): void
  /** Razorpay pays a refund out (or fails to). */
  processRefund(refundId: string): FakeRefund
  failRefund(refundId: string): FakeRefund
  /** A signed refund.processed / refund.failed webhook for a refund: the raw body, its signature and an event id. */
  refundWebhook(event: 'refund.processed' | 'refund.failed', refundId: string, webhookSecret: string): { body: string; signature: string; eventId: string }
  /** Sends that webhook to the shop at `shopUrl`; answers the shop's status and JSON. */
  sendRefundWebhook(
    shopUrl: string,
    event: 'refund.processed' | 'refund.failed',
    refundId: string,
    webhookSecret: string,
  ): Promise<{ status: number; body: unknown }>
  paymentLinks: Map<string, FakePaymentLink>
  /** The customer pays a link in full: its payment (captured) and the query Razorpay sends to the callback, signed with the key secret. */
  payLink(linkId: string): { paymentId: string; callbackQuery: Record<string, string> }
  /** A signed payment_link.paid webhook for a paid link. */
  linkPaidWebhook(linkId: string, webhookSecret: string): { body: string; signature: string; eventId: string }
  sendLinkPaidWebhook(shopUrl: string, linkId: string, webhookSecret: string): Promise<{ status: number; body: unknown }>
  stop(): Promise<void>
}

const rand = () => randomBytes(7).toString('hex')

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

function error(res: ServerResponse, status: number, description: string) {
  send(res, status, { error: { code: status === 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description } })
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? JSON.parse(text) : {}
}

/**
 * Starts the fake on 127.0.0.1 (a free port). Basic auth must carry `secret` as the password (and
 * `keyId` as the user name when given); anything else is 401, as Razorpay answers.
 */
export async function startFakeRazorpay(secret: string, options: { keyId?: string } = {}): Promise<FakeRazorpay> {
  const orders = new Map<string, FakeOrder>()
  const payments = new Map<string, FakePayment>()
  const refunds = new Map<string, FakeRefund>()
  const requests: string[] = []
  const paymentLinks = new Map<string, FakePaymentLink>()

  const authorised = (req: IncomingMessage) => {
    const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')
    if (!match?.[1]) return false
    const decoded = Buffer.from(match[1], 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon < 1) return false
    const user = decoded.slice(0, colon)
    const password = decoded.slice(colon + 1)
    return password === secret && (options.keyId === undefined || user === options.keyId)
  }

  const fake: FakeRazorpay = {
    url: '',
    orders,
    payments,
    requests,
    refunds,
    down: false,
    newRefundStatus: 'pending',
    pay(orderId, { amount, status = 'captured' } = {}) {
      const order = orders.get(orderId)
      if (!order) throw new Error(`The fake Razorpay has no order ${orderId}`)
      const payment: FakePayment = {
        id: `pay_${rand()}`,
        entity: 'payment',
        order_id: orderId,
        amount: amount ?? order.amount,
        currency: order.currency,
        status,
        method: 'upi',
        captured: status === 'captured',
        created_at: Math.floor(Date.now() / 1000),
      }
      payments.set(payment.id, payment)
      order.attempts += 1
      if (payment.amount === order.amount && status === 'captured') {
        order.status = 'paid'
        order.amount_paid = payment.amount
        order.amount_due = 0
      } else {
        order.status = 'attempted'
      }
      const signature = createHmac('sha256', secret).update(`${orderId}|${payment.id}`).digest('hex')
      return { paymentId: payment.id, signature }
    },
    capture(paymentId) {
      const payment = payments.get(paymentId)
      if (!payment) throw new Error(`The fake Razorpay has no payment ${paymentId}`)
      payment.status = 'captured'
      payment.captured = true
      const order = orders.get(payment.order_id)
      if (order && payment.amount === order.amount) {
        order.status = 'paid'
        order.amount_paid = payment.amount
        order.amount_due = 0
      }
    },
    processRefund(refundId) {
      const refund = refunds.get(refundId)
      if (!refund) throw new Error(`The fake Razorpay has no refund ${refundId}`)
      refund.status = 'processed'
      refund.processed_at = Math.floor(Date.now() / 1000)
      return refund
    },
    failRefund(refundId) {
      const refund = refunds.get(refundId)
      if (!refund) throw new Error(`The fake Razorpay has no refund ${refundId}`)
      refund.status = 'failed'
      return refund
    },
    refundWebhook(event, refundId, webhookSecret) {
      const refund = refunds.get(refundId)
      if (!refund) throw new Error(`The fake Razorpay has no refund ${refundId}`)
      const payment = payments.get(refund.payment_id)
      const body = JSON.stringify({
        entity: 'event',
        event,
        contains: ['refund', 'payment'],
        payload: { refund: { entity: { ...refund, status: event === 'refund.processed' ? 'processed' : 'failed' } }, payment: payment ? { entity: payment } : undefined },
        created_at: Math.floor(Date.now() / 1000),
      })
      return { body, signature: createHmac('sha256', webhookSecret).update(body).digest('hex'), eventId: `evt_${rand()}` }
    },
    async sendRefundWebhook(shopUrl, event, refundId, webhookSecret) {
      const { body, signature, eventId } = fake.refundWebhook(event, refundId, webhookSecret)
      const res = await fetch(`${shopUrl}/api/shop/order/razorpay/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': signature, 'X-Razorpay-Event-Id': eventId },
        body,
      })
      return { status: res.status, body: await res.json().catch(() => null) }
    },
    paymentLinks,
    payLink(linkId) {
      const link = paymentLinks.get(linkId)
      if (!link) throw new Error(`The fake Razorpay has no payment link ${linkId}`)
      if (link.status !== 'created') throw new Error(`The payment link ${linkId} is ${link.status}`)
      const now = Math.floor(Date.now() / 1000)
      const payment: FakePayment = {
        id: `pay_${rand()}`,
        entity: 'payment',
        order_id: `order_${rand()}`,
        amount: link.amount,
        currency: 'INR',
        status: 'captured',
        method: 'upi',
        captured: true,
        created_at: now,
      }
      payments.set(payment.id, payment)
      link.status = 'paid'
      link.amount_paid = link.amount
      link.updated_at = now
      link.payments = [{ amount: link.amount, created_at: now, method: 'upi', payment_id: payment.id, plink_id: link.id, status: 'captured', updated_at: now }]
      const signature = createHmac('sha256', secret).update(`${link.id}|${link.reference_id}|${link.status}|${payment.id}`).digest('hex')
      return {
        paymentId: payment.id,
        callbackQuery: {
          razorpay_payment_id: payment.id,
          razorpay_payment_link_id: link.id,
          razorpay_payment_link_reference_id: link.reference_id,
          razorpay_payment_link_status: link.status,
          razorpay_signature: signature,
        },
      }
    },
    linkPaidWebhook(linkId, webhookSecret) {
      const link = paymentLinks.get(linkId)
      const paymentId = link?.payments?.[0]?.payment_id
      const payment = paymentId ? payments.get(paymentId) : undefined
      if (!link || !payment) throw new Error(`The fake Razorpay has no paid payment link ${linkId}`)
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event: 'payment_link.paid',
        contains: ['payment_link', 'order', 'payment'],
        payload: {
          payment_link: { entity: { ...link, order_id: payment.order_id } },
          order: { entity: { id: payment.order_id, entity: 'order', amount: link.amount, amount_paid: link.amount, amount_due: 0, currency: 'INR', status: 'paid' } },
          payment: { entity: payment },
        },
        created_at: Math.floor(Date.now() / 1000),
      })
      return { body, signature: createHmac('sha256', webhookSecret).update(body).digest('hex'), eventId: `evt_${rand()}` }
    },
    async sendLinkPaidWebhook(shopUrl, linkId, webhookSecret) {
      const { body, signature, eventId } = fake.linkPaidWebhook(linkId, webhookSecret)
      const res = await fetch(`${shopUrl}/api/shop/custom-order/razorpay/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': signature, 'X-Razorpay-Event-Id': eventId },
        body,
      })
      return { status: res.status, body: await res.json().catch(() => null) }
    },
    stop: async () => {},
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    requests.push(`${req.method} ${path}`)
    void (async () => {
      if (!authorised(req)) return error(res, 401, 'Authentication failed')

      if (req.method === 'POST' && path === '/v1/orders') {
        if (fake.down) return error(res, 500, 'The server encountered an error. The incident has been reported to admins.')
        let body: { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown }
        try {
          body = (await readJson(req)) as typeof body
        } catch {
          return error(res, 400, 'The request body is not valid JSON')
        }
        const amount = body.amount
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
          return error(res, 400, 'The amount must be atleast INR 1.00')
        }
        if (body.currency !== undefined && body.currency !== 'INR') return error(res, 400, 'Currency is not supported')
        if (typeof body.receipt === 'string' && body.receipt.length > 40) {
          return error(res, 400, 'receipt: the length must be no more than 40.')
        }
        const order: FakeOrder = {
          id: `order_${rand()}`,
          entity: 'order',
          amount,
          amount_paid: 0,
          amount_due: amount,
          currency: 'INR',
          receipt: typeof body.receipt === 'string' ? body.receipt : null,
          notes: (body.notes as Record<string, string> | undefined) ?? {},
          status: 'created',
          attempts: 0,
          created_at: Math.floor(Date.now() / 1000),
        }
        orders.set(order.id, order)
        return send(res, 200, order)
      }

      if (req.method === 'POST' && path === '/v1/payment_links') {
        if (fake.down) return error(res, 500, 'The server encountered an error. The incident has been reported to admins.')
        let body: Partial<FakePaymentLink> & { amount?: unknown; customer?: FakePaymentLink['customer'] }
        try {
          body = (await readJson(req)) as typeof body
        } catch {
          return error(res, 400, 'The request body is not valid JSON')
        }
        if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) return error(res, 400, 'The amount must be atleast INR 1.00')
        if (body.currency !== undefined && body.currency !== 'INR') return error(res, 400, 'Currency is not supported')
        const now = Math.floor(Date.now() / 1000)
        if (body.expire_by !== undefined && (typeof body.expire_by !== 'number' || body.expire_by < now + 15 * 60)) {
          return error(res, 400, 'expire_by should be at least 15 minutes after current time')
        }
        const reference = typeof body.reference_id === 'string' ? body.reference_id : ''
        if (reference.length > 40) return error(res, 400, 'reference_id: the length must be no more than 40.')
        if (reference && [...paymentLinks.values()].some((l) => l.reference_id === reference)) {
          return error(res, 400, `Payment Link with reference id ${reference} already exists`)
        }
        const id = `plink_${rand()}`
        const link: FakePaymentLink = {
          id,
          accept_partial: body.accept_partial === true,
          amount: body.amount,
          amount_paid: 0,
          callback_method: typeof body.callback_method === 'string' ? body.callback_method : '',
          callback_url: typeof body.callback_url === 'string' ? body.callback_url : '',
          cancelled_at: 0,
          created_at: now,
          currency: 'INR',
          customer: body.customer ?? {},
          description: typeof body.description === 'string' ? body.description : '',
          expire_by: typeof body.expire_by === 'number' ? body.expire_by : 0,
          expired_at: 0,
          first_min_partial_amount: 0,
          notes: (body.notes as Record<string, string> | undefined) ?? null,
          notify: { email: body.notify?.email === true, sms: body.notify?.sms === true },
          payments: null,
          reference_id: reference,
          reminder_enable: body.reminder_enable === true,
          reminders: [],
          short_url: `${fake.url}/pay/${id}`,
          status: 'created',
          updated_at: now,
          upi_link: false,
          user_id: '',
        }
        paymentLinks.set(id, link)
        return send(res, 200, link)
      }

      const linkMatch = /^\/v1\/payment_links\/([^/]+)(\/cancel)?$/.exec(path)
      if (linkMatch?.[1] && (req.method === 'GET' || (req.method === 'POST' && linkMatch[2]))) {
        if (fake.down) return error(res, 500, 'The server encountered an error. The incident has been reported to admins.')
        const link = paymentLinks.get(linkMatch[1])
        if (!link) return error(res, 400, 'The id provided does not exist')
        if (req.method === 'POST') {
          if (link.status !== 'created') return error(res, 400, `Payment Link cannot be cancelled as it is in ${link.status} state`)
          link.status = 'cancelled'
          link.cancelled_at = Math.floor(Date.now() / 1000)
          link.updated_at = link.cancelled_at
        }
        return send(res, 200, link)
      }

      const orderMatch = /^\/v1\/orders\/([^/]+)$/.exec(path)
      if (req.method === 'GET' && orderMatch?.[1]) {
        const order = orders.get(orderMatch[1])
        return order ? send(res, 200, order) : error(res, 400, 'The id provided does not exist')
      }

      const captureMatch = /^\/v1\/payments\/([^/]+)\/capture$/.exec(path)
      if (req.method === 'POST' && captureMatch?.[1]) {
        if (fake.down) return error(res, 500, 'The server encountered an error. The incident has been reported to admins.')
        const payment = payments.get(captureMatch[1])
        if (!payment) return error(res, 400, 'The id provided does not exist')
        const body = (await readJson(req)) as { amount?: unknown; currency?: unknown }
        if (payment.status !== 'authorized') return error(res, 400, 'This payment has already been captured')
        if (Number(body.amount) !== payment.amount) return error(res, 400, 'Capture amount must be equal to the amount authorized')
        fake.capture(payment.id)
        return send(res, 200, payment)
      }

      const refundMatch = /^\/v1\/payments\/([^/]+)\/refunds?$/.exec(path)
      if (refundMatch?.[1] && (req.method === 'POST' || req.method === 'GET')) {
        if (fake.down) return error(res, 500, 'The server encountered an error. The incident has been reported to admins.')
        const payment = payments.get(refundMatch[1])
        if (!payment) return error(res, 400, 'The id provided does not exist')
        if (req.method === 'GET') {
          const items = [...refunds.values()].filter((r) => r.payment_id === payment.id)
          return send(res, 200, { entity: 'collection', count: items.length, items })
        }
        const body = (await readJson(req)) as { amount?: unknown; receipt?: unknown; notes?: unknown; speed?: unknown }
        if (payment.status !== 'captured') return error(res, 400, 'The payment has not been captured')
        const refunded = [...refunds.values()].filter((r) => r.payment_id === payment.id && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0)
        const amount = body.amount === undefined ? payment.amount - refunded : Number(body.amount)
        if (!Number.isInteger(amount) || amount < 100 || refunded + amount > payment.amount) {
          return error(res, 400, 'The refund amount provided is greater than amount captured')
        }
        const refund: FakeRefund = {
          id: `rfnd_${rand()}`,
          entity: 'refund',
          payment_id: payment.id,
          amount,
          currency: 'INR',
          receipt: typeof body.receipt === 'string' ? body.receipt : null,
          notes: (body.notes as Record<string, string> | undefined) ?? {},
          status: fake.newRefundStatus,
          speed_requested: typeof body.speed === 'string' ? body.speed : 'normal',
          created_at: Math.floor(Date.now() / 1000),
          ...(fake.newRefundStatus === 'processed' ? { processed_at: Math.floor(Date.now() / 1000) } : {}),
        }
        refunds.set(refund.id, refund)
        return send(res, 200, refund)
      }

      const refundFetch = /^\/v1\/refunds\/([^/]+)$/.exec(path)
      if (req.method === 'GET' && refundFetch?.[1]) {
        if (fake.down) return error(res, 500, 'The server encountered an error. The incident has been reported to admins.')
        const refund = refunds.get(refundFetch[1])
        return refund ? send(res, 200, refund) : error(res, 400, 'The id provided does not exist')
      }

      const paymentMatch = /^\/v1\/payments\/([^/]+)$/.exec(path)
      if (req.method === 'GET' && paymentMatch?.[1]) {
        const payment = payments.get(paymentMatch[1])
        return payment ? send(res, 200, payment) : error(res, 400, 'The id provided does not exist')
      }

      return error(res, 404, 'The requested URL was not found on the server.')
    })().catch(() => error(res, 500, 'The fake Razorpay failed'))
  })

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  fake.url = `http://127.0.0.1:${port}`
  fake.stop = () =>
    new Promise<void>((done) => {
      server.closeAllConnections()
      server.close(() => done())
    })
  return fake
}
