// Exchanges (issue 31, ADR 105): a ring bought in S (₹1,000) swapped for M (same price), L (₹1,500:
// the shopper pays ₹500 by a TEST MODE Payment Link) or XS (₹800: ₹200 refunded through the real
// Razorpay SDK against the local fake). Every move and refusal, out of stock, double taps, and a kill
// between the link's payment and the replacement order: one order, once. SQLite and PostgreSQL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { paidDeliveredOrder } from '../../../tests/helpers/payment-fixtures'
import { type FakeRazorpay, startFakeRazorpay } from '../../../tests/fake-razorpay'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import type { PaymentGateway } from './payment-gateway'
import { razorpayGateway } from '~/infra/payment-gateway.server'
import { testLinks } from '~/infra/payment-links.server'
import { Invalid } from '~/domain/errors'
import { EXCHANGE_MESSAGES } from '~/lib/exchanges'
import { cancelOrder } from './order-lifecycle.server'
import {
  completeExchange,
  creditBackEndedExchanges,
  exchangeOf,
  exchangeOptionsOf,
  openExchangeLink,
  requestReturnOrExchange,
  settleExchange,
  settleExchangePayment,
} from './exchanges.server'
import { closeReturn, decideReturn, readReturn, receiveReturn, refundReturn, returnableOf } from './returns.server'
import { getOrderDetail } from './order-reads.server'
import { decidePartialRefund } from './partial-refunds.server'

const KEY_SECRET = 'exchanges-key-secret'
let fake: FakeRazorpay
let gateway: PaymentGateway
let testDb: TestDb
let db: DB
let warn: typeof console.warn

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_SECRET, { keyId: 'rzp_test_exchanges' })
  gateway = razorpayGateway({ keyId: 'rzp_test_exchanges', keySecret: KEY_SECRET, apiBase: fake.url })
})
afterAll(async () => {
  await fake.stop()
})

async function refusal(work: Promise<unknown>): Promise<Record<string, string[]>> {
  try {
    await work
  } catch (error) {
    if (error instanceof Invalid) return error.errors
    throw error
  }
  throw new Error('not refused')
}

const variantStock = async (variety: string) =>
  Number((await db.selectFrom('product_variants').select('stock').where('product_id', '=', 'ring').where('variety_name', '=', variety).executeTakeFirstOrThrow()).stock)

describe('exchanges of a delivered ring', () => {
  beforeEach(async () => {
    fake.down = false
    fake.newRefundStatus = 'processed'
    testDb = await createTestDb()
    db = testDb.db
    await insertUsers(db, [asha, { id: 'u-owner', userName: 'Owner', email: 'owner@example.com', role: 'admin' }])
    await insertProducts(db, [
      {
        id: 'ring',
        title: 'Resin ring',
        category: 'jewellery',
        price: 100_000,
        stock: 7,
        varieties: [
          { name: 'XS', price: 80_000 },
          { name: 'S', price: 100_000 },
          { name: 'M', price: 100_000 },
          { name: 'L', price: 150_000 },
          { name: 'XL', price: 150_000 },
        ],
      },
    ])
    await db
      .insertInto('product_variants')
      .values([
        { product_id: 'ring', variety_name: 'XS', stock: 1, price_paise: null, sale_price_paise: null, sku: null, image: null, position: 0 },
        { product_id: 'ring', variety_name: 'S', stock: 3, price_paise: null, sale_price_paise: null, sku: null, image: null, position: 1 },
        { product_id: 'ring', variety_name: 'M', stock: 2, price_paise: null, sale_price_paise: null, sku: null, image: null, position: 2 },
        { product_id: 'ring', variety_name: 'L', stock: 1, price_paise: null, sale_price_paise: null, sku: null, image: null, position: 3 },
        { product_id: 'ring', variety_name: 'XL', stock: 0, price_paise: null, sale_price_paise: null, sku: null, image: null, position: 4 },
      ])
      .execute()
    warn = console.warn
    console.warn = () => {}
  })
  afterEach(async () => {
    console.warn = warn
    await testDb?.cleanup()
  })

  const deliveredRing = () => paidDeliveredOrder(db, gateway, fake, asha, [{ productId: 'ring', quantity: 1, variety: 'S' }])
  const ask = (orderId: string, variety: string | null) =>
    requestReturnOrExchange(db, orderId, { items: [{ line: 0, quantity: 1, reason: 'changedMind', exchangeFor: variety ? { variety, option2: '', color: '' } : null }], note: '' })
  const replacements = () => db.selectFrom('return_exchanges').select('replacement_order_id').where('replacement_order_id', 'is not', null).execute()
  const ordersCount = async () => Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

  it('offers the other sizes in stock, each with its difference for one piece', async () => {
    const { orderId } = await deliveredRing()
    const [options] = await exchangeOptionsOf(db, orderId)
    expect(options?.map((o) => [o.words, o.differencePaise])).toEqual([
      ['XS', -20_000],
      ['M', 0],
      ['L', 50_000],
    ])
  })

  it('refuses the same size, one not sold, one out of stock, and two exchanged lines, writing nothing', async () => {
    const { orderId } = await deliveredRing()
    expect(await refusal(ask(orderId, 'S'))).toEqual({ 'items.0': [EXCHANGE_MESSAGES.sameChoice] })
    expect(await refusal(ask(orderId, 'XXL'))).toEqual({ 'items.0': [EXCHANGE_MESSAGES.unknownChoice] })
    expect(await refusal(ask(orderId, 'XL'))).toEqual({ 'items.0': [EXCHANGE_MESSAGES.outOfStock] })
    const two = requestReturnOrExchange(db, orderId, {
      items: [
        { line: 0, quantity: 1, reason: 'changedMind', exchangeFor: { variety: 'M', option2: '', color: '' } },
        { line: 1, quantity: 1, reason: 'changedMind', exchangeFor: { variety: 'L', option2: '', color: '' } },
      ],
      note: '',
    })
    expect(await refusal(two)).toEqual({ items: [EXCHANGE_MESSAGES.oneLine] })
    expect(await db.selectFrom('returns').selectAll().execute()).toEqual([])
    expect(await db.selectFrom('return_exchanges').selectAll().execute()).toEqual([])
  })

  it('a dearer size: holds its stock once on approval, pays the difference by one link, makes one replacement order', async () => {
    const { orderId } = await deliveredRing()
    const links = testLinks('exchange-links-secret')
    const ret = await ask(orderId, 'L')
    expect(ret.exchange).toMatchObject({ choiceWords: 'L', newUnitPaise: 150_000, paidPaise: 100_000, differencePaise: 50_000, stockHeld: false })
    // Nothing to pay before the owner approves.
    expect(await refusal(openExchangeLink(db, links, ret.id, { userId: asha.id, callbackUrl: '/cb' }))).toEqual({ form: [EXCHANGE_MESSAGES.linkNotYet] })
    await decideReturn(db, orderId, ret.id, { approve: true, message: '' }, 'u-owner')
    expect(await variantStock('L')).toBe(0)
    expect((await exchangeOf(db, ret.id))?.stockHeld).toBe(true)
    // Another shopper's tap is not hers.
    await expect(openExchangeLink(db, links, ret.id, { userId: 'u-ravi', callbackUrl: '/cb' })).rejects.toThrow()
    const [a, b] = await Promise.all([
      openExchangeLink(db, links, ret.id, { userId: asha.id, callbackUrl: '/cb' }),
      openExchangeLink(db, links, ret.id, { userId: asha.id, callbackUrl: '/cb' }),
    ])
    expect(a.url).toBe(b.url)
    expect(a.amountPaise).toBe(50_000)
    const row = await db.selectFrom('return_exchanges').selectAll().executeTakeFirstOrThrow()
    // The owner cannot settle before the piece is back, nor before the payment.
    expect(await refusal(settleExchange(db, orderId, ret.id, { adminId: 'u-owner' }))).toEqual({ form: [EXCHANGE_MESSAGES.notReceived] })
    await receiveReturn(db, orderId, ret.id, { 0: true }, 'u-owner')
    expect(await variantStock('S')).toBe(3)
    expect(await refusal(settleExchange(db, orderId, ret.id, { adminId: 'u-owner' }))).toEqual({ form: [EXCHANGE_MESSAGES.awaitingPayment] })
    // A refund of the return is not how an exchange ends.
    expect(await refusal(refundReturn(db, orderId, ret.id, { adminId: 'u-owner' }))).toEqual({ form: [EXCHANGE_MESSAGES.settleInstead] })

    const paid = links.pay(row.link_id as string)
    const before = await ordersCount()
    const [one, two] = await Promise.all([
      settleExchangePayment(db, { linkId: row.link_id as string, paymentId: paid.razorpay_payment_id as string, amountPaise: 50_000 }),
      settleExchangePayment(db, { linkId: row.link_id as string, paymentId: paid.razorpay_payment_id as string, amountPaise: 50_000 }),
    ])
    expect([one.changed, two.changed].sort()).toEqual([false, true])
    expect(one.replacementOrderId).toBe(two.replacementOrderId)
    expect(await ordersCount()).toBe(before + 1)
    expect(await settleExchange(db, orderId, ret.id, { adminId: 'u-owner' })).toMatchObject({ replacementOrderId: one.replacementOrderId, refundId: null })

    const replacement = await db.selectFrom('orders').selectAll().where('id', '=', one.replacementOrderId as string).executeTakeFirstOrThrow()
    expect(replacement).toMatchObject({ order_status: 'confirmed', payment_status: 'paid', subtotal_paise: 150_000, discount_paise: 100_000, total_amount_paise: 50_000, user_id: asha.id })
    const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', replacement.id).execute()
    expect(lines.map((l) => [l.variety_name, l.quantity, l.unit_price_paise, l.discount_paise])).toEqual([['L', 1, 150_000, 100_000]])
    expect(await db.selectFrom('payments').select('amount_paise').where('order_id', '=', replacement.id).execute()).toEqual([{ amount_paise: 50_000 }])
    // The stock moved once: held on approval, not taken again by the replacement order.
    expect(await variantStock('L')).toBe(0)
    expect((await readReturn(db, ret.id)).status).toBe('refunded')
    expect(await db.selectFrom('partial_refunds').selectAll().execute()).toEqual([])
    const mails = (await db.selectFrom('mail_outbox').select('dedupe_key').orderBy('id').execute()).map((m) => m.dedupe_key)
    expect(mails.filter((k) => k.startsWith('exchange-'))).toEqual([`exchange-pay:${ret.id}`, `exchange-replaced:${ret.id}`])
    // The order page shows the exchange with its replacement order; the piece cannot be returned again.
    const detail = await getOrderDetail(db, orderId, asha)
    expect(detail.returns[0]?.exchange).toMatchObject({ replacementOrderId: replacement.id, replacementOrderNumber: Number(replacement.number) })
    expect((await returnableOf(db, orderId)).lines[0]?.piecesLeft).toBe(0)
  })

  it('a cheaper size: one partial refund of the difference and one order for two taps at once', async () => {
    const { orderId, paymentId } = await deliveredRing()
    const ret = await ask(orderId, 'XS')
    expect(ret.exchange?.differencePaise).toBe(-20_000)
    await decideReturn(db, orderId, ret.id, { approve: true, message: '' }, 'u-owner')
    expect(await refusal(openExchangeLink(db, testLinks('s'), ret.id, { userId: asha.id, callbackUrl: '/cb' }))).toEqual({ form: [EXCHANGE_MESSAGES.noLinkNeeded] })
    await receiveReturn(db, orderId, ret.id, { 0: false }, 'u-owner')
    const [a, b] = await Promise.all([settleExchange(db, orderId, ret.id, { adminId: 'u-owner' }), settleExchange(db, orderId, ret.id, { adminId: 'u-owner' })])
    expect(a.replacementOrderId).toBe(b.replacementOrderId)
    expect(a.refundId).toBe(b.refundId)
    const refunds = await db.selectFrom('partial_refunds').select(['amount_paise', 'refund_key']).execute()
    expect(refunds).toEqual([{ amount_paise: 20_000, refund_key: `prf_ret_${ret.id}` }])
    expect((await replacements()).length).toBe(1)
    const replacement = await db.selectFrom('orders').selectAll().where('id', '=', a.replacementOrderId).executeTakeFirstOrThrow()
    expect(replacement).toMatchObject({ subtotal_paise: 80_000, discount_paise: 80_000, total_amount_paise: 0, payment_status: 'paid', order_status: 'confirmed' })
    expect(await variantStock('XS')).toBe(0)
    expect(await readReturn(db, ret.id)).toMatchObject({ status: 'refunded', refundId: a.refundId })
    expect(fake.requests.filter((r) => r === `POST /v1/payments/${paymentId}/refund`).length).toBeLessThanOrEqual(1)
    // The exchanged ring is not refunded again by hand.
    const byHand = decidePartialRefund(db, orderId, { key: 'by-hand-after-exchange', ask: { items: [{ line: 0, quantity: 1 }], includeDelivery: false }, reason: 'Goodwill', restock: false }, 'u-owner')
    expect(Object.keys(await refusal(byHand))).toEqual(['items.0'])
  })

  it('the same price: nothing to pay or refund, one replacement order', async () => {
    const { orderId } = await deliveredRing()
    const ret = await ask(orderId, 'M')
    expect(ret.exchange?.differencePaise).toBe(0)
    await decideReturn(db, orderId, ret.id, { approve: true, message: '' }, 'u-owner')
    await receiveReturn(db, orderId, ret.id, { 0: true }, 'u-owner')
    const first = await settleExchange(db, orderId, ret.id, { adminId: 'u-owner' })
    const again = await settleExchange(db, orderId, ret.id, { adminId: 'u-owner' })
    expect(again.replacementOrderId).toBe(first.replacementOrderId)
    expect(first.refundId).toBeNull()
    expect(await db.selectFrom('partial_refunds').selectAll().execute()).toEqual([])
    expect(await variantStock('M')).toBe(1)
    expect((await replacements()).length).toBe(1)
  })

  it('refuses approval when the new size sold out since the ask, changing nothing', async () => {
    const { orderId } = await deliveredRing()
    const ret = await ask(orderId, 'L')
    await db.updateTable('product_variants').set({ stock: 0 }).where('product_id', '=', 'ring').where('variety_name', '=', 'L').execute()
    expect(await refusal(decideReturn(db, orderId, ret.id, { approve: true, message: '' }, 'u-owner'))).toEqual({ form: [EXCHANGE_MESSAGES.outOfStockOnApproval] })
    expect((await readReturn(db, ret.id)).status).toBe('requested')
    expect((await exchangeOf(db, ret.id))?.stockHeld).toBe(false)
    // Declining it is still possible; a second approval of an approved one is refused by the table.
    await decideReturn(db, orderId, ret.id, { approve: false, message: 'Sold out, sorry.' }, 'u-owner')
    expect((await readReturn(db, ret.id)).status).toBe('declined')
    // A declined exchange frees its piece, as a declined return does.
    expect((await returnableOf(db, orderId)).lines[0]?.piecesLeft).toBe(1)
  })

  it('a kill between the link payment and the replacement order: the next report makes one order, once', async () => {
    const { orderId } = await deliveredRing()
    const links = testLinks('exchange-links-secret')
    const ret = await ask(orderId, 'L')
    await decideReturn(db, orderId, ret.id, { approve: true, message: '' }, 'u-owner')
    await receiveReturn(db, orderId, ret.id, { 0: true }, 'u-owner')
    await openExchangeLink(db, links, ret.id, { userId: asha.id, callbackUrl: '/cb' })
    const row = await db.selectFrom('return_exchanges').selectAll().executeTakeFirstOrThrow()
    const paid = links.pay(row.link_id as string)
    const report = { linkId: row.link_id as string, paymentId: paid.razorpay_payment_id as string, amountPaise: 50_000 }
    const before = await ordersCount()
    await expect(
      settleExchangePayment(db, report, {
        afterPayment: async () => {
          throw new Error('killed')
        },
      }),
    ).rejects.toThrow('killed')
    expect(await ordersCount()).toBe(before)
    expect((await exchangeOf(db, ret.id))?.link?.status).toBe('paid')
    // The webhook's redelivery (changed: false) still finishes the work; so would the owner's settle.
    const again = await settleExchangePayment(db, report)
    expect(again.changed).toBe(false)
    expect(again.replacementOrderId).not.toBeNull()
    expect(await completeExchange(db, ret.id, null)).toBe(again.replacementOrderId)
    expect(await ordersCount()).toBe(before + 1)
    // A later report of the paid link, whatever it says, changes nothing.
    await expect(settleExchangePayment(db, { ...report, amountPaise: 1 })).resolves.toMatchObject({ changed: false })
  })
  it('a replacement order that ends gives the credit back on the original order, once', async () => {
    const { orderId } = await deliveredRing()
    const ret = await ask(orderId, 'XS')
    await decideReturn(db, orderId, ret.id, { approve: true, message: '' }, 'u-owner')
    await receiveReturn(db, orderId, ret.id, { 0: true }, 'u-owner')
    const { replacementOrderId } = await settleExchange(db, orderId, ret.id, { adminId: 'u-owner' })
    // Nothing is owed while the replacement lives.
    expect(await creditBackEndedExchanges(db)).toBe(0)
    await cancelOrder(db, replacementOrderId, asha)
    const [a, b] = await Promise.all([creditBackEndedExchanges(db), creditBackEndedExchanges(db)])
    expect(a + b).toBe(1)
    expect(await creditBackEndedExchanges(db)).toBe(0)
    // ₹1,000 paid for the S: ₹200 came back as the XS's difference, the ₹800 credit comes back now.
    const refunds = await db.selectFrom('partial_refunds').select(['order_id', 'amount_paise', 'refund_key']).orderBy('amount_paise').execute()
    expect(refunds).toEqual([
      { order_id: orderId, amount_paise: 20_000, refund_key: `prf_ret_${ret.id}` },
      { order_id: orderId, amount_paise: 80_000, refund_key: `prf_exc_${ret.id}` },
    ])
    // Every rupee paid for the returned ring is back; the original order keeps nothing of it.
    expect(refunds.reduce((sum, r) => sum + r.amount_paise, 0)).toBe(100_000)
  })
  it('an approved exchange whose parcel never came back: closing it puts the held piece back on the shelf, once', async () => {
    const { orderId } = await deliveredRing()
    const ret = await ask(orderId, 'L')
    await decideReturn(db, orderId, ret.id, { approve: true, message: '' }, 'u-owner')
    expect(await variantStock('L')).toBe(0)
    await closeReturn(db, orderId, ret.id, 'The ring never came back to us.', 'u-owner')
    expect(await variantStock('L')).toBe(1)
    expect((await exchangeOf(db, ret.id))?.stockHeld).toBe(false)
    await expect(closeReturn(db, orderId, ret.id, 'again', 'u-owner')).rejects.toThrow()
    expect(await variantStock('L')).toBe(1)
    // Her ring is hers again; nothing was paid or refunded.
    expect((await returnableOf(db, orderId)).lines[0]?.piecesLeft).toBe(1)
    expect(await db.selectFrom('partial_refunds').select('id').execute()).toEqual([])
  })
})
