// Verifying a payment result from the browser: the signature against our stored gateway order id,
// the provider's record of the payment (order, amount, currency), capture of an authorized payment,
// on a fresh database with the test gateway and fake gateways for the provider's record.
import { describe, expect, it } from 'vitest'
import { asha, ravi } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { rejection } from '../../../tests/helpers/rejection'
import { insertPaymentShop, orderRow, paymentSnapshot, placeOrderFor, signedResult, stockOf, testShopGateway as gateway } from '../../../tests/helpers/payment-fixtures'
import type { DB } from '../../../db/database'
import { getCart } from '~/domain/cart/cart.server'
import { DomainError, Forbidden, Invalid } from '~/domain/errors'
import { PAYMENT_MESSAGES } from '~/lib/payment-messages'
import type { GatewayPayment, PaymentGateway } from './payment-gateway'
import type { Confirmation } from './payments.server'
import { PaymentRejected } from './payments.server'
import { verifyAndConfirm } from './verify-payment.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertPaymentShop(db)
})

/** A gateway that keeps payment records, as Razorpay does: fetchPayment answers what `record` says. */
function recordingGateway(record: (paymentId: string) => GatewayPayment | Promise<GatewayPayment>): PaymentGateway {
  return { ...gateway, name: 'razorpay', keyId: 'rzp_test_fake', fetchPayment: async (id) => record(id) }
}

describe('verifyAndConfirm', () => {
  it('confirms a correctly signed payment: paid + confirmed, stock taken, cart emptied, history kept', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [
      { productId: 'pendant', quantity: 2 },
      { productId: 'coaster', quantity: 3, variety: 'Round' },
      { productId: 'coaster', quantity: 1, variety: 'Square' },
    ])
    const result = await verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_1'), {
      orderId: placed.orderId,
      userId: asha.id,
    })
    expect(result).toEqual<Confirmation>({ orderId: placed.orderId, userId: asha.id, changed: true, needsRefund: false })

    const order = await orderRow(db, placed.orderId)
    expect(order).toMatchObject({ payment_status: 'paid', order_status: 'confirmed', gateway_payment_id: 'pay_1', needs_refund: 0 })
    expect(await stockOf(db, 'pendant')).toBe(3)
    expect(await stockOf(db, 'coaster')).toBe(6)
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
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const result = await verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_cb'))
    expect(result).toMatchObject({ orderId: placed.orderId, changed: true })
  })

  it('refuses a bad signature, a signature for another order and a tampered payment id; nothing changes', async () => {
    const first = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    await db.deleteFrom('cart_lines').execute()
    const second = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 2 }])
    const before = await paymentSnapshot(db)

    const good = signedResult(first.gatewayOrder.id, 'pay_1')
    const attempts = [
      // Someone's guess, and a signature made with another secret.
      { ...good, signature: 'f'.repeat(64) },
      signedResult(first.gatewayOrder.id, 'pay_1', 'not-the-secret'),
      // A valid signature, but for the second order, replayed against the first.
      { ...signedResult(second.gatewayOrder.id, 'pay_2'), gatewayOrderId: first.gatewayOrder.id },
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
    expect(await paymentSnapshot(db)).toEqual(before)
  })

  it('refuses missing fields and an unknown gateway order', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const good = signedResult(placed.gatewayOrder.id, 'pay_1')
    const before = await paymentSnapshot(db)
    for (const missing of ['gatewayOrderId', 'paymentId', 'signature'] as const) {
      const error = await rejection(verifyAndConfirm(db, gateway, { ...good, [missing]: '' }))
      expect(error).toBeInstanceOf(Invalid)
      expect((error as Invalid).message).toBe(PAYMENT_MESSAGES.verificationFailed)
    }
    expect(await rejection(verifyAndConfirm(db, gateway, signedResult('order_unknown', 'pay_1')))).toBeInstanceOf(PaymentRejected)
    expect(await paymentSnapshot(db)).toEqual(before)
  })

  it("pins the order and its owner: another order id is rejected, another user's order is Forbidden", async () => {
    const ashas = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const ravis = await placeOrderFor(db, gateway, ravi, [{ productId: 'pendant', quantity: 1 }])
    const before = await paymentSnapshot(db)
    // Ravi's own order id with Asha's signed result.
    const wrongOrder = await rejection(
      verifyAndConfirm(db, gateway, signedResult(ashas.gatewayOrder.id, 'pay_1'), { orderId: ravis.orderId, userId: ravi.id }),
    )
    expect(wrongOrder).toBeInstanceOf(PaymentRejected)
    // Ravi posting Asha's (correctly signed) result for her order.
    const notYours = await rejection(
      verifyAndConfirm(db, gateway, signedResult(ashas.gatewayOrder.id, 'pay_1'), { orderId: ashas.orderId, userId: ravi.id }),
    )
    expect(notYours).toBeInstanceOf(Forbidden)
    expect(await paymentSnapshot(db)).toEqual(before)
  })

  it("checks the provider's record of the payment: another amount or another order is rejected", async () => {
    let record: GatewayPayment = { id: '', orderId: '', amount: 0, currency: 'INR', status: 'captured' }
    const gw = recordingGateway((id) => ({ ...record, id }))
    const placed = await placeOrderFor(db, gw, asha, [{ productId: 'pendant', quantity: 1 }], 5_000)
    const before = await paymentSnapshot(db)

    record = { id: 'pay_1', orderId: placed.gatewayOrder.id, amount: 100, currency: 'INR', status: 'captured' }
    expect(await rejection(verifyAndConfirm(db, gw, signedResult(placed.gatewayOrder.id, 'pay_1')))).toBeInstanceOf(PaymentRejected)
    record = { id: 'pay_1', orderId: placed.gatewayOrder.id, amount: 120_000, currency: 'INR', status: 'captured' } // without the fee
    expect(await rejection(verifyAndConfirm(db, gw, signedResult(placed.gatewayOrder.id, 'pay_1')))).toBeInstanceOf(PaymentRejected)
    record = { id: 'pay_1', orderId: 'order_someone_else', amount: 125_000, currency: 'INR', status: 'captured' }
    expect(await rejection(verifyAndConfirm(db, gw, signedResult(placed.gatewayOrder.id, 'pay_1')))).toBeInstanceOf(PaymentRejected)
    expect(await paymentSnapshot(db)).toEqual(before)

    record = { id: 'pay_1', orderId: placed.gatewayOrder.id, amount: 125_000, currency: 'INR', status: 'captured' }
    expect((await verifyAndConfirm(db, gw, signedResult(placed.gatewayOrder.id, 'pay_1'))).changed).toBe(true)
  })

  it("answers 'An error occurred during payment verification.' when the provider cannot be asked, changing nothing", async () => {
    const gw = recordingGateway(() => {
      throw new Error('connect ECONNREFUSED')
    })
    const placed = await placeOrderFor(db, gw, asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await paymentSnapshot(db)
    const originalError = console.error
    console.error = () => {}
    let error: unknown
    try {
      error = await rejection(verifyAndConfirm(db, gw, signedResult(placed.gatewayOrder.id, 'pay_1')))
    } finally {
      console.error = originalError
    }
    expect(error).toBeInstanceOf(DomainError)
    expect((error as DomainError).message).toBe(PAYMENT_MESSAGES.error)
    expect((error as DomainError).status).toBe(502)
    expect(await paymentSnapshot(db)).toEqual(before)
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
    const placed = await placeOrderFor(db, gw, asha, [{ productId: 'pendant', quantity: 1 }])
    expect(await verifyAndConfirm(db, gw, signedResult(placed.gatewayOrder.id, 'pay_auth'))).toMatchObject({ changed: true, needsRefund: false })
    expect(captured).toEqual([['pay_auth', placed.totalAmountPaise]])
    expect(await orderRow(db, placed.orderId)).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' })
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
    const placed = await placeOrderFor(db, gw, asha, [{ productId: 'pendant', quantity: 1 }])
    fail = true
    const originalError = console.error
    console.error = () => {}
    try {
      const before = await paymentSnapshot(db)
      expect((await rejection(verifyAndConfirm(db, gw, signedResult(placed.gatewayOrder.id, 'pay_auth')))) as DomainError).toMatchObject({ status: 502 })
      expect(await paymentSnapshot(db)).toEqual(before)
    } finally {
      console.error = originalError
    }
    fail = false
    await db.updateTable('orders').set({ order_status: 'cancelled' }).where('id', '=', placed.orderId).execute()
    const before = await paymentSnapshot(db)
    expect(await rejection(verifyAndConfirm(db, gw, signedResult(placed.gatewayOrder.id, 'pay_auth')))).toBeInstanceOf(PaymentRejected)
    expect(captured).toEqual([])
    expect(await paymentSnapshot(db)).toEqual(before)
  })

  it('refuses a payment in another currency', async () => {
    const gw = recordingGateway((id) => ({ id, orderId: placed.gatewayOrder.id, amount: placed.totalAmountPaise, currency: 'USD', status: 'captured' }))
    const placed = await placeOrderFor(db, gw, asha, [{ productId: 'pendant', quantity: 1 }])
    const before = await paymentSnapshot(db)
    expect(await rejection(verifyAndConfirm(db, gw, signedResult(placed.gatewayOrder.id, 'pay_usd')))).toBeInstanceOf(PaymentRejected)
    expect(await paymentSnapshot(db)).toEqual(before)
  })

  it('the test gateway reports a signed payment captured with the order amount', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    expect(await gateway.fetchPayment('pay_t', { gatewayOrderId: placed.gatewayOrder.id, amountPaise: placed.totalAmountPaise })).toEqual({
      id: 'pay_t',
      orderId: placed.gatewayOrder.id,
      amount: placed.totalAmountPaise,
      currency: 'INR',
      status: 'captured',
    })
  })
})
