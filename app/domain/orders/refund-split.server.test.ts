// A custom order paid in two parts (advance and balance, two Razorpay payments, ADR 088) is refunded
// part by part, never more from a payment than it took (ADR 094): the whole refund of a rejected
// order, a partial refund larger than the balance, the rest after it, an advance alone, and a crash
// between the two parts (the retry makes only the missing one).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { setDomainSettings } from '../../../tests/helpers/domain-settings'
import { acceptQuoteSchema, customOrderSchema, customQuoteSchema } from '~/schemas/custom-order'
import { registerUser } from '~/domain/accounts/accounts.server'
import { createCustomOrder } from '~/domain/custom-orders/custom-orders.server'
import type { GatewayLink, PaymentLinkGateway } from '~/domain/custom-orders/payment-links'
import { openPaymentLink, settleLinkPayment } from '~/domain/custom-orders/quote-payments.server'
import { acceptQuote, sendQuote } from '~/domain/custom-orders/quotes.server'
import { rejectOrder } from './admin-orders.server'
import { decidePartialRefund } from './partial-refunds.server'
import { runPartialRefunds } from './partial-refund-sending.server'
import type { GatewayRefund, PaymentGateway } from './payment-gateway'
import { combineParts, orderPayments, splitOverPayments } from './refund-split.server'
import { applySettledRefund, runRefunds } from './refunds.server'

let testDb: TestDb
let db: DB
const NOW = new Date('2026-11-26T04:30:00Z')
let warn: typeof console.warn

/** Razorpay's rule, kept: a payment refunds at most what it took, in `state.status`; `failAfterMaking` makes creates time out after Razorpay made it. */
function cappedGateway() {
  const taken = new Map<string, number>()
  const made: GatewayRefund[] = []
  let n = 0
  const state: { failAfterMaking: number; creates: number; status: GatewayRefund['status'] } = { failAfterMaking: 0, creates: 0, status: 'processed' }
  const gateway = {
    name: 'razorpay',
    keyId: 'rzp_test',
    async createRefund(paymentId: string, amountPaise: number, request: { idempotencyKey: string }) {
      state.creates += 1
      const room = (taken.get(paymentId) ?? 0) - made.filter((r) => r.paymentId === paymentId && r.status !== 'failed').reduce((s, r) => s + r.amount, 0)
      if (amountPaise > room) throw Object.assign(new Error(`The total refund amount is greater than the refund payment amount (${paymentId})`), { permanent: true })
      const refund: GatewayRefund = { id: `rfnd_${++n}`, paymentId, amount: amountPaise, status: state.status, receipt: request.idempotencyKey, processedAt: state.status === 'processed' ? NOW.toISOString() : null }
      made.push(refund)
      if (state.failAfterMaking > 0) {
        state.failAfterMaking -= 1
        throw new Error('timeout after Razorpay made the refund')
      }
      return refund
    },
    async listRefunds(paymentId: string) {
      return made.filter((r) => r.paymentId === paymentId)
    },
    async fetchRefund(id: string) {
      const refund = made.find((r) => r.id === id)
      if (!refund) throw new Error('no such refund')
      return refund
    },
  } as unknown as PaymentGateway
  return { gateway, taken, made, state }
}

function fakeLinks(): PaymentLinkGateway & { pay(id: string): string; ids(): string[] } {
  const links = new Map<string, GatewayLink>()
  let n = 0
  return {
    name: 'razorpay',
    async createLink(input) {
      n += 1
      const link: GatewayLink = { id: `plink_${n}`, shortUrl: `https://rzp.io/i/${n}`, amountPaise: input.amountPaise, status: 'created', referenceId: input.referenceId, paymentId: null }
      links.set(link.id, link)
      return link
    },
    async fetchLink(id) {
      return { ...(links.get(id) as GatewayLink) }
    },
    async cancelLink() {},
    verifyCallback: () => true,
    pay(id) {
      const link = links.get(id) as GatewayLink
      link.status = 'paid'
      link.paymentId = `pay_${id}`
      return link.paymentId
    },
    ids: () => [...links.keys()],
  }
}

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  setDomainSettings({ mail: { shopName: 'Resin Craft Studio', publicUrl: 'https://shop.example.in', ownerEmail: 'owner@studio.example' } })
  warn = console.warn
  console.warn = () => {}
})
afterEach(async () => {
  console.warn = warn
  await testDb.cleanup()
})

/** A ₹3,200 custom pendant quoted with a 50% advance: the advance paid, and the balance too unless `balance` is false. */
async function customOrder(razorpay: ReturnType<typeof cappedGateway>, balance = true) {
  const user = await registerUser(db, { userName: 'Meera', email: 'meera@example.com', password: 'password-123' })
  const input = customOrderSchema.parse({ name: 'Meera Iyer', phone: '9845012345', email: 'meera@example.com', description: 'A jasmine pendant.', budget: '2,500', neededBy: '2026-12-20' })
  const { id } = await createCustomOrder(db, { input, userId: user.id }, NOW)
  const quote = customQuoteSchema.parse({ message: 'A 3 cm pendant.', price: '3,200', dispatchBy: '2026-12-10', advancePercent: '50' })
  await sendQuote(db, id, quote, { linkSecret: 'split-secret', answerPath: (t) => `/q/${t}` }, NOW)
  const address = acceptQuoteSchema.parse({ addressLine: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001', phone: '9845012345' })
  await acceptQuote(db, id, { userId: user.id }, address, NOW)
  const links = fakeLinks()
  for (const step of balance ? [1, 2] : [1]) {
    await openPaymentLink(db, links, id, { userId: user.id, callbackUrl: 'cb' }, NOW)
    const linkId = links.ids()[step - 1] as string
    const paymentId = links.pay(linkId)
    razorpay.taken.set(paymentId, 160_000)
    await settleLinkPayment(db, { linkId, paymentId, amountPaise: 160_000 }, NOW)
  }
  const order = await db.selectFrom('orders').select(['id', 'payment_status']).executeTakeFirstOrThrow()
  return { orderId: order.id, paymentStatus: order.payment_status }
}

const refundsAt = (razorpay: ReturnType<typeof cappedGateway>) =>
  razorpay.made.map((r) => ({ paymentId: r.paymentId, amount: r.amount })).sort((a, b) => a.paymentId.localeCompare(b.paymentId) || a.amount - b.amount)

describe('a refund over the two payments of a custom order', () => {
  it('splits by what each payment has room for, newest first, and says how much no payment has room for', () => {
    const rooms = [
      { paymentId: 'balance', roomPaise: 1_600 },
      { paymentId: 'advance', roomPaise: 1_600 },
    ]
    expect(splitOverPayments(rooms, 2_000)).toEqual({ parts: [{ paymentId: 'balance', amountPaise: 1_600 }, { paymentId: 'advance', amountPaise: 400 }], shortPaise: 0 })
    expect(splitOverPayments(rooms, 500)).toEqual({ parts: [{ paymentId: 'balance', amountPaise: 500 }], shortPaise: 0 })
    expect(splitOverPayments([{ paymentId: 'balance', roomPaise: 0 }, ...rooms.slice(1)], 2_000)).toEqual({ parts: [{ paymentId: 'advance', amountPaise: 1_600 }], shortPaise: 400 })
    const part = (status: GatewayRefund['status']): GatewayRefund => ({ id: `r-${status}`, paymentId: 'p', amount: 1, status, receipt: 'k', processedAt: status === 'processed' ? NOW.toISOString() : null })
    expect(combineParts([part('processed'), part('processed')], 'k')).toMatchObject({ status: 'processed', amount: 2, id: 'r-processed+r-processed' })
    expect(combineParts([part('processed'), part('pending')], 'k').status).toBe('pending')
    expect(combineParts([part('processed'), part('failed')], 'k').status).toBe('failed')
  })

  it("a rejected order paid in advance and balance gets each payment's ₹1,600 back, once however often the worker runs", async () => {
    const razorpay = cappedGateway()
    const { orderId, paymentStatus } = await customOrder(razorpay)
    expect(paymentStatus).toBe('paid')
    expect((await orderPayments(db, orderId)).map((p) => p.paymentId)).toEqual(['pay_plink_2', 'pay_plink_1'])
    await rejectOrder(db, orderId, 'The resin clouded in the mould', 'admin')
    await runRefunds(db, () => razorpay.gateway)
    await runRefunds(db, () => razorpay.gateway, new Date(Date.now() + 86_400_000))
    expect(refundsAt(razorpay)).toEqual([
      { paymentId: 'pay_plink_1', amount: 160_000 },
      { paymentId: 'pay_plink_2', amount: 160_000 },
    ])
    const refund = await db.selectFrom('refunds').select(['status', 'amount_paise']).where('order_id', '=', orderId).executeTakeFirstOrThrow()
    expect(refund).toEqual({ status: 'processed', amount_paise: 320_000 })
    const order = await db.selectFrom('orders').select(['payment_status', 'needs_refund']).where('id', '=', orderId).executeTakeFirstOrThrow()
    expect(order).toEqual({ payment_status: 'refunded', needs_refund: 0 })
    expect(await db.selectFrom('payments').select('status').where('order_id', '=', orderId).execute()).toEqual([{ status: 'refunded' }, { status: 'refunded' }])
  })

  it('a partial refund larger than the balance takes the rest from the advance; the order\'s end refunds what is left from the advance', async () => {
    const razorpay = cappedGateway()
    const { orderId } = await customOrder(razorpay)
    await decidePartialRefund(db, orderId, { key: 'split-partial-1', ask: { amountPaise: 200_000 }, reason: 'The chain was shorter than asked', restock: false }, null)
    await runPartialRefunds(db, () => razorpay.gateway)
    expect(refundsAt(razorpay)).toEqual([
      { paymentId: 'pay_plink_1', amount: 40_000 },
      { paymentId: 'pay_plink_2', amount: 160_000 },
    ])
    expect(await db.selectFrom('partial_refunds').select('status').execute()).toEqual([{ status: 'processed' }])
    await rejectOrder(db, orderId, 'Cannot be remade in time', 'admin')
    await runRefunds(db, () => razorpay.gateway)
    expect(refundsAt(razorpay)).toEqual([
      { paymentId: 'pay_plink_1', amount: 40_000 },
      { paymentId: 'pay_plink_1', amount: 120_000 },
      { paymentId: 'pay_plink_2', amount: 160_000 },
    ])
    expect(await db.selectFrom('refunds').select(['status', 'amount_paise']).execute()).toEqual([{ status: 'processed', amount_paise: 120_000 }])
  })

  it('a crash after Razorpay made the first part: the retry makes only the second', async () => {
    const razorpay = cappedGateway()
    const { orderId } = await customOrder(razorpay)
    await rejectOrder(db, orderId, 'The resin clouded in the mould', 'admin')
    razorpay.state.failAfterMaking = 1
    await runRefunds(db, () => razorpay.gateway)
    expect(razorpay.made).toHaveLength(1)
    expect((await db.selectFrom('refunds').select('status').executeTakeFirstOrThrow()).status).toBe('queued')
    await runRefunds(db, () => razorpay.gateway, new Date(Date.now() + 86_400_000))
    expect(refundsAt(razorpay)).toEqual([
      { paymentId: 'pay_plink_1', amount: 160_000 },
      { paymentId: 'pay_plink_2', amount: 160_000 },
    ])
    expect(razorpay.state.creates).toBe(2)
  })

  it("one part's webhook does not settle the refund: it makes the worker read every part, and the refund is processed once both are", async () => {
    const razorpay = cappedGateway()
    const { orderId } = await customOrder(razorpay)
    razorpay.state.status = 'pending'
    await rejectOrder(db, orderId, 'The resin clouded in the mould', 'admin')
    await runRefunds(db, () => razorpay.gateway)
    expect((await db.selectFrom('refunds').select('status').executeTakeFirstOrThrow()).status).toBe('pending')
    const [first, second] = razorpay.made
    if (!first || !second) throw new Error('two parts expected')
    first.status = 'processed'
    expect(await applySettledRefund(db, { ...first })).toBe(true)
    expect((await db.selectFrom('refunds').select('status').executeTakeFirstOrThrow()).status).toBe('pending')
    await runRefunds(db, () => razorpay.gateway, new Date(Date.now() + 1000))
    expect((await db.selectFrom('refunds').select('status').executeTakeFirstOrThrow()).status).toBe('pending')
    second.status = 'processed'
    expect(await applySettledRefund(db, { ...second })).toBe(true)
    await runRefunds(db, () => razorpay.gateway, new Date(Date.now() + 2000))
    expect(await db.selectFrom('refunds').select(['status', 'amount_paise']).execute()).toEqual([{ status: 'processed', amount_paise: 320_000 }])
    expect(razorpay.made).toHaveLength(2)
  })

  it('an order rejected with only its advance paid gets the advance back (the payment was not yet "paid" in full)', async () => {
    const razorpay = cappedGateway()
    const { orderId, paymentStatus } = await customOrder(razorpay, false)
    expect(paymentStatus).toBe('pending')
    await rejectOrder(db, orderId, 'The flowers could not be preserved', 'admin')
    await runRefunds(db, () => razorpay.gateway)
    expect(refundsAt(razorpay)).toEqual([{ paymentId: 'pay_plink_1', amount: 160_000 }])
    expect(await db.selectFrom('refunds').select(['status', 'amount_paise']).execute()).toEqual([{ status: 'processed', amount_paise: 160_000 }])
  })
})
