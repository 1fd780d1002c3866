// Confirming a paid order once (idempotent, the oversell race, stock the order can no longer get),
// a payment id paying one order only, late money for an order that moved on, and a retry after a
// failed attempt, on a fresh database with the test gateway.
import { describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { rejection } from '../../../tests/helpers/rejection'
import { insertPaymentShop, orderRow, paymentSnapshot, placeOrderFor, signedResult, stockOf, testShopGateway as gateway } from '../../../tests/helpers/payment-fixtures'
import type { DB } from '../../../db/database'
import type { SessionUser } from '~/lib/user'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { getCart } from '~/domain/cart/cart.server'
import { confirmPayment, markPaymentFailed, PaymentRejected } from './payments.server'
import { verifyAndConfirm } from './verify-payment.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertPaymentShop(db)
})

describe('verifyAndConfirm', () => {
  it('is idempotent: a replay answers changed false and takes the stock once', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 2 }])
    const result = signedResult(placed.gatewayOrder.id, 'pay_1')
    expect((await verifyAndConfirm(db, gateway, result)).changed).toBe(true)
    const after = await paymentSnapshot(db)
    // The user fills the cart again before the replay: it is not emptied a second time.
    await addToCart(db, { userId: asha.id }, { productId: 'coaster', quantity: 1, variety: 'Round' })
    const cartAfterRefill = await db.selectFrom('cart_lines').selectAll().orderBy('id').execute()

    const replay = await verifyAndConfirm(db, gateway, result, { orderId: placed.orderId, userId: asha.id })
    expect(replay).toEqual({ orderId: placed.orderId, userId: asha.id, changed: false, needsRefund: false })
    expect(await stockOf(db, 'pendant')).toBe(3)
    expect({ ...(await paymentSnapshot(db)), cartLines: after.cartLines }).toEqual(after)
    expect(await db.selectFrom('cart_lines').selectAll().orderBy('id').execute()).toEqual(cartAfterRefill)
    // A second, different valid payment for the same order changes nothing either.
    expect((await verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_2'))).changed).toBe(false)
    expect(await stockOf(db, 'pendant')).toBe(3)
    expect((await orderRow(db, placed.orderId)).gateway_payment_id).toBe('pay_1')
  })

  it('does not confirm a refunded order again when its old payment result is replayed', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const result = signedResult(placed.gatewayOrder.id, 'pay_1')
    await verifyAndConfirm(db, gateway, result)
    // The shop owner refunds it and puts the piece back in stock.
    await db.updateTable('orders').set({ payment_status: 'refunded', order_status: 'rejected' }).where('id', '=', placed.orderId).execute()
    await db.updateTable('products').set({ total_stock: 5 }).where('id', '=', 'pendant').execute()
    const before = await paymentSnapshot(db)

    const replay = await verifyAndConfirm(db, gateway, result)
    expect(replay.changed).toBe(false)
    expect(await paymentSnapshot(db)).toEqual(before)
    expect(await orderRow(db, placed.orderId)).toMatchObject({ payment_status: 'refunded', order_status: 'rejected' })
  })

  it('rejects an order the stock cannot fill and queues its refund, never taking the stock below zero or confirming it', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 3 }])
    await db.updateTable('products').set({ total_stock: 2 }).where('id', '=', 'pendant').execute()
    const result = await verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_1'))
    expect(result).toMatchObject({ changed: true, needsRefund: true, unfillable: true })
    expect(await stockOf(db, 'pendant')).toBe(2)
    expect(await orderRow(db, placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'rejected', needs_refund: 1 })
    const history = await db.selectFrom('order_status_history').select(['status', 'note']).where('order_id', '=', placed.orderId).orderBy('id').execute()
    expect(history.map((h) => h.status)).not.toContain('confirmed')
    expect(history.at(-1)?.note).toContain('could not be filled')
    expect(await db.selectFrom('refunds').select(['reason', 'status', 'amount_paise', 'gateway_payment_id']).execute()).toEqual([
      { reason: 'unfillable', status: 'queued', amount_paise: placed.totalAmountPaise, gateway_payment_id: 'pay_1' },
    ])
    // The cart keeps its lines (they show as out of stock); a replay reports the same and queues nothing more.
    expect((await getCart(db, { userId: asha.id })).items).toHaveLength(1)
    expect(await verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_1'))).toMatchObject({
      changed: false,
      needsRefund: true,
      unfillable: true,
    })
    expect(await db.selectFrom('refunds').selectAll().execute()).toHaveLength(1)
  })

  it('lets a payment retried after a failure confirm the order', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    await markPaymentFailed(db, placed.gatewayOrder.id, { code: 'BAD_REQUEST_ERROR', description: 'Card declined' })
    expect(await orderRow(db, placed.orderId)).toMatchObject({ payment_status: 'failed', order_status: 'pending' })
    expect(await stockOf(db, 'pendant')).toBe(5)
    expect((await getCart(db, { userId: asha.id })).items).toHaveLength(1)

    const retry = await verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_retry'))
    expect(retry.changed).toBe(true)
    expect(await orderRow(db, placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' })
    expect(await stockOf(db, 'pendant')).toBe(4)
    const payments = await db.selectFrom('payments').selectAll().where('order_id', '=', placed.orderId).execute()
    expect(payments).toEqual([expect.objectContaining({ status: 'paid', gateway_payment_id: 'pay_retry' })])
  })
})

describe('concurrent verifications', () => {
  it('RACE: N users paying at once for the last piece: one confirmed, stock taken once, the rest rejected with a refund queued', async () => {
    const N = 20
    await insertProducts(db, [{ id: 'last-piece', category: 'jewellery', price: 250_000, stock: 1 }])
    const users: SessionUser[] = Array.from({ length: N }, (_, i) => ({
      id: `u-race-${i}`,
      userName: `Buyer ${i}`,
      email: `buyer${i}@example.com`,
      role: 'user',
    }))
    const orders: { gatewayOrderId: string; userId: string; orderId: string }[] = []
    for (const user of users) {
      await insertUsers(db, [user])
      // Each cart holds the one piece left: every order is placed while it is still in stock, and its
      // hold runs out before the next shopper checks out (late payments after the hold ended).
      const placed = await placeOrderFor(db, gateway, user, [{ productId: 'last-piece', quantity: 1 }])
      await db.updateTable('stock_holds').set({ expires_at: '2026-01-01T00:00:00.000Z' }).execute()
      orders.push({ gatewayOrderId: placed.gatewayOrder.id, userId: user.id, orderId: placed.orderId })
    }

    const started = performance.now()
    const results = await Promise.all(
      orders.map((o, i) => verifyAndConfirm(db, gateway, signedResult(o.gatewayOrderId, `pay_race_${i}`), { orderId: o.orderId, userId: o.userId })),
    )
    const elapsed = performance.now() - started
    console.log(`RACE: ${N} concurrent verifications for a stock of 1 took ${elapsed.toFixed(1)} ms`)

    expect(results.every((r) => r.changed)).toBe(true)
    expect(results.filter((r) => !r.needsRefund)).toHaveLength(1)
    expect(results.filter((r) => r.unfillable)).toHaveLength(N - 1)
    expect(await stockOf(db, 'last-piece')).toBe(0)
    const rows = await db.selectFrom('orders').select(['payment_status', 'order_status', 'needs_refund']).where('user_id', 'like', 'u-race-%').execute()
    expect(rows).toHaveLength(N)
    expect(rows.every((r) => r.payment_status === 'paid')).toBe(true)
    expect(rows.filter((r) => r.order_status === 'confirmed')).toHaveLength(1)
    expect(rows.filter((r) => r.order_status === 'rejected' && r.needs_refund === 1)).toHaveLength(N - 1)
    expect(await db.selectFrom('refunds').select('reason').execute()).toEqual(Array.from({ length: N - 1 }, () => ({ reason: 'unfillable' })))
  })

  it('RACE: the same payment verified N times at once (browser, callback, replays) confirms it once', async () => {
    const N = 20
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 2 }])
    const result = signedResult(placed.gatewayOrder.id, 'pay_1')
    const started = performance.now()
    const results = await Promise.all(Array.from({ length: N }, () => verifyAndConfirm(db, gateway, result)))
    console.log(`RACE: the same payment verified ${N} times at once took ${(performance.now() - started).toFixed(1)} ms`)
    expect(results.filter((r) => r.changed)).toHaveLength(1)
    expect(await stockOf(db, 'pendant')).toBe(3)
    const history = await db.selectFrom('order_status_history').select('status').where('order_id', '=', placed.orderId).execute()
    expect(history.filter((h) => h.status === 'confirmed')).toHaveLength(1)
  })
})

describe('confirmPayment', () => {
  it('refuses an unknown gateway order or a wrong amount', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await paymentSnapshot(db)
    expect(
      await rejection(confirmPayment(db, { gatewayOrderId: 'order_nope', paymentId: 'pay_1', amountPaise: null, source: 'test' })),
    ).toBeInstanceOf(PaymentRejected)
    expect(
      await rejection(confirmPayment(db, { gatewayOrderId: placed.gatewayOrder.id, paymentId: 'pay_1', amountPaise: 1, source: 'test' })),
    ).toBeInstanceOf(PaymentRejected)
    expect(await paymentSnapshot(db)).toEqual(before)
  })

  it('refuses a payment id already used for another order (one payment pays one order)', async () => {
    const first = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    await confirmPayment(db, { gatewayOrderId: first.gatewayOrder.id, paymentId: 'pay_once', amountPaise: null, source: 'test' })
    const second = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await paymentSnapshot(db)
    expect(
      await rejection(confirmPayment(db, { gatewayOrderId: second.gatewayOrder.id, paymentId: 'pay_once', amountPaise: null, source: 'test' })),
    ).toBeInstanceOf(PaymentRejected)
    expect(await paymentSnapshot(db)).toEqual(before)
    expect((await orderRow(db, second.orderId)).payment_status).toBe('pending')
  })
})

describe('captured payments only, for pending orders only', () => {
  it('does not confirm a late payment for an order the admin rejected: refund queued and logged, stock untouched', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    await db.updateTable('orders').set({ order_status: 'rejected' }).where('id', '=', placed.orderId).execute()
    const warnings: string[] = []
    const originalWarn = console.warn
    console.warn = (line: string) => warnings.push(String(line))
    let error: unknown
    try {
      error = await rejection(verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_late')))
      // A replay (or the webhook for the same payment) changes nothing more.
      await rejection(verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_late')))
    } finally {
      console.warn = originalWarn
    }
    expect(error).toBeInstanceOf(PaymentRejected)
    expect(await orderRow(db, placed.orderId)).toMatchObject({ order_status: 'rejected', needs_refund: 1, payment_status: 'paid' })
    expect(await db.selectFrom('refunds').select(['reason', 'gateway_payment_id', 'status']).execute()).toEqual([
      { reason: 'late_payment', gateway_payment_id: 'pay_late', status: 'queued' },
    ])
    expect(await stockOf(db, 'pendant')).toBe(5)
    expect((await getCart(db, { userId: asha.id })).items).toHaveLength(1)
    const payments = await db.selectFrom('payments').selectAll().where('order_id', '=', placed.orderId).execute()
    expect(payments).toEqual([expect.objectContaining({ status: 'paid', gateway_payment_id: 'pay_late' })])
    const notes = (await db.selectFrom('order_status_history').select('note').where('order_id', '=', placed.orderId).execute()).map((h) => h.note)
    expect(notes.filter((n) => n.includes('pay_late'))).toEqual(['Payment pay_late (test) arrived after the order was rejected: not confirmed; refund queued'])
    expect(warnings).toEqual([expect.stringContaining(`order ${placed.orderId}`)])
  })
})
