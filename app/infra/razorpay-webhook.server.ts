// Razorpay's webhooks on the wire: the X-Razorpay-Signature header (HMAC-SHA256 of the raw body with
// RAZORPAY_WEBHOOK_SECRET), the X-Razorpay-Event-Id header, the event JSON and its names, read into
// the orders room's PaymentEvent. What an event does to an order (once per event, amount checks,
// state moves) is the domain's: app/domain/orders/payment-events.server.ts.
import { createHash } from 'node:crypto'
import { Invalid, NotFound } from '~/domain/errors'
import type { PaymentChange, PaymentEvent } from '~/domain/orders/payment-gateway'
import { hmacHex, refundKeyOf, sameSignature } from './payment-gateway.server'

export const WEBHOOK_SIGNATURE_HEADER = 'X-Razorpay-Signature'
export const WEBHOOK_EVENT_ID_HEADER = 'X-Razorpay-Event-Id'

const INVALID_SIGNATURE = 'Invalid webhook signature.'

interface RazorpayPaymentEntity {
  id?: string
  order_id?: string
  amount?: number
  currency?: string
  status?: string
  error_code?: string
  error_description?: string
}

interface RazorpayRefundEntity {
  id?: string
  payment_id?: string
  amount?: number
  status?: string
  receipt?: string | null
  notes?: Record<string, unknown>
}

interface RazorpayEventBody {
  event?: string
  payload?: {
    payment?: { entity?: RazorpayPaymentEntity }
    order?: { entity?: { id?: string; amount_paid?: number } }
    refund?: { entity?: RazorpayRefundEntity }
  }
}

/** Constant-time check of a webhook's signature: HMAC-SHA256 of the exact raw body with the webhook secret. */
export function webhookSignatureValid(rawBody: string, signature: string, webhookSecret: string): boolean {
  return sameSignature(hmacHex(webhookSecret, rawBody), signature)
}

/** What the event says happened, in the domain's words; 'none' for anything the shop has no use for. */
function changeOf(body: RazorpayEventBody, gatewayOrderId: string | null): PaymentChange {
  const payment = body.payload?.payment?.entity
  if (body.event === 'order.paid' || body.event === 'payment.captured') {
    // Only a captured payment carries money that is the shop's (an order.paid event's always is).
    if (!gatewayOrderId || !payment?.id || (payment.status ?? 'captured') !== 'captured') return { kind: 'none' }
    // order.paid says what the order received; payment.captured what the payment was for.
    const amount = body.event === 'order.paid' ? (body.payload?.order?.entity?.amount_paid ?? payment.amount) : payment.amount
    return {
      kind: 'payment-captured',
      gatewayOrderId,
      paymentId: payment.id,
      amountPaise: typeof amount === 'number' ? amount : null,
      currency: payment.currency ?? 'INR',
    }
  }
  if (body.event === 'payment.failed' && gatewayOrderId) {
    return { kind: 'payment-failed', gatewayOrderId, reason: { code: payment?.error_code, description: payment?.error_description } }
  }
  const refund = body.payload?.refund?.entity
  if ((body.event === 'refund.processed' || body.event === 'refund.failed') && refund?.id && refund.payment_id) {
    return {
      kind: 'refund-settled',
      refund: {
        id: refund.id,
        paymentId: refund.payment_id,
        amount: Number(refund.amount ?? 0),
        // The event's name says how it ended; the time is when we hear of it.
        status: body.event === 'refund.processed' ? 'processed' : 'failed',
        receipt: refundKeyOf(refund),
        processedAt: null,
      },
    }
  }
  return { kind: 'none' }
}

/**
 * A webhook as Razorpay sends it, checked and read: NotFound when no webhook secret is set up,
 * Invalid for a missing or wrong signature (checked on the raw body before it is parsed) or a body
 * that is not JSON. A delivery without an event id is known by its body's hash, so a redelivery of
 * the same body is recognised.
 */
export function parseRazorpayWebhook(input: { rawBody: string; signature: string | null; eventId: string | null; secret: string | undefined }): PaymentEvent {
  if (!input.secret) throw new NotFound('Webhooks are not configured.')
  if (!input.signature || !webhookSignatureValid(input.rawBody, input.signature, input.secret)) {
    throw new Invalid({ signature: [INVALID_SIGNATURE] }, INVALID_SIGNATURE)
  }
  let body: RazorpayEventBody
  try {
    body = JSON.parse(input.rawBody) as RazorpayEventBody
  } catch {
    throw new Invalid({ body: ['The webhook body is not valid JSON.'] })
  }
  const gatewayOrderId = body.payload?.order?.entity?.id ?? body.payload?.payment?.entity?.order_id ?? null
  return {
    id: input.eventId || createHash('sha256').update(input.rawBody).digest('hex'),
    name: String(body.event ?? ''),
    gatewayOrderId,
    rawBody: input.rawBody,
    change: changeOf(body, gatewayOrderId),
  }
}

/** The webhook request read whole: the signature covers the exact bytes sent, never a re-serialised JSON. */
export async function readRazorpayWebhook(request: Request, secret: string | undefined): Promise<PaymentEvent> {
  const rawBody = await request.text()
  return parseRazorpayWebhook({
    rawBody,
    signature: request.headers.get(WEBHOOK_SIGNATURE_HEADER),
    eventId: request.headers.get(WEBHOOK_EVENT_ID_HEADER),
    secret,
  })
}
