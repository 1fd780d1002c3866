// Razorpay's webhooks read into the orders room's events: the signature checked on the raw body as
// the razorpay SDK checks it (taken as the definition of what Razorpay signs), refusals before the
// body is read, and each event name and payload shape in the shop's words.
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils'
import { describe, expect, it } from 'vitest'
import { Invalid, NotFound } from '~/domain/errors'
import type { PaymentEvent } from '~/domain/orders/payment-gateway'
import { hmacHex } from './payment-gateway.server'
import { parseRazorpayWebhook, readRazorpayWebhook, webhookSignatureValid } from './razorpay-webhook.server'

const WEBHOOK_SECRET = 'webhook_secret_for_tests'

function parsed(body: unknown, eventId: string | null = 'evt_1'): PaymentEvent {
  const rawBody = JSON.stringify(body)
  return parseRazorpayWebhook({ rawBody, signature: hmacHex(WEBHOOK_SECRET, rawBody), eventId, secret: WEBHOOK_SECRET })
}

/** The error `run` throws (fails when it returns). */
function refusal(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('Expected a refusal')
}

const payment = (entity: Record<string, unknown>) => ({ entity: { id: 'pay_1', entity: 'payment', amount: 149_900, currency: 'INR', status: 'captured', order_id: 'order_A1', ...entity } })

describe('the webhook signature', () => {
  it('accepts exactly what the SDK accepts for a webhook body', () => {
    const body = JSON.stringify({ event: 'order.paid', payload: { order: { entity: { id: 'order_A1' } } } })
    for (const [rawBody, signature] of [
      [body, hmacHex(WEBHOOK_SECRET, body)],
      [body, hmacHex('another-secret', body)],
      [`${body} `, hmacHex(WEBHOOK_SECRET, body)],
      [body, hmacHex(WEBHOOK_SECRET, body).slice(1)],
      [body, hmacHex(WEBHOOK_SECRET, body).toUpperCase()],
      [body, ''],
    ] as const) {
      expect(webhookSignatureValid(rawBody, signature, WEBHOOK_SECRET), signature).toBe(validateWebhookSignature(rawBody, signature, WEBHOOK_SECRET))
    }
    expect(webhookSignatureValid(body, hmacHex(WEBHOOK_SECRET, body), WEBHOOK_SECRET)).toBe(true)
  })

  it('refuses a bad, missing or stale signature before reading the body, and a signed body that is not JSON', () => {
    const body = JSON.stringify({ event: 'order.paid', payload: { payment: payment({}) } })
    const tampered = body.replace('"pay_1"', '"pay_2"')
    for (const [rawBody, signature] of [
      [body, 'a'.repeat(64)],
      [body, null],
      [body, ''],
      [body, hmacHex('another-secret', body)],
      [tampered, hmacHex(WEBHOOK_SECRET, body)],
      // Not JSON, and wrongly signed: the signature is what is refused.
      ['not json', 'b'.repeat(64)],
    ] as const) {
      const error = refusal(() => parseRazorpayWebhook({ rawBody, signature, eventId: 'evt_bad', secret: WEBHOOK_SECRET }))
      expect(error).toBeInstanceOf(Invalid)
      expect((error as Invalid).message).toBe('Invalid webhook signature.')
    }
    const notJson = refusal(() => parseRazorpayWebhook({ rawBody: 'not json', signature: hmacHex(WEBHOOK_SECRET, 'not json'), eventId: 'e', secret: WEBHOOK_SECRET }))
    expect(notJson).toBeInstanceOf(Invalid)
    expect((notJson as Invalid).errors).toEqual({ body: ['The webhook body is not valid JSON.'] })
  })

  it('is NotFound when no webhook secret is configured, however the body is signed', () => {
    const body = JSON.stringify({ event: 'order.paid' })
    for (const secret of [undefined, '']) {
      expect(refusal(() => parseRazorpayWebhook({ rawBody: body, signature: hmacHex('', body), eventId: 'e', secret }))).toBeInstanceOf(NotFound)
    }
  })

  it('reads the signature and the event id from their headers, over the exact bytes sent', async () => {
    const rawBody = ' {"event":"payment.failed","payload":{"payment":{"entity":{"id":"pay_1","order_id":"order_A1"}}}}'
    const request = new Request('http://shop.test/api/shop/order/razorpay/webhook', {
      method: 'POST',
      headers: { 'X-Razorpay-Signature': hmacHex(WEBHOOK_SECRET, rawBody), 'X-Razorpay-Event-Id': 'evt_h' },
      body: rawBody,
    })
    expect(await readRazorpayWebhook(request, WEBHOOK_SECRET)).toMatchObject({ id: 'evt_h', name: 'payment.failed', rawBody })
  })
})

describe("events in the shop's words", () => {
  it('order.paid: money captured for the order, the amount the order received', () => {
    const body = {
      event: 'order.paid',
      payload: { payment: payment({ amount: 100 }), order: { entity: { id: 'order_A1', amount_paid: 149_900 } } },
    }
    expect(parsed(body)).toEqual({
      id: 'evt_1',
      name: 'order.paid',
      gatewayOrderId: 'order_A1',
      rawBody: JSON.stringify(body),
      change: { kind: 'payment-captured', gatewayOrderId: 'order_A1', paymentId: 'pay_1', amountPaise: 149_900, currency: 'INR' },
    })
  })

  it("payment.captured: the payment's own amount and currency; an amount not given is null", () => {
    expect(parsed({ event: 'payment.captured', payload: { payment: payment({ amount: 5_000, currency: 'USD' }) } }).change).toEqual({
      kind: 'payment-captured',
      gatewayOrderId: 'order_A1',
      paymentId: 'pay_1',
      amountPaise: 5_000,
      currency: 'USD',
    })
    expect(parsed({ event: 'payment.captured', payload: { payment: payment({ amount: '5000' }) } }).change).toMatchObject({ amountPaise: null })
  })

  it('a payment not captured (authorized), or without its ids, changes nothing', () => {
    expect(parsed({ event: 'payment.captured', payload: { payment: payment({ status: 'authorized' }) } }).change).toEqual({ kind: 'none' })
    expect(parsed({ event: 'order.paid', payload: { payment: payment({ id: undefined }) } }).change).toEqual({ kind: 'none' })
    expect(parsed({ event: 'payment.captured', payload: { payment: payment({ order_id: undefined }) } }).change).toEqual({ kind: 'none' })
  })

  it("payment.failed: the gateway order and the provider's reason", () => {
    const body = { event: 'payment.failed', payload: { payment: payment({ status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_description: 'Declined' }) } }
    expect(parsed(body).change).toEqual({ kind: 'payment-failed', gatewayOrderId: 'order_A1', reason: { code: 'BAD_REQUEST_ERROR', description: 'Declined' } })
  })

  it('refund.processed and refund.failed: the refund with our key (its receipt, else notes.refund_key); refund.created is of no use', () => {
    const refund = (entity: Record<string, unknown>) => ({ refund: { entity: { id: 'rfnd_1', payment_id: 'pay_1', amount: 149_900, ...entity } } })
    expect(parsed({ event: 'refund.processed', payload: refund({ receipt: 'rf_o1' }) }).change).toEqual({
      kind: 'refund-settled',
      refund: { id: 'rfnd_1', paymentId: 'pay_1', amount: 149_900, status: 'processed', receipt: 'rf_o1', processedAt: null },
    })
    expect(parsed({ event: 'refund.failed', payload: refund({ receipt: null, notes: { refund_key: 'rf_o2' } }) }).change).toMatchObject({
      refund: { status: 'failed', receipt: 'rf_o2' },
    })
    expect(parsed({ event: 'refund.created', payload: refund({}) }).change).toEqual({ kind: 'none' })
    expect(parsed({ event: 'refund.processed', payload: refund({ id: undefined }) }).change).toEqual({ kind: 'none' })
  })

  it('names a delivery without an event id by its body, so a redelivery of the same body is the same event', () => {
    const body = { event: 'order.paid', payload: {} }
    const first = parsed(body, null)
    expect(first.id).toMatch(/^[0-9a-f]{64}$/)
    expect(parsed(body, null).id).toBe(first.id)
    expect(parsed({ ...body, event: 'payment.captured' }, null).id).not.toBe(first.id)
  })
})
