// What the provider's events do to orders: each event handled once, captured money confirming the
// order (never for a wrong amount, another currency or an order that is not ours), a failed attempt
// keeping it payable. The events are Razorpay's webhook bodies read by the real adapter
// (app/infra/razorpay-webhook.server.ts), on a fresh database with the test gateway.
import { describe, expect, it } from 'vitest'
import { asha } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { insertPaymentShop, orderRow, paymentSnapshot, placeOrderFor, signedResult, stockOf, testShopGateway as gateway } from '../../../tests/helpers/payment-fixtures'
import type { DB } from '../../../db/database'
import { expectConsole } from '../../../tests/setup/console'
import { getCart } from '~/domain/cart/cart.server'
import { hmacHex } from '~/infra/payment-gateway.server'
import { parseRazorpayWebhook } from '~/infra/razorpay-webhook.server'
import { handlePaymentEvent } from './payment-events.server'
import { verifyAndConfirm } from './verify-payment.server'

const WEBHOOK_SECRET = 'webhook-test-secret'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertPaymentShop(db)
})

function orderPaidEvent(gatewayOrderId: string, paymentId: string, amount: number) {
  return JSON.stringify({
    entity: 'event',
    event: 'order.paid',
    contains: ['payment', 'order'],
    payload: {
      payment: { entity: { id: paymentId, entity: 'payment', amount, currency: 'INR', status: 'captured', order_id: gatewayOrderId } },
      order: { entity: { id: gatewayOrderId, entity: 'order', amount, amount_paid: amount, amount_due: 0, status: 'paid' } },
    },
    created_at: 1_700_000_000,
  })
}

function paymentEvent(event: 'payment.captured' | 'payment.failed', gatewayOrderId: string, paymentId: string, amount: number) {
  return JSON.stringify({
    entity: 'event',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency: 'INR',
          status: event === 'payment.failed' ? 'failed' : 'captured',
          order_id: gatewayOrderId,
          ...(event === 'payment.failed' ? { error_code: 'BAD_REQUEST_ERROR', error_description: 'Payment was declined by the bank' } : {}),
        },
      },
    },
  })
}

async function webhook(rawBody: string, eventId: string | null, signature: string | null = hmacHex(WEBHOOK_SECRET, rawBody)) {
  return handlePaymentEvent(db, parseRazorpayWebhook({ rawBody, signature, eventId, secret: WEBHOOK_SECRET }))
}

describe('concurrent verifications', () => {
  it('RACE: the browser and the webhook confirming together take the stock once', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const body = orderPaidEvent(placed.gatewayOrder.id, 'pay_1', placed.totalAmountPaise)
    const [viaBrowser, viaWebhook] = await Promise.all([
      verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_1')),
      webhook(body, 'evt_race'),
    ])
    expect(viaWebhook).toBe('processed')
    expect(viaBrowser.orderId).toBe(placed.orderId)
    expect(await stockOf(db, 'pendant')).toBe(4)
  })
})

describe('handleWebhook', () => {
  it('confirms an order on a correctly signed order.paid, and records the event as processed', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 2 }])
    expect(await webhook(orderPaidEvent(placed.gatewayOrder.id, 'pay_w1', placed.totalAmountPaise), 'evt_1')).toBe('processed')
    expect(await orderRow(db, placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'confirmed', gateway_payment_id: 'pay_w1' })
    expect(await stockOf(db, 'pendant')).toBe(3)
    expect((await getCart(db, { userId: asha.id })).items).toEqual([])
    const event = await db.selectFrom('webhook_events').selectAll().where('id', '=', 'evt_1').executeTakeFirstOrThrow()
    expect(event).toMatchObject({ event_type: 'order.paid', gateway_order_id: placed.gatewayOrder.id, processed_at: expect.any(String) })
    const history = await db.selectFrom('order_status_history').select('note').where('order_id', '=', placed.orderId).orderBy('id').execute()
    expect(history.at(-1)?.note).toBe('Paid (webhook, pay_w1)')
  })

  it("answers 'duplicate' to an event id seen before and changes nothing", async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const body = orderPaidEvent(placed.gatewayOrder.id, 'pay_w1', placed.totalAmountPaise)
    expect(await webhook(body, 'evt_dup')).toBe('processed')
    const before = await paymentSnapshot(db)
    expect(await webhook(body, 'evt_dup')).toBe('duplicate')
    expect(await webhook(body, 'evt_dup')).toBe('duplicate')
    expect(await paymentSnapshot(db)).toEqual(before)
    // Another event for the same, already paid order (payment.captured after order.paid) changes nothing either.
    expect(await webhook(paymentEvent('payment.captured', placed.gatewayOrder.id, 'pay_w1', placed.totalAmountPaise), 'evt_captured')).toBe(
      'processed',
    )
    expect(await paymentSnapshot(db)).toEqual(before)
    expect(await stockOf(db, 'pendant')).toBe(4)
  })

  it('treats a redelivery without an event id as a duplicate of the same body', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const body = orderPaidEvent(placed.gatewayOrder.id, 'pay_w1', placed.totalAmountPaise)
    expect(await webhook(body, null)).toBe('processed')
    expect(await webhook(body, null)).toBe('duplicate')
    expect(await stockOf(db, 'pendant')).toBe(4)
  })

  it('confirms on payment.captured too', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    expect(await webhook(paymentEvent('payment.captured', placed.gatewayOrder.id, 'pay_c', placed.totalAmountPaise), 'evt_c')).toBe(
      'processed',
    )
    expect(await orderRow(db, placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' })
  })

  it('marks the payment failed on payment.failed; the order stays payable', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    expect(await webhook(paymentEvent('payment.failed', placed.gatewayOrder.id, 'pay_f', placed.totalAmountPaise), 'evt_f')).toBe('processed')
    expect(await orderRow(db, placed.orderId)).toMatchObject({ payment_status: 'failed', order_status: 'pending', needs_refund: 0 })
    const payments = await db.selectFrom('payments').selectAll().where('order_id', '=', placed.orderId).execute()
    expect(payments).toEqual([
      expect.objectContaining({ status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_description: 'Payment was declined by the bank' }),
    ])
    expect(await stockOf(db, 'pendant')).toBe(5)
    expect((await getCart(db, { userId: asha.id })).items).toHaveLength(1)
    // The retry succeeds and the webhook says so.
    expect(await webhook(orderPaidEvent(placed.gatewayOrder.id, 'pay_ok', placed.totalAmountPaise), 'evt_ok')).toBe('processed')
    expect(await orderRow(db, placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' })
    expect(await stockOf(db, 'pendant')).toBe(4)
  })

  it('does not undo a paid order on a late payment.failed for an earlier attempt', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    await verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_ok'))
    const before = await paymentSnapshot(db)
    expect(await webhook(paymentEvent('payment.failed', placed.gatewayOrder.id, 'pay_early', placed.totalAmountPaise), 'evt_late')).toBe(
      'processed',
    )
    expect(await paymentSnapshot(db)).toEqual(before)
  })

  it("ignores events it has no use for, and orders that are not this shop's, without failing (no endless retries)", async () => {
    expectConsole('warn', /Webhook evt_foreign \(order\.paid\) for order_not_ours was not applied/)
    await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await paymentSnapshot(db)
    const refund = JSON.stringify({ event: 'refund.created', payload: { refund: { entity: { id: 'rfnd_1' } } } })
    expect(await webhook(refund, 'evt_refund')).toBe('ignored')
    expect(await webhook(orderPaidEvent('order_not_ours', 'pay_x', 50_000), 'evt_foreign')).toBe('ignored')
    expect(await webhook(orderPaidEvent('order_not_ours', 'pay_x', 50_000), 'evt_foreign')).toBe('duplicate')
    expect(await paymentSnapshot(db)).toEqual(before)
  })

  it('does not confirm an order.paid whose amount differs from the order total', async () => {
    expectConsole('warn', /Webhook evt_low \(order\.paid\) .* was not applied: unknown order or amount mismatch/)
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await paymentSnapshot(db)
    expect(await webhook(orderPaidEvent(placed.gatewayOrder.id, 'pay_low', 100), 'evt_low')).toBe('ignored')
    expect(await paymentSnapshot(db)).toEqual(before)
  })
})

describe('captured payments only, for pending orders only', () => {
  it('a webhook for a late payment on a rejected order flags it for refund instead of confirming it', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    await db.updateTable('orders').set({ order_status: 'rejected' }).where('id', '=', placed.orderId).execute()
    const originalWarn = console.warn
    console.warn = () => {}
    try {
      expect(await webhook(orderPaidEvent(placed.gatewayOrder.id, 'pay_wl', placed.totalAmountPaise), 'evt_wl')).toBe('processed')
    } finally {
      console.warn = originalWarn
    }
    expect(await orderRow(db, placed.orderId)).toMatchObject({ order_status: 'rejected', needs_refund: 1 })
    expect(await stockOf(db, 'pendant')).toBe(5)
  })

  it('money captured in another currency confirms nothing', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await paymentSnapshot(db)
    const body = JSON.parse(paymentEvent('payment.captured', placed.gatewayOrder.id, 'pay_usd', placed.totalAmountPaise))
    body.payload.payment.entity.currency = 'USD'
    expect(await webhook(JSON.stringify(body), 'evt_usd')).toBe('ignored')
    expect(await paymentSnapshot(db)).toEqual(before)
  })

  it('a webhook whose payment is not captured confirms nothing', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await paymentSnapshot(db)
    const body = JSON.parse(paymentEvent('payment.captured', placed.gatewayOrder.id, 'pay_a', placed.totalAmountPaise))
    body.payload.payment.entity.status = 'authorized'
    expect(await webhook(JSON.stringify(body), 'evt_a')).toBe('ignored')
    expect((await paymentSnapshot(db)).orders).toEqual(before.orders)
  })
})
