// Refunds through the real Razorpay SDK against the local fake Razorpay: each trigger queues one
// refund row in the decision's transaction; the worker (runRefunds) sends it once however many
// triggers raced, retries while Razorpay is down, survives a crash after claiming or after calling,
// polls pending refunds, and the signed refund webhooks advance them (bad signature refused, replays
// ignored). The TEST MODE gateway refunds at once.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers, owner } from '../../../tests/helpers/fixtures'
import { placeOrderFor } from '../../../tests/helpers/payment-fixtures'
import { type FakeRazorpay, startFakeRazorpay } from '../../../tests/fake-razorpay'
import { rejection } from '../../../tests/helpers/rejection'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import type { PaymentGateway } from './payment-gateway'
import { razorpayGateway, testGateway } from '~/infra/payment-gateway.server'
import { updateOrderStatus } from './admin-orders.server'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { Invalid } from '~/domain/errors'
import { cancelOrder } from './order-lifecycle.server'
import { pdfInvoiceWriter } from '~/infra/pdf/invoice-pdf.server'
import { orderDocuments, renderCreditNotePdf } from './invoices.server'
import { getOrderDetail } from './order-reads.server'
import { placeOrder } from './place-order.server'
import { PaymentRejected } from './payments.server'
import { handlePaymentEvent } from './payment-events.server'
import { parseRazorpayWebhook } from '~/infra/razorpay-webhook.server'
import { verifyAndConfirm } from './verify-payment.server'
import { claimDueRefunds, REFUND_TIMING, refundKey, runRefunds } from './refunds.server'

const KEY_SECRET = 'refunds-test-key-secret'
const WEBHOOK_SECRET = 'refunds-test-webhook-secret'

let fake: FakeRazorpay
let gateway: PaymentGateway
let testDb: TestDb
let db: DB
let warn: typeof console.warn

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_SECRET, { keyId: 'rzp_test_refunds' })
  gateway = razorpayGateway({ keyId: 'rzp_test_refunds', keySecret: KEY_SECRET, apiBase: fake.url })
})
afterAll(async () => {
  await fake.stop()
})

beforeEach(async () => {
  fake.down = false
  fake.newRefundStatus = 'pending'
  testDb = await createTestDb()
  db = testDb.db
  await insertUsers(db, [asha, owner])
  await insertProducts(db, [{ id: 'pendant', title: 'Resin pendant', category: 'jewellery', price: 149_900, stock: 3 }])
  warn = console.warn
  console.warn = () => {}
})

afterEach(async () => {
  console.warn = warn
  await testDb?.cleanup()
})

const gatewayFor = () => gateway
const refundCalls = () => fake.requests.filter((r) => /^POST \/v1\/payments\/[^/]+\/refund$/.test(r)).length
const refundRow = async (orderId: string) => db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
const orderRow = (orderId: string) => db.selectFrom('orders').select(['order_status', 'payment_status', 'needs_refund']).where('id', '=', orderId).executeTakeFirstOrThrow()
const outbox = (kind: string) =>
  db.selectFrom('mail_outbox').select(['kind', 'dedupe_key', 'to_address', 'subject', 'text', 'attachments']).where('kind', '=', kind).execute()
/** The money is back: one refunded mail to the shopper carrying the credit note, numbered CN/... */
async function expectOneRefundedMail(orderId: string) {
  const mails = await outbox('order-refunded')
  expect(mails).toEqual([expect.objectContaining({ to_address: asha.email, text: expect.stringContaining('Amount refunded: ₹1,499.00') })])
  expect(JSON.parse(mails[0]?.attachments ?? '[]')).toEqual([{ kind: 'credit-note', orderId }])
  const { creditNote } = await orderDocuments(db, orderId)
  expect(creditNote).toMatch(/^CN\/\d{4}-\d{2}\/\d+$/)
  expect((await renderCreditNotePdf(db, pdfInvoiceWriter, orderId)).filename).toBe(`credit-note-${(creditNote as string).replaceAll('/', '-')}.pdf`)
}
const later = (seconds: number) => new Date(Date.now() + seconds * 1000)

/** A pendant ordered through the fake Razorpay and paid (captured), confirmed by the browser's result. */
async function paidOrder(gw: PaymentGateway = gateway, beforePaying: () => Promise<unknown> = async () => {}) {
  const placed = await placeOrderFor(db, gw, asha, [{ productId: 'pendant', quantity: 1 }])
  await beforePaying()
  if (gw.name === 'test') {
    const signature = (gw as ReturnType<typeof testGateway>).sign(placed.gatewayOrder.id, `pay_${placed.orderId}`)
    await verifyAndConfirm(db, gw, { gatewayOrderId: placed.gatewayOrder.id, paymentId: `pay_${placed.orderId}`, signature })
    return { ...placed, paymentId: `pay_${placed.orderId}` }
  }
  const { paymentId, signature } = fake.pay(placed.gatewayOrder.id)
  await verifyAndConfirm(db, gw, { gatewayOrderId: placed.gatewayOrder.id, paymentId, signature })
  return { ...placed, paymentId }
}

async function webhook(rawBody: string, signature: string, eventId: string) {
  return handlePaymentEvent(db, parseRazorpayWebhook({ rawBody, signature, eventId, secret: WEBHOOK_SECRET }))
}

describe('each trigger queues one refund, and the worker sends it through Razorpay', () => {
  it('admin rejects a paid order: refund created at Razorpay with our key, pending until processed', async () => {
    const placed = await paidOrder()
    const before = refundCalls()
    await updateOrderStatus(db, placed.orderId, 'rejected', 'u-owner')
    expect(await runRefunds(db, gatewayFor)).toMatchObject({ claimed: 1, pending: 1 })
    expect(refundCalls() - before).toBe(1)
    const row = await refundRow(placed.orderId)
    expect(row).toMatchObject({ status: 'pending', reason: 'rejected', amount_paise: 149_900, gateway_payment_id: placed.paymentId })
    const atRazorpay = fake.refunds.get(row.gateway_refund_id as string)
    expect(atRazorpay).toMatchObject({ payment_id: placed.paymentId, amount: 149_900, receipt: refundKey(placed.orderId) })
    // Polling before it is due does nothing; once Razorpay pays it out, the next poll records it.
    expect(await runRefunds(db, gatewayFor)).toMatchObject({ claimed: 0 })
    fake.processRefund(row.gateway_refund_id as string)
    expect(await runRefunds(db, gatewayFor, later(REFUND_TIMING.firstPoll + 1))).toMatchObject({ claimed: 1, processed: 1 })
    expect(await orderRow(placed.orderId)).toEqual({ order_status: 'rejected', payment_status: 'refunded', needs_refund: 0 })
    const detail = await getOrderDetail(db, placed.orderId, asha)
    expect(detail.refund).toEqual({ id: row.id, status: 'processed', reason: 'rejected', amountPaise: 149_900, gatewayRefundId: row.gateway_refund_id, processedAt: expect.any(String) })
    expect(detail.history.at(-1)?.note).toBe(`Refund of ₹1,499.00 processed (${row.gateway_refund_id})`)
    expect(refundCalls() - before).toBe(1)
    await expectOneRefundedMail(placed.orderId)
    // Later runs find nothing to do and queue nothing more.
    expect(await runRefunds(db, gatewayFor, later(REFUND_TIMING.maxPoll + 1))).toMatchObject({ claimed: 0 })
    await expectOneRefundedMail(placed.orderId)
  })

  it('shopper cancels a paid order; stock short at confirmation; a payment for a cancelled order: each refunded once', async () => {
    fake.newRefundStatus = 'processed'
    const cancelled = await paidOrder()
    await cancelOrder(db, cancelled.orderId, asha)

    // The last pieces sell while this shopper pays.
    const unfillable = await paidOrder(gateway, () => db.updateTable('products').set({ total_stock: 0 }).where('id', '=', 'pendant').execute())
    expect(await orderRow(unfillable.orderId)).toMatchObject({ order_status: 'rejected', payment_status: 'paid' })

    await db.updateTable('products').set({ total_stock: 3 }).where('id', '=', 'pendant').execute()
    await addToCart(db, { userId: asha.id }, { productId: 'pendant', quantity: 2 })
    const address = await db.selectFrom('addresses').select('id').executeTakeFirstOrThrow()
    const late = await placeOrder(db, gateway, asha, { addressId: address.id }, 0)
    await cancelOrder(db, late.orderId, asha)
    const paid = fake.pay(late.gatewayOrder.id)
    // Paid after it was cancelled: the shopper is told the payment was not taken for the order.
    expect(await rejection(verifyAndConfirm(db, gateway, { gatewayOrderId: late.gatewayOrder.id, ...paid }))).toBeInstanceOf(PaymentRejected)

    const before = refundCalls()
    expect(await runRefunds(db, gatewayFor)).toMatchObject({ claimed: 3, processed: 3 })
    expect(refundCalls() - before).toBe(3)
    const rows = await db.selectFrom('refunds').select(['order_id', 'reason', 'status', 'amount_paise']).execute()
    expect(new Map(rows.map((r) => [r.order_id, [r.reason, r.status, r.amount_paise]]))).toEqual(
      new Map([
        [cancelled.orderId, ['cancelled', 'processed', 149_900]],
        [unfillable.orderId, ['unfillable', 'processed', 149_900]],
        // The unfilled order's piece stayed in the cart: three pendants.
        [late.orderId, ['late_payment', 'processed', 449_700]],
      ]),
    )
    for (const id of [cancelled.orderId, unfillable.orderId, late.orderId]) expect((await orderRow(id)).payment_status).toBe('refunded')
    expect(await runRefunds(db, gatewayFor, later(7200))).toMatchObject({ claimed: 0 })
  })

  it('RACE: many triggers on one order at once -> one refund row, one call to Razorpay', async () => {
    const placed = await paidOrder()
    await Promise.allSettled([
      cancelOrder(db, placed.orderId, asha),
      updateOrderStatus(db, placed.orderId, 'rejected', 'u-owner'),
      cancelOrder(db, placed.orderId, asha),
      updateOrderStatus(db, placed.orderId, 'rejected', 'u-owner'),
    ])
    const before = refundCalls()
    // Two workers at once (the interval and an action's sendRefundsNow) claim it once.
    await Promise.all([runRefunds(db, gatewayFor), runRefunds(db, gatewayFor), runRefunds(db, gatewayFor)])
    expect(refundCalls() - before).toBe(1)
    expect(await db.selectFrom('refunds').selectAll().execute()).toHaveLength(1)
    expect([...fake.refunds.values()].filter((r) => r.payment_id === placed.paymentId)).toHaveLength(1)
  })
})

describe('failures and crashes', () => {
  it('Razorpay down: the refund stays queued with the error and backs off; when it is back, it is sent once', async () => {
    const placed = await paidOrder()
    await updateOrderStatus(db, placed.orderId, 'rejected', 'u-owner')
    fake.down = true
    expect(await runRefunds(db, gatewayFor)).toMatchObject({ claimed: 1, retrying: 1 })
    let row = await refundRow(placed.orderId)
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringContaining('500') })
    expect(Date.parse(row.next_attempt_at) - Date.now()).toBeGreaterThan((REFUND_TIMING.firstRetry - 5) * 1000)
    expect(await runRefunds(db, gatewayFor, later(REFUND_TIMING.firstRetry + 1))).toMatchObject({ claimed: 1, retrying: 1 })
    row = await refundRow(placed.orderId)
    // The second wait is twice the first.
    expect(Date.parse(row.next_attempt_at) - Date.now()).toBeGreaterThan((2 * REFUND_TIMING.firstRetry - 5) * 1000)
    fake.down = false
    expect(await runRefunds(db, gatewayFor, later(3 * REFUND_TIMING.firstRetry + 5))).toMatchObject({ claimed: 1, pending: 1 })
    expect([...fake.refunds.values()].filter((r) => r.payment_id === placed.paymentId)).toHaveLength(1)
    expect((await refundRow(placed.orderId)).last_error).toBeNull()
  })

  it('a crash after claiming (before calling): after the claim runs out (restart), refunded once', async () => {
    const placed = await paidOrder()
    await updateOrderStatus(db, placed.orderId, 'rejected', 'u-owner')
    expect(await claimDueRefunds(db)).toHaveLength(1)
    // The process dies here. Until the claim runs out nobody else takes it...
    expect(await runRefunds(db, gatewayFor, later(REFUND_TIMING.claim - 10))).toMatchObject({ claimed: 0 })
    // ...then the restarted worker sends it.
    expect(await runRefunds(db, gatewayFor, later(REFUND_TIMING.claim + 1))).toMatchObject({ claimed: 1, pending: 1 })
    expect([...fake.refunds.values()].filter((r) => r.payment_id === placed.paymentId)).toHaveLength(1)
  })

  it('a crash after Razorpay made the refund (before we stored it): the retry adopts it, no second refund', async () => {
    const placed = await paidOrder()
    await updateOrderStatus(db, placed.orderId, 'rejected', 'u-owner')
    const dying: PaymentGateway = {
      ...gateway,
      createRefund: async (...args) => {
        await gateway.createRefund(...args)
        throw new Error('the process died right after the call')
      },
    }
    expect(await runRefunds(db, () => dying)).toMatchObject({ claimed: 1, retrying: 1 })
    expect([...fake.refunds.values()].filter((r) => r.payment_id === placed.paymentId)).toHaveLength(1)
    const before = refundCalls()
    expect(await runRefunds(db, gatewayFor, later(REFUND_TIMING.maxRetry + 1))).toMatchObject({ claimed: 1, pending: 1 })
    expect(refundCalls() - before).toBe(0)
    const made = [...fake.refunds.values()].filter((r) => r.payment_id === placed.paymentId)
    expect(made).toHaveLength(1)
    expect((await refundRow(placed.orderId)).gateway_refund_id).toBe(made[0]?.id)
  })

  it('Razorpay refusing (4xx) is retried a few times, then the refund is marked failed for the owner', async () => {
    const placed = await paidOrder()
    await updateOrderStatus(db, placed.orderId, 'rejected', 'u-owner')
    const refusing: PaymentGateway = { ...gateway, listRefunds: async () => [], createRefund: () => gateway.createRefund('pay_unknown', 100, { idempotencyKey: 'x' }) }
    let status = ''
    for (let i = 1; i <= REFUND_TIMING.maxRefusals; i++) {
      await runRefunds(db, () => refusing, later(i * REFUND_TIMING.maxRetry + 1))
      status = (await refundRow(placed.orderId)).status
    }
    expect(status).toBe('failed')
    const detail = await getOrderDetail(db, placed.orderId, asha)
    expect(detail.refund?.status).toBe('failed')
    // The owner hears of it once, and the order's history says so.
    const row = await refundRow(placed.orderId)
    expect(await outbox('refund-failed')).toEqual([
      expect.objectContaining({ dedupe_key: `refund-failed:${row.id}`, to_address: owner.email, subject: 'A refund of ₹1,499.00 failed' }),
    ])
    expect(detail.history.at(-1)?.note).toMatch(/^Refund of ₹1,499\.00 failed/)
    // Nothing claims it again, and a late run adds no second alert.
    expect(await runRefunds(db, () => refusing, later(100 * REFUND_TIMING.maxRetry))).toMatchObject({ claimed: 0 })
    expect(await outbox('refund-failed')).toHaveLength(1)
  })
})

describe('refund webhooks', () => {
  async function sentRefund() {
    const placed = await paidOrder()
    await updateOrderStatus(db, placed.orderId, 'rejected', 'u-owner')
    await runRefunds(db, gatewayFor)
    const row = await refundRow(placed.orderId)
    return { placed, refundId: row.gateway_refund_id as string }
  }

  it('refund.processed (signed) marks it processed and the order refunded; a replay is a duplicate', async () => {
    const { placed, refundId } = await sentRefund()
    fake.processRefund(refundId)
    const event = fake.refundWebhook('refund.processed', refundId, WEBHOOK_SECRET)
    expect(await webhook(event.body, event.signature, event.eventId)).toBe('processed')
    expect((await refundRow(placed.orderId)).status).toBe('processed')
    expect((await orderRow(placed.orderId)).payment_status).toBe('refunded')
    const history = await db.selectFrom('order_status_history').select('id').where('order_id', '=', placed.orderId).execute()
    await expectOneRefundedMail(placed.orderId)
    expect(await webhook(event.body, event.signature, event.eventId)).toBe('duplicate')
    // The same news under another event id changes nothing either.
    expect(await webhook(event.body, event.signature, 'evt_other')).toBe('processed')
    expect(await db.selectFrom('order_status_history').select('id').where('order_id', '=', placed.orderId).execute()).toEqual(history)
    await expectOneRefundedMail(placed.orderId)
    expect(await db.selectFrom('invoices').select('number').where('order_id', '=', placed.orderId).where('kind', '=', 'credit-note').execute()).toHaveLength(1)
  })

  it('refund.failed marks it failed; a bad signature is refused and changes nothing', async () => {
    const { placed, refundId } = await sentRefund()
    const event = fake.refundWebhook('refund.failed', refundId, WEBHOOK_SECRET)
    const error = await rejection(webhook(event.body, 'f'.repeat(64), event.eventId))
    expect(error).toBeInstanceOf(Invalid)
    expect((await refundRow(placed.orderId)).status).toBe('pending')
    expect(await webhook(event.body, event.signature, event.eventId)).toBe('processed')
    const row = await refundRow(placed.orderId)
    expect(row).toMatchObject({ status: 'failed', last_error: expect.any(String) })
    expect((await orderRow(placed.orderId)).payment_status).toBe('paid')
    // One owner alert, however often the news comes.
    expect(await webhook(event.body, event.signature, 'evt_again')).toBe('processed')
    expect(await outbox('refund-failed')).toEqual([
      expect.objectContaining({ dedupe_key: `refund-failed:${row.id}`, to_address: owner.email, subject: 'A refund of ₹1,499.00 failed' }),
    ])
  })

  it('a refund webhook for a refund that is not ours is recorded and ignored', async () => {
    const placed = await paidOrder()
    const foreign = await gateway.createRefund(placed.paymentId, 100, { idempotencyKey: 'someone-else' })
    const event = fake.refundWebhook('refund.processed', foreign.id, WEBHOOK_SECRET)
    expect(await webhook(event.body, event.signature, event.eventId)).toBe('ignored')
  })
})

describe('capture through the SDK', () => {
  it('an authorized payment is captured at Razorpay, then the order is confirmed', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    const { paymentId, signature } = fake.pay(placed.gatewayOrder.id, { status: 'authorized' })
    await verifyAndConfirm(db, gateway, { gatewayOrderId: placed.gatewayOrder.id, paymentId, signature })
    expect(fake.requests).toContain(`POST /v1/payments/${paymentId}/capture`)
    expect(fake.payments.get(paymentId)?.status).toBe('captured')
    expect(await orderRow(placed.orderId)).toMatchObject({ order_status: 'confirmed', payment_status: 'paid' })
  })
})

describe('the TEST MODE gateway', () => {
  it('refunds at once, locally, once per order', async () => {
    const local = testGateway('refunds-local-secret')
    const placed = await paidOrder(local)
    await cancelOrder(db, placed.orderId, asha)
    expect(await runRefunds(db, () => local)).toMatchObject({ claimed: 1, processed: 1 })
    expect(await refundRow(placed.orderId)).toMatchObject({ status: 'processed', gateway_refund_id: expect.stringMatching(/^rfnd_test_/) })
    expect((await orderRow(placed.orderId)).payment_status).toBe('refunded')
    expect(await local.listRefunds(placed.paymentId)).toHaveLength(1)
  })
})
