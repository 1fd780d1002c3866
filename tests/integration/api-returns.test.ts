// POST /api/shop/order/return/:orderId over real HTTP against the built server, Razorpay pointed at
// the local fake (ADR 099): a shopper returns one of two coasters of her delivered order, the
// order's details carry returns[]; bad input 400 with errors and nothing asked; someone else's
// order and an unknown one 404; anonymous 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { moveOrder } from '~/domain/orders/order-lifecycle.server'
import { type ShopWithFakeRazorpay, startShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'
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
    addressId = (await api.addAddress(asha)).body.data._id
  }, 120_000)
  afterAll(async () => {
    await shop?.stop()
  })

  async function deliveredOrder() {
    await api.addToCart(asha, { productId: 'coaster', quantity: 2 })
    await api.addToCart(asha, { productId: 'vase', quantity: 1 })
    const created = await api.createOrder(asha, { userId: asha.id, addressInfo: { addressId } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const orderId = created.body.orderId as string
    const { paymentId, signature } = fake.pay(created.body.razorpayOrder.id)
    const verified = await api.verify(asha, { razorpay_order_id: created.body.razorpayOrder.id, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId })
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    for (const to of ['inProcess', 'inShipping', 'delivered'] as const) await moveOrder(db, orderId, to, 'admin')
    return orderId
  }
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
      [{ items: [{ ...coaster, quantity: 1, reason: 'damaged' }], note: 'bad' }, 'note'],
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
})
