// POST /api/shop/order/return/:orderId over real HTTP against the built server, Razorpay pointed at
// the local fake (ADR 099): a shopper returns one of two coasters of her delivered order, the
// order's details carry returns[]; bad input 400 with errors and nothing asked; someone else's
// order and an unknown one 404; anonymous 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { deliveredOrderOverApi, type ShopWithFakeRazorpay, startShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'
import { insertProducts } from '../helpers/fixtures'
import { client, type Shopper } from '../helpers/shop-api'
import type { FakeRazorpay } from '../fake-razorpay'
import type { RunningServer } from './server'

describe('returns through /api', () => {
  let fake: FakeRazorpay
  let server: RunningServer
  let db: DB
  let shop: ShopWithFakeRazorpay | undefined
  const api = client(() => server)
  let asha: Shopper
  let ravi: Shopper
  let admin: Shopper
  let addressId: string

  beforeAll(async () => {
    shop = await startShopWithFakeRazorpay(
      { keyId: 'rzp_test_returnsapi', keySecret: 'returns-api-secret', webhookSecret: 'returns-api-webhook' },
      { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1' },
    )
    ;({ fake, server, db } = shop)
    await insertProducts(db, [
      { id: 'coaster', title: 'Ocean coaster', price: 49_900, stock: 10 },
      { id: 'vase', title: 'Ocean resin vase', price: 149_900, stock: 10 },
    ])
    asha = await api.registerAndLogin('Asha', 'asha@example.com')
    ravi = await api.registerAndLogin('Ravi', 'ravi@example.com')
    admin = await api.login('owner@example.com', 'owner-password-1')
    addressId = (await api.addAddress(asha)).body.data._id
  }, 120_000)
  afterAll(async () => {
    await shop?.stop()
  })

  const deliveredOrder = () =>
    deliveredOrderOverApi(api, fake, {
      shopper: asha,
      owner: admin,
      addressId,
      lines: [
        { productId: 'coaster', quantity: 2 },
        { productId: 'vase', quantity: 1 },
      ],
    })
  const ask = (orderId: string, body: unknown, who: Shopper | null = asha) =>
    api.call('POST', `/api/shop/order/return/${orderId}`, { token: who?.token, body })

  it('returns one of two coasters, and the details carry returns[]', async () => {
    const orderId = await deliveredOrder()
    const answer = await ask(orderId, { items: [{ productId: 'coaster', variety: '', color: '', quantity: 1, reason: 'changedMind' }], note: 'Too blue' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body).toMatchObject({
      success: true,
      data: { number: 1, status: 'requested', note: 'Too blue', items: [{ line: 0, productId: 'coaster', title: 'Ocean coaster', quantity: 1, reason: 'changedMind' }] },
    })
    const details = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: asha.token })
    expect(details.body.data.returns).toMatchObject([{ id: answer.body.data.id, status: 'requested' }])
  })

  it('answers 400 with errors and asks nothing for bad input; 404 for another shopper and an unknown order; 401 anonymous', async () => {
    const orderId = await deliveredOrder()
    const coaster = { productId: 'coaster', variety: '', color: '' }
    const cases: [unknown, string][] = [
      [{}, 'items'],
      [{ items: [] }, 'items'],
      [{ items: [{ ...coaster, quantity: 3, reason: 'wrong' }] }, 'items.0'],
      [{ items: [{ ...coaster, quantity: 1.5, reason: 'wrong' }] }, 'items.0.quantity'],
      [{ items: [{ productId: 'nope', quantity: 1, reason: 'wrong' }] }, 'items'],
      [{ items: [{ ...coaster, quantity: 1, reason: 'bored' }] }, 'reason'],
      [{ items: [{ ...coaster, quantity: 1, reason: 'damaged' }], note: 'bad' }, 'photos'],
    ]
    for (const [body, field] of cases) {
      const answer = await ask(orderId, body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(Object.keys(answer.body.errors)).toContain(field)
    }
    expect((await ask(orderId, { items: [{ ...coaster, quantity: 1, reason: 'wrong' }] }, ravi)).status).toBe(404)
    expect((await ask('no-such-order', { items: [{ ...coaster, quantity: 1, reason: 'wrong' }] })).status).toBe(404)
    expect((await ask(orderId, { items: [{ ...coaster, quantity: 1, reason: 'wrong' }] }, null)).status).toBe(401)
    expect(await db.selectFrom('returns').select('id').where('order_id', '=', orderId).execute()).toEqual([])
  })

  const move = (returnId: string, body: unknown, who: Shopper | null = admin) => api.call('POST', `/api/admin/orders/return/${returnId}`, { token: who?.token, body })
  const list = (query: string, who: Shopper | null = admin) => api.call('GET', `/api/admin/returns${query}`, { token: who?.token })
  const refundCalls = () => fake.requests.filter((r) => /^POST \/v1\/payments\/[^/]+\/refund$/.test(r)).length

  it('the owner lists returns and moves one through approve, receive and refund; the refund goes out once', async () => {
    const orderId = await deliveredOrder()
    const asked = await ask(orderId, { items: [{ productId: 'vase', variety: '', color: '', quantity: 1, reason: 'wrong' }], note: '' })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    const returnId = asked.body.data.id as string

    const open = await list('?status=open&page=1')
    expect(open.status, JSON.stringify(open.body)).toBe(200)
    expect(open.body.pagination).toMatchObject({ page: 1, pageSize: 20 })
    expect(open.body.data[0]).toMatchObject({
      id: returnId,
      status: 'requested',
      orderId,
      shopper: { name: 'Asha', email: 'asha@example.com' },
      items: [{ line: 1, productId: 'vase', title: 'Ocean resin vase', quantity: 1, reason: 'wrong' }],
    })
    expect(typeof open.body.data[0].orderNumber).toBe('number')
    expect((await list('?status=bored')).body.errors).toHaveProperty('status')

    // A move the state table refuses, and a decline without words: 400, nothing moves.
    const early = await move(returnId, { action: 'receive' })
    expect(early.status).toBe(400)
    expect(early.body.errors.form[0]).toMatch(/requested cannot be received/)
    expect((await move(returnId, { action: 'decline', message: ' ' })).body.errors).toHaveProperty('message')
    expect((await move(returnId, { action: 'bounce' })).body.errors).toHaveProperty('action')
    expect((await move(returnId, { action: 'receive', restock: { one: 'yes' } })).status).toBe(400)
    expect((await db.selectFrom('returns').select('status').where('id', '=', returnId).executeTakeFirstOrThrow()).status).toBe('requested')

    const approved = await move(returnId, { action: 'approve', message: 'Send it back, sorry!' })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body).toMatchObject({ success: true, message: 'Return approved.', data: { id: returnId, status: 'approved', ownerMessage: 'Send it back, sorry!' } })
    const received = await move(returnId, { action: 'receive', restock: { 1: true } })
    expect(received.body.data).toMatchObject({ status: 'received', received: [{ line: 1, quantity: 1, restock: true }] })

    const before = refundCalls()
    const refunded = await move(returnId, { action: 'refund' })
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    expect(refunded.body).toMatchObject({ message: 'Refund of ₹1,499.00 issued for the return.', data: { status: 'refunded' } })
    const again = await move(returnId, { action: 'refund' })
    expect(again.body.data.refundId).toBe(refunded.body.data.refundId)
    expect(await db.selectFrom('partial_refunds').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1)
    expect(refundCalls() - before).toBe(1)
    // The order's details show it as the move answered it.
    const details = await api.call('GET', `/api/admin/orders/details/${orderId}`, { token: admin.token })
    expect(details.body.data.returns).toEqual([refunded.body.data])
    expect((await list('?status=refunded')).body.data.map((r: { id: string }) => r.id)).toContain(returnId)
  })

  it('the owner closes an approved return whose parcel never came back: a message is needed, then declined, nothing refunded', async () => {
    const orderId = await deliveredOrder()
    const asked = await ask(orderId, { items: [{ productId: 'vase', variety: '', color: '', quantity: 1, reason: 'wrong' }], note: '' })
    const returnId = asked.body.data.id as string
    expect((await move(returnId, { action: 'close', message: 'Never came' })).body.errors.form[0]).toMatch(/requested cannot be closed/)
    await move(returnId, { action: 'approve' })
    const silent = await move(returnId, { action: 'close', message: ' ' })
    expect(silent.status).toBe(400)
    expect(silent.body.errors).toHaveProperty('message')
    const closed = await move(returnId, { action: 'close', message: 'Nothing came back in three weeks.' })
    expect(closed.status, JSON.stringify(closed.body)).toBe(200)
    expect(closed.body).toMatchObject({ message: 'Return closed: the parcel never came back.', data: { status: 'declined', ownerMessage: 'Nothing came back in three weeks.' } })
    expect(await db.selectFrom('partial_refunds').select('id').where('order_id', '=', orderId).execute()).toEqual([])
  })

  it('answers the owner moves 401 anonymous, 403 for a shopper, 404 for an unknown return', async () => {
    expect((await move('no-such-return', { action: 'approve' }, null)).status).toBe(401)
    expect((await move('no-such-return', { action: 'approve' }, asha)).status).toBe(403)
    expect((await move('no-such-return', { action: 'approve' })).status).toBe(404)
    expect((await list('', null)).status).toBe(401)
    expect((await list('', asha)).status).toBe(403)
  })
})
