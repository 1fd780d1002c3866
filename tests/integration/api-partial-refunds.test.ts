// POST /api/admin/orders/refund/:orderId over real HTTP against the built server, Razorpay pointed at
// the local fake (ADR 087): a piece refunded once however often the same key is sent, its stock back,
// the order's details carrying refunds[]; bad input 400 with errors and nothing refunded; a shopper 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { paidOrderOverApi, type ShopWithFakeRazorpay, startShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'
import { insertProducts } from '../helpers/fixtures'
import { client, type Shopper } from '../helpers/shop-api'
import type { FakeRazorpay } from '../fake-razorpay'
import type { RunningServer } from './server'

describe('partial refunds through /api', () => {
  let fake: FakeRazorpay
  let server: RunningServer
  let db: DB
  let shop: ShopWithFakeRazorpay | undefined
  const api = client(() => server)
  let asha: Shopper
  let admin: Shopper
  let addressId: string

  beforeAll(async () => {
    shop = await startShopWithFakeRazorpay(
      { keyId: 'rzp_test_partialapi', keySecret: 'partial-api-secret', webhookSecret: 'partial-api-webhook' },
      { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1' },
    )
    ;({ fake, server, db } = shop)
    fake.newRefundStatus = 'processed'
    await insertProducts(db, [
      { id: 'coaster', title: 'Ocean coaster', price: 49_900, stock: 10 },
      { id: 'vase', title: 'Ocean resin vase', price: 149_900, stock: 10 },
    ])
    asha = await api.registerAndLogin('Asha', 'asha@example.com')
    admin = await api.login('owner@example.com', 'owner-password-1')
    addressId = (await api.addAddress(asha)).body.data._id
  }, 120_000)
  afterAll(async () => {
    await shop?.stop()
  })

  const paidOrder = () =>
    paidOrderOverApi(api, fake, {
      shopper: asha,
      addressId,
      lines: [
        { productId: 'coaster', quantity: 2 },
        { productId: 'vase', quantity: 1 },
      ],
    })
  const refund = (orderId: string, body: unknown, who: Shopper = admin) => api.call('POST', `/api/admin/orders/refund/${orderId}`, { token: who.token, body })

  it('refunds one coaster once for the same key, puts it back, and the details carry refunds[]', async () => {
    const { orderId, paymentId } = await paidOrder()
    const stock = await api.stockOf('coaster')
    const body = { items: [{ productId: 'coaster', quantity: 1 }], restock: true, reason: 'Cracked in transit', key: 'api-key-0001' }
    const first = await refund(orderId, body)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toMatchObject({
      success: true,
      message: 'Refund of ₹499.00 issued.',
      data: { amount: 499, reason: 'Cracked in transit', status: 'processed', items: [{ line: 0, title: 'Ocean coaster', quantity: 1 }], restocked: true },
    })
    expect(first.body.data.creditNote).toMatch(/^CN\/\d{4}-\d{2}\/\d+$/)
    const again = await refund(orderId, body)
    expect(again.status).toBe(200)
    expect(again.body.data.id).toBe(first.body.data.id)
    expect([...fake.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1)
    expect(await api.stockOf('coaster')).toBe(stock + 1)
    const details = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: asha.token })
    expect(details.body.data).toMatchObject({ paymentStatus: 'paid', refunds: [{ id: first.body.data.id, amount: 499, reason: 'Cracked in transit' }] })
  })

  it('answers 400 with errors and refunds nothing for bad input; 403 for a shopper; 404 for an unknown order', async () => {
    const { orderId, paymentId } = await paidOrder()
    const cases: [unknown, string][] = [
      [{ amount: 100 }, 'reason'],
      [{ amount: 'lots', reason: 'x' }, 'amount'],
      [{ amount: 5000, reason: 'x' }, 'amount'],
      [{ items: [{ productId: 'coaster', quantity: 3 }], reason: 'x' }, 'items.0'],
      [{ items: [{ productId: 'nope', quantity: 1 }], reason: 'x' }, 'items'],
      [{ items: [{ productId: 'vase', quantity: 1 }], amount: 10, reason: 'x' }, 'amount'],
    ]
    for (const [body, field] of cases) {
      const answer = await refund(orderId, body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(Object.keys(answer.body.errors)).toContain(field)
    }
    expect((await refund(orderId, { amount: 10, reason: 'x' }, asha)).status).toBe(403)
    expect((await refund('no-such-order', { amount: 10, reason: 'x' })).status).toBe(404)
    expect([...fake.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(0)
  })
})
