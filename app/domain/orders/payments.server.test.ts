// Payment verification and confirmation (signatures, amounts, idempotency, stock, the oversell race)
// and the Razorpay webhook, on a fresh database with the test gateway (and fake gateways for the
// provider's payment record).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertUsers, ravi } from '../../../tests/helpers/fixtures'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { rejection } from '../../../tests/helpers/rejection'
import type { DB } from '../../../db/database'
import type { SessionUser } from '~/lib/user'
import { addressSchema } from '~/schemas/address'
import { addAddress } from '../accounts/addresses.server'
import { addToCart, getCart } from '../cart/cart.server'
import { DomainError, Forbidden, Invalid, NotFound } from '../errors'
import { placeOrder } from './orders.server'
import { expectConsole } from '../../../tests/setup/console'
import { type GatewayPayment, hmacHex, type PaymentGateway, paymentSignature, testGateway } from '../../infra/payment-gateway.server'
import {
  type Confirmation,
  confirmPayment,
  handleWebhook,
  markPaymentFailed,
  PAYMENT_MESSAGES,
  PaymentRejected,
  verifyAndConfirm,
} from './payments.server'

const SECRET = 'payments-test-secret'
const WEBHOOK_SECRET = 'webhook-test-secret'
const gateway = testGateway(SECRET)


let testDb: TestDb
let db: DB

async function insertUser(user: SessionUser) {
  await insertUsers(db, [user])
}

async function insertProduct(id: string, pricePaise: number, stock: number, varieties: string[] = []) {
  await db
    .insertInto('products')
    .values({
      id,
      title: `Resin ${id}`,
      description: '',
      category: 'jewellery',
      price_paise: pricePaise,
      sale_price_paise: 0,
      total_stock: stock,
      variety_type: varieties.length ? 'choice' : null,
      updated_at: new Date().toISOString(),
      deleted_at: null,
    })
    .execute()
  if (varieties.length) {
    await db
      .insertInto('product_varieties')
      .values(varieties.map((name, position) => ({ product_id: id, position, name, price_paise: pricePaise })))
      .execute()
  }
}

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await insertUser(asha)
  await insertUser(ravi)
  await insertProduct('pendant', 120_000, 5)
  await insertProduct('coaster', 30_000, 10, ['Round', 'Square'])
})

afterEach(async () => {
  await testDb?.cleanup()
})

async function addressFor(user: SessionUser) {
  return addAddress(
    db,
    user.id,
    addressSchema.parse({ addressLine: '1 Lake View', city: 'Pune', state: 'Maharashtra', pincode: '411001', phone: '9822012345' }),
  )
}

/** Fills the user's cart with the lines and places an order through the gateway. */
async function orderFor(
  user: SessionUser,
  lines: { productId: string; quantity: number; variety?: string }[],
  gw: PaymentGateway = gateway,
  deliveryFeePaise = 0,
) {
  for (const line of lines) await addToCart(db, { userId: user.id }, line)
  const address = await addressFor(user)
  return placeOrder(db, gw, user, { addressId: address.id }, deliveryFeePaise)
}

async function stockOf(productId: string) {
  const row = await db.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirstOrThrow()
  return row.total_stock
}

async function orderRow(orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
}

/** Everything a confirmation may change, to show that a refused one changed nothing. */
async function snapshot() {
  return {
    orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
    products: await db.selectFrom('products').select(['id', 'total_stock']).orderBy('id').execute(),
    cartLines: await db.selectFrom('cart_lines').selectAll().orderBy('id').execute(),
    history: await db.selectFrom('order_status_history').selectAll().orderBy('id').execute(),
    payments: await db.selectFrom('payments').selectAll().orderBy('id').execute(),
  }
}

function signed(gatewayOrderId: string, paymentId: string, secret = SECRET) {
  return { gatewayOrderId, paymentId, signature: paymentSignature(gatewayOrderId, paymentId, secret) }
}

/** A gateway that keeps payment records, as Razorpay does: fetchPayment answers what `record` says. */
function recordingGateway(record: (paymentId: string) => GatewayPayment | Promise<GatewayPayment>): PaymentGateway {
  return { ...gateway, name: 'razorpay', keyId: 'rzp_test_fake', fetchPayment: async (id) => record(id) }
}

describe('verifyAndConfirm', () => {
  it('confirms a correctly signed payment: paid + confirmed, stock taken, cart emptied, history kept', async () => {
    const placed = await orderFor(asha, [
      { productId: 'pendant', quantity: 2 },
      { productId: 'coaster', quantity: 3, variety: 'Round' },
      { productId: 'coaster', quantity: 1, variety: 'Square' },
    ])
    const result = await verifyAndConfirm(db, gateway, signed(placed.gatewayOrder.id, 'pay_1'), {
      orderId: placed.orderId,
      userId: asha.id,
    })
    expect(result).toEqual<Confirmation>({ orderId: placed.orderId, userId: asha.id, changed: true, needsRefund: false })

    const order = await orderRow(placed.orderId)
    expect(order).toMatchObject({ payment_status: 'paid', order_status: 'confirmed', gateway_payment_id: 'pay_1', needs_refund: 0 })
    expect(await stockOf('pendant')).toBe(3)
    expect(await stockOf('coaster')).toBe(6)
    expect((await getCart(db, { userId: asha.id })).items).toEqual([])
    const payments = await db.selectFrom('payments').selectAll().where('order_id', '=', placed.orderId).execute()
    expect(payments).toEqual([expect.objectContaining({ status: 'paid', gateway_payment_id: 'pay_1', amount_paise: 360_000 })])
    const history = await db.selectFrom('order_status_history').selectAll().where('order_id', '=', placed.orderId).orderBy('id').execute()
    expect(history.map((h) => [h.status, h.note])).toEqual([
      ['pending', 'Order placed'],
      ['confirmed', 'Paid (test, pay_1)'],
    ])
  })

  it('works without the expected order (the hosted callback, identified by the gateway order id)', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const result = await verifyAndConfirm(db, gateway, signed(placed.gatewayOrder.id, 'pay_cb'))
    expect(result).toMatchObject({ orderId: placed.orderId, changed: true })
  })

  it('refuses a bad signature, a signature for another order and a tampered payment id; nothing changes', async () => {
    const first = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    await db.deleteFrom('cart_lines').execute()
    const second = await orderFor(asha, [{ productId: 'pendant', quantity: 2 }])
    const before = await snapshot()

    const good = signed(first.gatewayOrder.id, 'pay_1')
    const attempts = [
      // Someone's guess, and a signature made with another secret.
      { ...good, signature: 'f'.repeat(64) },
      signed(first.gatewayOrder.id, 'pay_1', 'not-the-secret'),
      // A valid signature, but for the second order, replayed against the first.
      { ...signed(second.gatewayOrder.id, 'pay_2'), gatewayOrderId: first.gatewayOrder.id },
      // The payment id changed after signing.
      { ...good, paymentId: 'pay_2' },
      // Not hex, too short, upper-cased.
      { ...good, signature: 'not a signature' },
      { ...good, signature: good.signature.slice(0, 32) },
      { ...good, signature: good.signature.toUpperCase() },
    ]
    for (const attempt of attempts) {
      const error = await rejection(verifyAndConfirm(db, gateway, attempt, { orderId: first.orderId, userId: asha.id }))
      expect(error, JSON.stringify(attempt)).toBeInstanceOf(PaymentRejected)
      expect((error as PaymentRejected).message).toBe('Payment Verification Failed.')
      expect((error as PaymentRejected).status).toBe(400)
    }
    expect(await snapshot()).toEqual(before)
  })

  it('refuses missing fields and an unknown gateway order', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const good = signed(placed.gatewayOrder.id, 'pay_1')
    const before = await snapshot()
    for (const missing of ['gatewayOrderId', 'paymentId', 'signature'] as const) {
      const error = await rejection(verifyAndConfirm(db, gateway, { ...good, [missing]: '' }))
      expect(error).toBeInstanceOf(Invalid)
      expect((error as Invalid).message).toBe(PAYMENT_MESSAGES.verificationFailed)
    }
    expect(await rejection(verifyAndConfirm(db, gateway, signed('order_unknown', 'pay_1')))).toBeInstanceOf(PaymentRejected)
    expect(await snapshot()).toEqual(before)
  })

  it("pins the order and its owner: another order id is rejected, another user's order is Forbidden", async () => {
    const ashas = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const ravis = await orderFor(ravi, [{ productId: 'pendant', quantity: 1 }])
    const before = await snapshot()
    // Ravi's own order id with Asha's signed result.
    const wrongOrder = await rejection(
      verifyAndConfirm(db, gateway, signed(ashas.gatewayOrder.id, 'pay_1'), { orderId: ravis.orderId, userId: ravi.id }),
    )
    expect(wrongOrder).toBeInstanceOf(PaymentRejected)
    // Ravi posting Asha's (correctly signed) result for her order.
    const notYours = await rejection(
      verifyAndConfirm(db, gateway, signed(ashas.gatewayOrder.id, 'pay_1'), { orderId: ashas.orderId, userId: ravi.id }),
    )
    expect(notYours).toBeInstanceOf(Forbidden)
    expect(await snapshot()).toEqual(before)
  })

  it('is idempotent: a replay answers changed false and takes the stock once', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 2 }])
    const result = signed(placed.gatewayOrder.id, 'pay_1')
    expect((await verifyAndConfirm(db, gateway, result)).changed).toBe(true)
    const after = await snapshot()
    // The user fills the cart again before the replay: it is not emptied a second time.
    await addToCart(db, { userId: asha.id }, { productId: 'coaster', quantity: 1, variety: 'Round' })
    const cartAfterRefill = await db.selectFrom('cart_lines').selectAll().orderBy('id').execute()

    const replay = await verifyAndConfirm(db, gateway, result, { orderId: placed.orderId, userId: asha.id })
    expect(replay).toEqual({ orderId: placed.orderId, userId: asha.id, changed: false, needsRefund: false })
    expect(await stockOf('pendant')).toBe(3)
    expect({ ...(await snapshot()), cartLines: after.cartLines }).toEqual(after)
    expect(await db.selectFrom('cart_lines').selectAll().orderBy('id').execute()).toEqual(cartAfterRefill)
    // A second, different valid payment for the same order changes nothing either.
    expect((await verifyAndConfirm(db, gateway, signed(placed.gatewayOrder.id, 'pay_2'))).changed).toBe(false)
    expect(await stockOf('pendant')).toBe(3)
    expect((await orderRow(placed.orderId)).gateway_payment_id).toBe('pay_1')
  })

  it('does not confirm a refunded order again when its old payment result is replayed', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const result = signed(placed.gatewayOrder.id, 'pay_1')
    await verifyAndConfirm(db, gateway, result)
    // The shop owner refunds it and puts the piece back in stock.
    await db.updateTable('orders').set({ payment_status: 'refunded', order_status: 'rejected' }).where('id', '=', placed.orderId).execute()
    await db.updateTable('products').set({ total_stock: 5 }).where('id', '=', 'pendant').execute()
    const before = await snapshot()

    const replay = await verifyAndConfirm(db, gateway, result)
    expect(replay.changed).toBe(false)
    expect(await snapshot()).toEqual(before)
    expect(await orderRow(placed.orderId)).toMatchObject({ payment_status: 'refunded', order_status: 'rejected' })
  })

  it("checks the provider's record of the payment: another amount or another order is rejected", async () => {
    let record: GatewayPayment = { id: '', orderId: '', amount: 0, currency: 'INR', status: 'captured' }
    const gw = recordingGateway((id) => ({ ...record, id }))
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }], gw, 5_000)
    const before = await snapshot()

    record = { id: 'pay_1', orderId: placed.gatewayOrder.id, amount: 100, currency: 'INR', status: 'captured' }
    expect(await rejection(verifyAndConfirm(db, gw, signed(placed.gatewayOrder.id, 'pay_1')))).toBeInstanceOf(PaymentRejected)
    record = { id: 'pay_1', orderId: placed.gatewayOrder.id, amount: 120_000, currency: 'INR', status: 'captured' } // without the fee
    expect(await rejection(verifyAndConfirm(db, gw, signed(placed.gatewayOrder.id, 'pay_1')))).toBeInstanceOf(PaymentRejected)
    record = { id: 'pay_1', orderId: 'order_someone_else', amount: 125_000, currency: 'INR', status: 'captured' }
    expect(await rejection(verifyAndConfirm(db, gw, signed(placed.gatewayOrder.id, 'pay_1')))).toBeInstanceOf(PaymentRejected)
    expect(await snapshot()).toEqual(before)

    record = { id: 'pay_1', orderId: placed.gatewayOrder.id, amount: 125_000, currency: 'INR', status: 'captured' }
    expect((await verifyAndConfirm(db, gw, signed(placed.gatewayOrder.id, 'pay_1'))).changed).toBe(true)
  })

  it("answers 'An error occurred during payment verification.' when the provider cannot be asked, changing nothing", async () => {
    const gw = recordingGateway(() => {
      throw new Error('connect ECONNREFUSED')
    })
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }], gw)
    const before = await snapshot()
    const originalError = console.error
    console.error = () => {}
    let error: unknown
    try {
      error = await rejection(verifyAndConfirm(db, gw, signed(placed.gatewayOrder.id, 'pay_1')))
    } finally {
      console.error = originalError
    }
    expect(error).toBeInstanceOf(DomainError)
    expect((error as DomainError).message).toBe(PAYMENT_MESSAGES.error)
    expect((error as DomainError).status).toBe(502)
    expect(await snapshot()).toEqual(before)
  })

  it('rejects an order the stock cannot fill and queues its refund, never taking the stock below zero or confirming it', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 3 }])
    await db.updateTable('products').set({ total_stock: 2 }).where('id', '=', 'pendant').execute()
    const result = await verifyAndConfirm(db, gateway, signed(placed.gatewayOrder.id, 'pay_1'))
    expect(result).toMatchObject({ changed: true, needsRefund: true, unfillable: true })
    expect(await stockOf('pendant')).toBe(2)
    expect(await orderRow(placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'rejected', needs_refund: 1 })
    const history = await db.selectFrom('order_status_history').select(['status', 'note']).where('order_id', '=', placed.orderId).orderBy('id').execute()
    expect(history.map((h) => h.status)).not.toContain('confirmed')
    expect(history.at(-1)?.note).toContain('could not be filled')
    expect(await db.selectFrom('refunds').select(['reason', 'status', 'amount_paise', 'gateway_payment_id']).execute()).toEqual([
      { reason: 'unfillable', status: 'queued', amount_paise: placed.totalAmountPaise, gateway_payment_id: 'pay_1' },
    ])
    // The cart keeps its lines (they show as out of stock); a replay reports the same and queues nothing more.
    expect((await getCart(db, { userId: asha.id })).items).toHaveLength(1)
    expect(await verifyAndConfirm(db, gateway, signed(placed.gatewayOrder.id, 'pay_1'))).toMatchObject({
      changed: false,
      needsRefund: true,
      unfillable: true,
    })
    expect(await db.selectFrom('refunds').selectAll().execute()).toHaveLength(1)
  })

  it('lets a payment retried after a failure confirm the order', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    await markPaymentFailed(db, placed.gatewayOrder.id, { code: 'BAD_REQUEST_ERROR', description: 'Card declined' })
    expect(await orderRow(placed.orderId)).toMatchObject({ payment_status: 'failed', order_status: 'pending' })
    expect(await stockOf('pendant')).toBe(5)
    expect((await getCart(db, { userId: asha.id })).items).toHaveLength(1)

    const retry = await verifyAndConfirm(db, gateway, signed(placed.gatewayOrder.id, 'pay_retry'))
    expect(retry.changed).toBe(true)
    expect(await orderRow(placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' })
    expect(await stockOf('pendant')).toBe(4)
    const payments = await db.selectFrom('payments').selectAll().where('order_id', '=', placed.orderId).execute()
    expect(payments).toEqual([expect.objectContaining({ status: 'paid', gateway_payment_id: 'pay_retry' })])
  })
})

describe('concurrent verifications', () => {
  it('RACE: N users paying at once for the last piece: one confirmed, stock taken once, the rest rejected with a refund queued', async () => {
    const N = 20
    await insertProduct('last-piece', 250_000, 1)
    const users: SessionUser[] = Array.from({ length: N }, (_, i) => ({
      id: `u-race-${i}`,
      userName: `Buyer ${i}`,
      email: `buyer${i}@example.com`,
      role: 'user',
    }))
    const orders: { gatewayOrderId: string; userId: string; orderId: string }[] = []
    for (const user of users) {
      await insertUser(user)
      // Each cart holds the one piece left: every order is placed while it is still in stock, and its
      // hold runs out before the next shopper checks out (late payments after the hold ended).
      const placed = await orderFor(user, [{ productId: 'last-piece', quantity: 1 }])
      await db.updateTable('stock_holds').set({ expires_at: '2026-01-01T00:00:00.000Z' }).execute()
      orders.push({ gatewayOrderId: placed.gatewayOrder.id, userId: user.id, orderId: placed.orderId })
    }

    const started = performance.now()
    const results = await Promise.all(
      orders.map((o, i) => verifyAndConfirm(db, gateway, signed(o.gatewayOrderId, `pay_race_${i}`), { orderId: o.orderId, userId: o.userId })),
    )
    const elapsed = performance.now() - started
    console.log(`RACE: ${N} concurrent verifications for a stock of 1 took ${elapsed.toFixed(1)} ms`)

    expect(results.every((r) => r.changed)).toBe(true)
    expect(results.filter((r) => !r.needsRefund)).toHaveLength(1)
    expect(results.filter((r) => r.unfillable)).toHaveLength(N - 1)
    expect(await stockOf('last-piece')).toBe(0)
    const rows = await db.selectFrom('orders').select(['payment_status', 'order_status', 'needs_refund']).where('user_id', 'like', 'u-race-%').execute()
    expect(rows).toHaveLength(N)
    expect(rows.every((r) => r.payment_status === 'paid')).toBe(true)
    expect(rows.filter((r) => r.order_status === 'confirmed')).toHaveLength(1)
    expect(rows.filter((r) => r.order_status === 'rejected' && r.needs_refund === 1)).toHaveLength(N - 1)
    expect(await db.selectFrom('refunds').select('reason').execute()).toEqual(Array.from({ length: N - 1 }, () => ({ reason: 'unfillable' })))
  })

  it('RACE: the same payment verified N times at once (browser, callback, replays) confirms it once', async () => {
    const N = 20
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 2 }])
    const result = signed(placed.gatewayOrder.id, 'pay_1')
    const started = performance.now()
    const results = await Promise.all(Array.from({ length: N }, () => verifyAndConfirm(db, gateway, result)))
    console.log(`RACE: the same payment verified ${N} times at once took ${(performance.now() - started).toFixed(1)} ms`)
    expect(results.filter((r) => r.changed)).toHaveLength(1)
    expect(await stockOf('pendant')).toBe(3)
    const history = await db.selectFrom('order_status_history').select('status').where('order_id', '=', placed.orderId).execute()
    expect(history.filter((h) => h.status === 'confirmed')).toHaveLength(1)
  })

  it('RACE: the browser and the webhook confirming together take the stock once', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const body = orderPaidEvent(placed.gatewayOrder.id, 'pay_1', placed.totalAmountPaise)
    const [viaBrowser, viaWebhook] = await Promise.all([
      verifyAndConfirm(db, gateway, signed(placed.gatewayOrder.id, 'pay_1')),
      handleWebhook(db, gateway, { rawBody: body, signature: hmacHex(WEBHOOK_SECRET, body), eventId: 'evt_race', secret: WEBHOOK_SECRET }),
    ])
    expect(viaWebhook).toBe('processed')
    expect(viaBrowser.orderId).toBe(placed.orderId)
    expect(await stockOf('pendant')).toBe(4)
  })
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

function webhook(rawBody: string, eventId: string | null, signature: string | null = hmacHex(WEBHOOK_SECRET, rawBody)) {
  return handleWebhook(db, gateway, { rawBody, signature, eventId, secret: WEBHOOK_SECRET })
}

describe('handleWebhook', () => {
  it('confirms an order on a correctly signed order.paid, and records the event as processed', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 2 }])
    expect(await webhook(orderPaidEvent(placed.gatewayOrder.id, 'pay_w1', placed.totalAmountPaise), 'evt_1')).toBe('processed')
    expect(await orderRow(placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'confirmed', gateway_payment_id: 'pay_w1' })
    expect(await stockOf('pendant')).toBe(3)
    expect((await getCart(db, { userId: asha.id })).items).toEqual([])
    const event = await db.selectFrom('webhook_events').selectAll().where('id', '=', 'evt_1').executeTakeFirstOrThrow()
    expect(event).toMatchObject({ event_type: 'order.paid', gateway_order_id: placed.gatewayOrder.id, processed_at: expect.any(String) })
    const history = await db.selectFrom('order_status_history').select('note').where('order_id', '=', placed.orderId).orderBy('id').execute()
    expect(history.at(-1)?.note).toBe('Paid (webhook, pay_w1)')
  })

  it("answers 'duplicate' to an event id seen before and changes nothing", async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const body = orderPaidEvent(placed.gatewayOrder.id, 'pay_w1', placed.totalAmountPaise)
    expect(await webhook(body, 'evt_dup')).toBe('processed')
    const before = await snapshot()
    expect(await webhook(body, 'evt_dup')).toBe('duplicate')
    expect(await webhook(body, 'evt_dup')).toBe('duplicate')
    expect(await snapshot()).toEqual(before)
    // Another event for the same, already paid order (payment.captured after order.paid) changes nothing either.
    expect(await webhook(paymentEvent('payment.captured', placed.gatewayOrder.id, 'pay_w1', placed.totalAmountPaise), 'evt_captured')).toBe(
      'processed',
    )
    expect(await snapshot()).toEqual(before)
    expect(await stockOf('pendant')).toBe(4)
  })

  it('treats a redelivery without an event id as a duplicate of the same body', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const body = orderPaidEvent(placed.gatewayOrder.id, 'pay_w1', placed.totalAmountPaise)
    expect(await webhook(body, null)).toBe('processed')
    expect(await webhook(body, null)).toBe('duplicate')
    expect(await stockOf('pendant')).toBe(4)
  })

  it('confirms on payment.captured too', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    expect(await webhook(paymentEvent('payment.captured', placed.gatewayOrder.id, 'pay_c', placed.totalAmountPaise), 'evt_c')).toBe(
      'processed',
    )
    expect(await orderRow(placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' })
  })

  it('rejects a bad, missing or stale signature before reading the body, recording nothing', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const body = orderPaidEvent(placed.gatewayOrder.id, 'pay_w1', placed.totalAmountPaise)
    const tampered = body.replace('"pay_w1"', '"pay_w2"')
    const before = await snapshot()
    for (const [rawBody, signature] of [
      [body, 'a'.repeat(64)],
      [body, null],
      [body, ''],
      [body, hmacHex('another-secret', body)],
      [tampered, hmacHex(WEBHOOK_SECRET, body)],
    ] as const) {
      const error = await rejection(webhook(rawBody, 'evt_bad', signature))
      expect(error).toBeInstanceOf(Invalid)
      expect((error as Invalid).message).toBe('Invalid webhook signature.')
    }
    expect(await snapshot()).toEqual(before)
    expect(await db.selectFrom('webhook_events').selectAll().execute()).toEqual([])
    // A correctly signed body that is not JSON is refused as invalid.
    expect(await rejection(webhook('not json', 'evt_text'))).toBeInstanceOf(Invalid)
  })

  it('is NotFound when no webhook secret is configured', async () => {
    const body = JSON.stringify({ event: 'order.paid' })
    const error = await rejection(handleWebhook(db, gateway, { rawBody: body, signature: hmacHex('x', body), eventId: 'e', secret: undefined }))
    expect(error).toBeInstanceOf(NotFound)
  })

  it('marks the payment failed on payment.failed; the order stays payable', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    expect(await webhook(paymentEvent('payment.failed', placed.gatewayOrder.id, 'pay_f', placed.totalAmountPaise), 'evt_f')).toBe('processed')
    expect(await orderRow(placed.orderId)).toMatchObject({ payment_status: 'failed', order_status: 'pending', needs_refund: 0 })
    const payments = await db.selectFrom('payments').selectAll().where('order_id', '=', placed.orderId).execute()
    expect(payments).toEqual([
      expect.objectContaining({ status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_description: 'Payment was declined by the bank' }),
    ])
    expect(await stockOf('pendant')).toBe(5)
    expect((await getCart(db, { userId: asha.id })).items).toHaveLength(1)
    // The retry succeeds and the webhook says so.
    expect(await webhook(orderPaidEvent(placed.gatewayOrder.id, 'pay_ok', placed.totalAmountPaise), 'evt_ok')).toBe('processed')
    expect(await orderRow(placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' })
    expect(await stockOf('pendant')).toBe(4)
  })

  it('does not undo a paid order on a late payment.failed for an earlier attempt', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    await verifyAndConfirm(db, gateway, signed(placed.gatewayOrder.id, 'pay_ok'))
    const before = await snapshot()
    expect(await webhook(paymentEvent('payment.failed', placed.gatewayOrder.id, 'pay_early', placed.totalAmountPaise), 'evt_late')).toBe(
      'processed',
    )
    expect(await snapshot()).toEqual(before)
  })

  it("ignores events it has no use for, and orders that are not this shop's, without failing (no endless retries)", async () => {
    expectConsole('warn', /Webhook evt_foreign \(order\.paid\) for order_not_ours was not applied/)
    await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await snapshot()
    const refund = JSON.stringify({ event: 'refund.created', payload: { refund: { entity: { id: 'rfnd_1' } } } })
    expect(await webhook(refund, 'evt_refund')).toBe('ignored')
    expect(await webhook(orderPaidEvent('order_not_ours', 'pay_x', 50_000), 'evt_foreign')).toBe('ignored')
    expect(await webhook(orderPaidEvent('order_not_ours', 'pay_x', 50_000), 'evt_foreign')).toBe('duplicate')
    expect(await snapshot()).toEqual(before)
  })

  it('does not confirm an order.paid whose amount differs from the order total', async () => {
    expectConsole('warn', /Webhook evt_low \(order\.paid\) .* was not applied: unknown order or amount mismatch/)
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await snapshot()
    expect(await webhook(orderPaidEvent(placed.gatewayOrder.id, 'pay_low', 100), 'evt_low')).toBe('ignored')
    expect(await snapshot()).toEqual(before)
  })
})

describe('confirmPayment', () => {
  it('refuses an unknown gateway order or a wrong amount', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await snapshot()
    expect(
      await rejection(confirmPayment(db, { gatewayOrderId: 'order_nope', paymentId: 'pay_1', amountPaise: null, source: 'test' })),
    ).toBeInstanceOf(PaymentRejected)
    expect(
      await rejection(confirmPayment(db, { gatewayOrderId: placed.gatewayOrder.id, paymentId: 'pay_1', amountPaise: 1, source: 'test' })),
    ).toBeInstanceOf(PaymentRejected)
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a payment id already used for another order (one payment pays one order)', async () => {
    const first = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    await confirmPayment(db, { gatewayOrderId: first.gatewayOrder.id, paymentId: 'pay_once', amountPaise: null, source: 'test' })
    const second = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await snapshot()
    expect(
      await rejection(confirmPayment(db, { gatewayOrderId: second.gatewayOrder.id, paymentId: 'pay_once', amountPaise: null, source: 'test' })),
    ).toBeInstanceOf(PaymentRejected)
    expect(await snapshot()).toEqual(before)
    expect((await orderRow(second.orderId)).payment_status).toBe('pending')
  })
})

describe('captured payments only, for pending orders only', () => {
  it('captures a payment the provider reports only authorized (manual capture), then confirms', async () => {
    const captured: [string, number][] = []
    const gw: PaymentGateway = {
      ...recordingGateway((id) => ({ id, orderId: placed.gatewayOrder.id, amount: placed.totalAmountPaise, currency: 'INR', status: 'authorized' })),
      capturePayment: async (id, amount) => {
        captured.push([id, amount])
        return { id, orderId: placed.gatewayOrder.id, amount, currency: 'INR', status: 'captured' }
      },
    }
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }], gw)
    expect(await verifyAndConfirm(db, gw, signed(placed.gatewayOrder.id, 'pay_auth'))).toMatchObject({ changed: true, needsRefund: false })
    expect(captured).toEqual([['pay_auth', placed.totalAmountPaise]])
    expect(await orderRow(placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' })
  })

  it('does not capture an authorized payment for an order that moved on, and refuses it when the capture fails', async () => {
    const captured: string[] = []
    let fail = false
    const gw: PaymentGateway = {
      ...recordingGateway((id) => ({ id, orderId: placed.gatewayOrder.id, amount: placed.totalAmountPaise, currency: 'INR', status: 'authorized' })),
      capturePayment: async (id) => {
        if (fail) throw new Error('Razorpay is down')
        captured.push(id)
        return { id, orderId: placed.gatewayOrder.id, amount: placed.totalAmountPaise, currency: 'INR', status: 'captured' }
      },
    }
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }], gw)
    fail = true
    const originalError = console.error
    console.error = () => {}
    try {
      const before = await snapshot()
      expect((await rejection(verifyAndConfirm(db, gw, signed(placed.gatewayOrder.id, 'pay_auth')))) as DomainError).toMatchObject({ status: 502 })
      expect(await snapshot()).toEqual(before)
    } finally {
      console.error = originalError
    }
    fail = false
    await db.updateTable('orders').set({ order_status: 'cancelled' }).where('id', '=', placed.orderId).execute()
    const before = await snapshot()
    expect(await rejection(verifyAndConfirm(db, gw, signed(placed.gatewayOrder.id, 'pay_auth')))).toBeInstanceOf(PaymentRejected)
    expect(captured).toEqual([])
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a payment in another currency', async () => {
    const gw = recordingGateway((id) => ({ id, orderId: placed.gatewayOrder.id, amount: placed.totalAmountPaise, currency: 'USD', status: 'captured' }))
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }], gw)
    const before = await snapshot()
    expect(await rejection(verifyAndConfirm(db, gw, signed(placed.gatewayOrder.id, 'pay_usd')))).toBeInstanceOf(PaymentRejected)
    expect(await snapshot()).toEqual(before)
  })

  it('the test gateway reports a signed payment captured with the order amount', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    expect(await gateway.fetchPayment('pay_t', { gatewayOrderId: placed.gatewayOrder.id, amountPaise: placed.totalAmountPaise })).toEqual({
      id: 'pay_t',
      orderId: placed.gatewayOrder.id,
      amount: placed.totalAmountPaise,
      currency: 'INR',
      status: 'captured',
    })
  })

  it('does not confirm a late payment for an order the admin rejected: refund queued and logged, stock untouched', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    await db.updateTable('orders').set({ order_status: 'rejected' }).where('id', '=', placed.orderId).execute()
    const warnings: string[] = []
    const originalWarn = console.warn
    console.warn = (line: string) => warnings.push(String(line))
    let error: unknown
    try {
      error = await rejection(verifyAndConfirm(db, gateway, signed(placed.gatewayOrder.id, 'pay_late')))
      // A replay (or the webhook for the same payment) changes nothing more.
      await rejection(verifyAndConfirm(db, gateway, signed(placed.gatewayOrder.id, 'pay_late')))
    } finally {
      console.warn = originalWarn
    }
    expect(error).toBeInstanceOf(PaymentRejected)
    expect(await orderRow(placed.orderId)).toMatchObject({ order_status: 'rejected', needs_refund: 1, payment_status: 'paid' })
    expect(await db.selectFrom('refunds').select(['reason', 'gateway_payment_id', 'status']).execute()).toEqual([
      { reason: 'late_payment', gateway_payment_id: 'pay_late', status: 'queued' },
    ])
    expect(await stockOf('pendant')).toBe(5)
    expect((await getCart(db, { userId: asha.id })).items).toHaveLength(1)
    const payments = await db.selectFrom('payments').selectAll().where('order_id', '=', placed.orderId).execute()
    expect(payments).toEqual([expect.objectContaining({ status: 'paid', gateway_payment_id: 'pay_late' })])
    const notes = (await db.selectFrom('order_status_history').select('note').where('order_id', '=', placed.orderId).execute()).map((h) => h.note)
    expect(notes.filter((n) => n.includes('pay_late'))).toEqual(['Payment pay_late (test) arrived after the order was rejected: not confirmed; refund queued'])
    expect(warnings).toEqual([expect.stringContaining(`order ${placed.orderId}`)])
  })

  it('a webhook for a late payment on a rejected order flags it for refund instead of confirming it', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    await db.updateTable('orders').set({ order_status: 'rejected' }).where('id', '=', placed.orderId).execute()
    const originalWarn = console.warn
    console.warn = () => {}
    try {
      expect(await webhook(orderPaidEvent(placed.gatewayOrder.id, 'pay_wl', placed.totalAmountPaise), 'evt_wl')).toBe('processed')
    } finally {
      console.warn = originalWarn
    }
    expect(await orderRow(placed.orderId)).toMatchObject({ order_status: 'rejected', needs_refund: 1 })
    expect(await stockOf('pendant')).toBe(5)
  })

  it('a webhook whose payment is not captured confirms nothing', async () => {
    const placed = await orderFor(asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await snapshot()
    const body = JSON.parse(paymentEvent('payment.captured', placed.gatewayOrder.id, 'pay_a', placed.totalAmountPaise))
    body.payload.payment.entity.status = 'authorized'
    expect(await webhook(JSON.stringify(body), 'evt_a')).toBe('ignored')
    expect((await snapshot()).orders).toEqual(before.orders)
  })
})
