// Returns (issue 31, ADR 099): the window from the delivered time, the policy's reasons and its rule
// for personalised and made-to-order pieces, never more pieces than bought less what other returns
// hold and refunds gave back, every state move and refusal, and the refund through the real
// Razorpay SDK against the local fake: once, however many taps, and once after a kill between the
// refund's decision and the return's move.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { paidDeliveredOrder, placeOrderFor, stockOf } from '../../../tests/helpers/payment-fixtures'
import { type FakeRazorpay, startFakeRazorpay } from '../../../tests/fake-razorpay'
import { rejection } from '../../../tests/helpers/rejection'
import { preparedReturnPhoto } from '../../../tests/helpers/return-photos'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import type { PaymentGateway } from './payment-gateway'
import { razorpayGateway } from '~/infra/payment-gateway.server'
import { Invalid } from '~/domain/errors'
import { DEFAULT_RETURN_POLICY, RETURN_MESSAGES, type ReturnPolicy } from '~/lib/returns'
import { PARTIAL_REFUND_MESSAGES } from '~/lib/refund-shares'
import { getOrderDetail } from './order-reads.server'
import { decidePartialRefund } from './partial-refunds.server'
import { runPartialRefunds } from './partial-refund-sending.server'
import { closeReturn,
  checkReturnAsk,
  checkReturnPolicy,
  countWaitingReturns,
  decideReturn,
  listReturns,
  nextReturnStatus,
  piecesLeftToReturn,
  readReturnPolicy,
  receiveReturn,
  refundReturn,
  requestReturn,
  returnableOf,
  saveReturnPolicy,
  withinReturnWindow,
} from './returns.server'

const policy = (over: Partial<ReturnPolicy> = {}): ReturnPolicy => ({ ...DEFAULT_RETURN_POLICY, reasons: [...DEFAULT_RETURN_POLICY.reasons], ...over })
const fieldErrors = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    if (error instanceof Invalid) return error.errors
    throw error
  }
  throw new Error('not refused')
}

describe('the rules', () => {
  it('opens the window for exactly the policy days after delivery', () => {
    const delivered = '2026-11-01T10:00:00.000Z'
    expect(withinReturnWindow(delivered, 7, new Date('2026-11-08T10:00:00.000Z'))).toBe(true)
    expect(withinReturnWindow(delivered, 7, new Date('2026-11-08T10:00:00.001Z'))).toBe(false)
    expect(withinReturnWindow(delivered, 0, new Date(delivered))).toBe(true)
  })

  it('moves only as the state table says', () => {
    expect(nextReturnStatus('requested', 'approve')).toBe('approved')
    expect(nextReturnStatus('requested', 'decline')).toBe('declined')
    expect(nextReturnStatus('approved', 'receive')).toBe('received')
    expect(nextReturnStatus('received', 'refund')).toBe('refunded')
    expect(nextReturnStatus('approved', 'refundWithoutPickup')).toBe('refunded')
    expect(nextReturnStatus('approved', 'close')).toBe('declined')
    for (const [from, action] of [
      ['requested', 'close'],
      ['received', 'close'],
      ['declined', 'close'],
      ['requested', 'receive'],
      ['requested', 'refund'],
      ['approved', 'approve'],
      ['approved', 'refund'],
      ['declined', 'approve'],
      ['received', 'receive'],
      ['received', 'refundWithoutPickup'],
      ['refunded', 'refund'],
    ] as const) {
      expect(fieldErrors(() => nextReturnStatus(from, action)).form?.[0]).toMatch(/^A return that is /)
    }
  })

  it('never lets more come back than was bought less refunds and open returns', () => {
    expect(piecesLeftToReturn([2, 1], [1, 0], [0, 1])).toEqual([1, 0])
    expect(piecesLeftToReturn([1], [1], [1])).toEqual([0])
    const lines = [
      { left: 1, special: false },
      { left: 2, special: false },
    ]
    expect(fieldErrors(() => checkReturnAsk(policy(), lines, { items: [{ line: 0, quantity: 2, reason: 'wrong' }], note: '' }))).toEqual({
      'items.0': [RETURN_MESSAGES.tooMany(1)],
    })
    // The same line named twice adds up.
    expect(
      fieldErrors(() =>
        checkReturnAsk(policy(), lines, {
          items: [
            { line: 1, quantity: 1, reason: 'wrong' },
            { line: 1, quantity: 2, reason: 'wrong' },
          ],
          note: '',
        }),
      ),
    ).toEqual({ 'items.1': [RETURN_MESSAGES.tooMany(2)] })
    expect(fieldErrors(() => checkReturnAsk(policy(), lines, { items: [{ line: 5, quantity: 1, reason: 'wrong' }], note: '' }))).toEqual({ items: [RETURN_MESSAGES.unknownLine] })
    expect(fieldErrors(() => checkReturnAsk(policy(), lines, { items: [{ line: 0, quantity: 0, reason: 'wrong' }], note: '' }))).toEqual({ items: [RETURN_MESSAGES.nothing] })
    expect(fieldErrors(() => checkReturnAsk(policy(), lines, { items: [{ line: 0, quantity: 1.5, reason: 'wrong' }], note: '' }))).toEqual({ 'items.0': [RETURN_MESSAGES.quantity] })
    expect(checkReturnAsk(policy(), lines, { items: [{ line: 1, quantity: 2, reason: 'changedMind' }], note: '' })).toEqual([{ line: 1, quantity: 2, reason: 'changedMind' }])
  })

  it('takes only the reasons the policy accepts, and personalised or made-to-order pieces only when damaged or wrong', () => {
    const plain = [{ left: 1, special: false }]
    const special = [{ left: 1, special: true }]
    expect(fieldErrors(() => checkReturnAsk(policy(), plain, { items: [{ line: 0, quantity: 1, reason: 'bored' }], note: '' }))).toEqual({ reason: [RETURN_MESSAGES.reason] })
    expect(fieldErrors(() => checkReturnAsk(policy({ reasons: ['damaged'] }), plain, { items: [{ line: 0, quantity: 1, reason: 'wrong' }], note: '' }))).toEqual({
      reason: [RETURN_MESSAGES.reasonNotAccepted],
    })
    expect(fieldErrors(() => checkReturnAsk(policy(), special, { items: [{ line: 0, quantity: 1, reason: 'changedMind' }], note: '' }))).toEqual({
      'items.0': [RETURN_MESSAGES.specialPiece],
    })
    expect(checkReturnAsk(policy(), special, { items: [{ line: 0, quantity: 1, reason: 'wrong' }], note: '' })).toHaveLength(1)
    expect(checkReturnAsk(policy({ specialOnlyDamaged: false }), special, { items: [{ line: 0, quantity: 1, reason: 'changedMind' }], note: '' })).toHaveLength(1)
    // Damage needs a photo of it, at most four (ADR 101); the note is optional.
    const damaged = [{ line: 0, quantity: 1, reason: 'damaged' }]
    expect(fieldErrors(() => checkReturnAsk(policy(), plain, { items: damaged, note: 'Cracked across the middle' }))).toEqual({
      photos: [RETURN_MESSAGES.damagedPhotos],
    })
    expect(fieldErrors(() => checkReturnAsk(policy(), plain, { items: damaged, note: '', photos: 5 }))).toEqual({ photos: [RETURN_MESSAGES.tooManyPhotos] })
    expect(checkReturnAsk(policy(), plain, { items: damaged, note: '', photos: 1 })).toHaveLength(1)
    expect(checkReturnAsk(policy(), plain, { items: damaged, note: '', photos: 4 })).toHaveLength(1)
  })

  it('checks the owner policy', () => {
    expect(fieldErrors(() => checkReturnPolicy({ windowDays: 91, reasons: [], specialOnlyDamaged: true, sendTo: 'x'.repeat(501) }))).toEqual({
      windowDays: [RETURN_MESSAGES.windowDays],
      reasons: [RETURN_MESSAGES.reasons],
      sendTo: [RETURN_MESSAGES.sendToTooLong],
    })
    expect(fieldErrors(() => checkReturnPolicy({ windowDays: 7, reasons: ['damaged', 'bogus'], specialOnlyDamaged: true, sendTo: '' }))).toEqual({ reasons: [RETURN_MESSAGES.reasons] })
    expect(checkReturnPolicy({ windowDays: 14, reasons: ['wrong', 'damaged'], specialOnlyDamaged: false, sendTo: ' Studio ' })).toEqual({
      windowDays: 14,
      reasons: ['damaged', 'wrong'],
      specialOnlyDamaged: false,
      sendTo: 'Studio',
    })
  })
})

const KEY_SECRET = 'returns-key-secret'
let fake: FakeRazorpay
let gateway: PaymentGateway
let testDb: TestDb
let db: DB
let warn: typeof console.warn

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_SECRET, { keyId: 'rzp_test_returns' })
  gateway = razorpayGateway({ keyId: 'rzp_test_returns', keySecret: KEY_SECRET, apiBase: fake.url })
})
afterAll(async () => {
  await fake.stop()
})

describe('returns of a delivered order', () => {
  beforeEach(async () => {
    fake.down = false
    fake.newRefundStatus = 'processed'
    testDb = await createTestDb()
    db = testDb.db
    await insertUsers(db, [asha, { id: 'u-owner', userName: 'Owner', email: 'owner@example.com', role: 'admin' }])
    await insertProducts(db, [
      { id: 'coaster', title: 'Ocean coaster', category: 'home-decor', price: 49_900, stock: 5 },
      { id: 'pendant', title: 'Resin pendant', category: 'jewellery', price: 149_900, stock: 3 },
    ])
    warn = console.warn
    console.warn = () => {}
  })
  afterEach(async () => {
    console.warn = warn
    await testDb?.cleanup()
  })

  const refundCalls = (paymentId: string) => fake.requests.filter((r) => r === `POST /v1/payments/${paymentId}/refund`).length

  /** Two coasters and a pendant, paid through the fake Razorpay and delivered. */
  const deliveredOrder = () =>
    paidDeliveredOrder(
      db,
      gateway,
      fake,
      asha,
      [
        { productId: 'coaster', quantity: 2 },
        { productId: 'pendant', quantity: 1 },
      ],
      8_000,
    )

  async function snapshot() {
    return {
      returns: await db.selectFrom('returns').selectAll().orderBy('id').execute(),
      refunds: await db.selectFrom('partial_refunds').selectAll().execute(),
      stock: [await stockOf(db, 'coaster'), await stockOf(db, 'pendant')],
      mails: await db.selectFrom('mail_outbox').select('dedupe_key').orderBy('id').execute(),
    }
  }

  it('refuses a return before delivery and after the window, changing nothing', async () => {
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'coaster', quantity: 1 }])
    const ask = { items: [{ line: 0, quantity: 1, reason: 'wrong' }], note: '' }
    expect(((await rejection(requestReturn(db, placed.orderId, ask))) as Invalid).errors).toEqual({ form: [RETURN_MESSAGES.notDelivered] })
    const { orderId } = await deliveredOrder()
    const before = await snapshot()
    const late = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000)
    expect(((await rejection(requestReturn(db, orderId, ask, late))) as Invalid).errors).toEqual({ form: [RETURN_MESSAGES.windowClosed(7)] })
    expect(await snapshot()).toEqual(before)
    // The owner widens the window: the same day is inside it.
    await saveReturnPolicy(db, { windowDays: 14, reasons: ['wrong'], specialOnlyDamaged: true, sendTo: '' })
    expect((await readReturnPolicy(db)).windowDays).toBe(14)
    expect((await requestReturn(db, orderId, ask, late)).status).toBe('requested')
  })

  it('a shopper returns one of two coasters: approved, received and restocked, refunded once', async () => {
    const { orderId, paymentId } = await deliveredOrder()
    const ret = await requestReturn(db, orderId, { items: [{ line: 0, quantity: 1, reason: 'changedMind' }], note: 'Too blue for my room' })
    expect(ret).toMatchObject({ number: 1, status: 'requested', items: [{ line: 0, title: 'Ocean coaster', quantity: 1, reason: 'changedMind' }] })
    // The one held by the open return is not returnable again.
    expect((await returnableOf(db, orderId)).lines.map((l) => l.piecesLeft)).toEqual([1, 1])
    const again = await rejection(requestReturn(db, orderId, { items: [{ line: 0, quantity: 2, reason: 'changedMind' }], note: '' }))
    expect((again as Invalid).errors).toEqual({ 'items.0': [RETURN_MESSAGES.tooMany(1)] })

    // Not yet received: no refund.
    expect(((await rejection(refundReturn(db, orderId, ret.id, { adminId: 'u-owner' }))) as Invalid).errors.form?.[0]).toMatch(/requested cannot be refunded/)
    const approved = await decideReturn(db, orderId, ret.id, { approve: true, message: 'Happy to take it back' }, 'u-owner')
    expect(approved).toMatchObject({ status: 'approved', ownerMessage: 'Happy to take it back' })
    expect(((await rejection(decideReturn(db, orderId, ret.id, { approve: false, message: 'No' }, 'u-owner'))) as Invalid).errors.form?.[0]).toMatch(/approved cannot be declined/)
    const stockBefore = await stockOf(db, 'coaster')
    const received = await receiveReturn(db, orderId, ret.id, { 0: true }, 'u-owner')
    expect(received.received).toEqual([{ line: 0, quantity: 1, restock: true }])
    expect(await stockOf(db, 'coaster')).toBe(stockBefore + 1)

    const first = await refundReturn(db, orderId, ret.id, { adminId: 'u-owner' })
    expect(first).toMatchObject({ created: true, ret: { status: 'refunded' }, refund: { amountPaise: 49_900, reason: 'Return 1: Changed my mind' } })
    const second = await refundReturn(db, orderId, ret.id, { adminId: 'u-owner' })
    expect(second.created).toBe(false)
    expect(second.refund.id).toBe(first.refund.id)
    await runPartialRefunds(db, () => gateway)
    await runPartialRefunds(db, () => gateway)
    expect(refundCalls(paymentId)).toBe(1)
    // The stock did not move again with the refund.
    expect(await stockOf(db, 'coaster')).toBe(stockBefore + 1)
    const order = await getOrderDetail(db, orderId, asha)
    expect(order.returns).toMatchObject([{ number: 1, status: 'refunded', refundId: first.refund.id }])
    expect(order.refunds).toMatchObject([{ status: 'processed', amountPaise: 49_900 }])
    const keys = (await db.selectFrom('mail_outbox').select('dedupe_key').execute()).map((m) => m.dedupe_key)
    for (const kind of ['approved', 'received', 'refunded']) expect(keys).toContain(`return-${kind}:${ret.id}`)
    const approvedMail = await db.selectFrom('mail_outbox').select('text').where('dedupe_key', '=', `return-approved:${ret.id}`).executeTakeFirstOrThrow()
    expect(approvedMail.text).toContain('send them to: ')
    expect(approvedMail.text).toContain('Happy to take it back')
    // What was refunded can not come back again; the other coaster can.
    expect((await returnableOf(db, orderId)).lines.map((l) => l.piecesLeft)).toEqual([1, 1])
  })

  it('a kill between the refund decision and the return move refunds once on the retry', async () => {
    const { orderId, paymentId } = await deliveredOrder()
    const ret = await requestReturn(db, orderId, { items: [{ line: 1, quantity: 1, reason: 'wrong' }], note: '' })
    await decideReturn(db, orderId, ret.id, { approve: true, message: '' }, 'u-owner')
    await receiveReturn(db, orderId, ret.id, { 1: false }, 'u-owner')
    const killed = await rejection(
      refundReturn(db, orderId, ret.id, {
        adminId: 'u-owner',
        afterDecision: async () => {
          throw new Error('killed')
        },
      }),
    )
    expect((killed as Error).message).toBe('killed')
    expect((await db.selectFrom('returns').select('status').where('id', '=', ret.id).executeTakeFirstOrThrow()).status).toBe('received')
    const retried = await refundReturn(db, orderId, ret.id, { adminId: 'u-owner' })
    expect(retried.created).toBe(false)
    expect(retried.ret.status).toBe('refunded')
    expect(await db.selectFrom('partial_refunds').select('id').execute()).toHaveLength(1)
    await runPartialRefunds(db, () => gateway)
    expect(refundCalls(paymentId)).toBe(1)
    // Written off: the pendant did not go back on the shelf.
    expect(await stockOf(db, 'pendant')).toBe(2)
  })

  it('declines with a message, refunds damage without receiving it, and refuses that for other reasons', async () => {
    const { orderId } = await deliveredOrder()
    const damaged = await requestReturn(db, orderId, { items: [{ line: 1, quantity: 1, reason: 'damaged' }], note: 'The pendant arrived in two halves', photos: [preparedReturnPhoto()] })
    const mind = await requestReturn(db, orderId, { items: [{ line: 0, quantity: 1, reason: 'changedMind' }], note: '' })
    expect(mind.number).toBe(2)
    const before = await snapshot()
    expect(((await rejection(decideReturn(db, orderId, mind.id, { approve: false, message: ' ' }, 'u-owner'))) as Invalid).errors).toEqual({
      message: [RETURN_MESSAGES.declineMessage],
    })
    expect(await snapshot()).toEqual(before)
    expect((await decideReturn(db, orderId, mind.id, { approve: false, message: 'Coasters are final sale' }, 'u-owner')).status).toBe('declined')
    // A declined return frees its pieces.
    expect((await returnableOf(db, orderId)).lines[0]?.piecesLeft).toBe(2)

    await decideReturn(db, orderId, damaged.id, { approve: true, message: 'So sorry' }, 'u-owner')
    const refunded = await refundReturn(db, orderId, damaged.id, { adminId: 'u-owner', withoutPickup: true })
    expect(refunded.ret).toMatchObject({ status: 'refunded', withoutPickup: true })
    expect(refunded.refund.amountPaise).toBe(149_900)

    const other = await requestReturn(db, orderId, { items: [{ line: 0, quantity: 1, reason: 'wrong' }], note: '' })
    await decideReturn(db, orderId, other.id, { approve: true, message: '' }, 'u-owner')
    expect(((await rejection(refundReturn(db, orderId, other.id, { adminId: 'u-owner', withoutPickup: true }))) as Invalid).errors).toEqual({
      form: [RETURN_MESSAGES.noPickupRefused],
    })
    // Damage whose photos are gone (erased with an account, ADR 101) comes back before any refund.
    const coaster = await requestReturn(db, orderId, { items: [{ line: 0, quantity: 1, reason: 'damaged' }], note: '', photos: [preparedReturnPhoto('b')] })
    await decideReturn(db, orderId, coaster.id, { approve: true, message: '' }, 'u-owner')
    await db.deleteFrom('return_photos').where('return_id', '=', coaster.id).execute()
    const refundsBefore = await db.selectFrom('partial_refunds').select('id').execute()
    expect(((await rejection(refundReturn(db, orderId, coaster.id, { adminId: 'u-owner', withoutPickup: true }))) as Invalid).errors).toEqual({
      form: [RETURN_MESSAGES.noPickupNeedsPhotos],
    })
    expect(await db.selectFrom('partial_refunds').select('id').execute()).toEqual(refundsBefore)
  })

  it('closes an approved return whose parcel never came back: declined with the owner words, its pieces free again, no refund, once', async () => {
    const { orderId } = await deliveredOrder()
    const ret = await requestReturn(db, orderId, { items: [{ line: 0, quantity: 1, reason: 'changedMind' }], note: '' })
    await decideReturn(db, orderId, ret.id, { approve: true, message: '' }, 'u-owner')
    expect((await returnableOf(db, orderId)).lines[0]?.piecesLeft).toBe(1)
    const before = await snapshot()
    expect(((await rejection(closeReturn(db, orderId, ret.id, '  ', 'u-owner'))) as Invalid).errors).toEqual({ message: [RETURN_MESSAGES.closeMessage] })
    expect(await snapshot()).toEqual(before)
    const closed = await closeReturn(db, orderId, ret.id, 'Nothing came back by 20 December.', 'u-owner')
    expect(closed).toMatchObject({ status: 'declined', ownerMessage: 'Nothing came back by 20 December.' })
    expect((await returnableOf(db, orderId)).lines[0]?.piecesLeft).toBe(2)
    expect(await db.selectFrom('partial_refunds').select('id').execute()).toEqual([])
    const mails = await db.selectFrom('mail_outbox').select(['dedupe_key', 'text']).where('dedupe_key', '=', `return-declined:${ret.id}`).execute()
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('Nothing came back by 20 December.')
    expect(fieldErrors(() => nextReturnStatus(closed.status, 'close')).form?.[0]).toMatch(/^A return that is declined cannot be closed/)
    expect(((await rejection(closeReturn(db, orderId, ret.id, 'again', 'u-owner'))) as Invalid).errors.form?.[0]).toMatch(/cannot be closed/)
  })

  it('counts what the owner refunded by hand against what may come back', async () => {
    const { orderId } = await deliveredOrder()
    await decidePartialRefund(db, orderId, { key: 'by-hand-12345', ask: { items: [{ line: 1, quantity: 1 }], includeDelivery: false }, reason: 'Goodwill', restock: false }, 'u-owner')
    expect((await returnableOf(db, orderId)).lines.map((l) => l.piecesLeft)).toEqual([2, 0])
    const refused = await rejection(requestReturn(db, orderId, { items: [{ line: 1, quantity: 1, reason: 'wrong' }], note: '' }))
    expect((refused as Invalid).errors).toEqual({ 'items.1': [RETURN_MESSAGES.tooMany(0)] })
  })

  it('an owner refund by hand leaves the pieces an open return holds, and the return is still refunded (found by the property test)', async () => {
    const { orderId } = await deliveredOrder()
    const ret = await requestReturn(db, orderId, { items: [{ line: 0, quantity: 2, reason: 'wrong' }], note: '' })
    const before = await snapshot()
    const byHand = { key: 'by-hand-held-1', ask: { items: [{ line: 0, quantity: 1 }], includeDelivery: false }, reason: 'Goodwill', restock: false }
    expect(((await rejection(decidePartialRefund(db, orderId, byHand, 'u-owner'))) as Invalid).errors).toEqual({ 'items.0': [PARTIAL_REFUND_MESSAGES.heldByReturn(0)] })
    expect(await snapshot()).toEqual(before)
    await decideReturn(db, orderId, ret.id, { approve: true, message: '' }, 'u-owner')
    await receiveReturn(db, orderId, ret.id, {}, 'u-owner')
    expect((await refundReturn(db, orderId, ret.id, { adminId: 'u-owner' })).refund.amountPaise).toBe(99_800)
  })

  it("lists returns for the owner newest first, filtered (open, one state, all), a page at a time, and counts those waiting", async () => {
    const { orderId } = await deliveredOrder()
    const t = (minutes: number) => new Date(Date.now() + minutes * 60_000)
    const first = await requestReturn(db, orderId, { items: [{ line: 1, quantity: 1, reason: 'wrong' }], note: '' }, t(1))
    const second = await requestReturn(db, orderId, { items: [{ line: 0, quantity: 1, reason: 'changedMind' }], note: '' }, t(2))
    const third = await requestReturn(db, orderId, { items: [{ line: 0, quantity: 1, reason: 'notAsDescribed' }], note: '' }, t(3))
    await decideReturn(db, orderId, second.id, { approve: false, message: 'Coasters are final sale' }, 'u-owner')
    await decideReturn(db, orderId, first.id, { approve: true, message: '' }, 'u-owner')
    await receiveReturn(db, orderId, first.id, { 1: false }, 'u-owner')

    const all = await listReturns(db, {})
    expect(all).toMatchObject({ total: 3, page: 1, pageCount: 1, status: null })
    expect(all.items.map((r) => r.id)).toEqual([third.id, second.id, first.id])
    expect(all.items[2]).toMatchObject({
      orderId,
      number: 1,
      status: 'received',
      items: [{ line: 1, title: 'Resin pendant', quantity: 1, reason: 'wrong' }],
      shopper: { name: asha.userName, email: asha.email },
    })
    expect(typeof all.items[2]?.orderNumber).toBe('number')
    expect((await listReturns(db, { status: 'open' })).items.map((r) => r.id)).toEqual([third.id, first.id])
    expect((await listReturns(db, { status: 'declined' })).items.map((r) => r.id)).toEqual([second.id])
    expect((await listReturns(db, { status: 'nonsense' })).status).toBeNull()
    const paged = await listReturns(db, { page: 2, pageSize: 2 })
    expect(paged).toMatchObject({ total: 3, page: 2, pageCount: 2 })
    expect(paged.items.map((r) => r.id)).toEqual([first.id])
    expect(await countWaitingReturns(db)).toEqual({ requested: 1, received: 1 })
  })
})
