// Stock holds over real HTTP (docs/decisions/032): POST /api/shop/order/razorpay/create holds the
// cart; a shopper whose line cannot be held gets 400 with `errors` naming it and what is left, and no
// Razorpay order is created; the one holding pays and gets the goods; the order lists leave unpaid
// checkouts out by default (as the pages do) and take an optional `view`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { type ShopWithFakeRazorpay, startShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'
import { insertProducts } from '../helpers/fixtures'
import { CHECKOUT_MESSAGES } from '../../app/lib/checkout-messages'
import { client, type Shopper } from '../helpers/shop-api'
import type { FakeRazorpay } from '../fake-razorpay'
import type { RunningServer } from './server'

const KEY_ID = 'rzp_test_holds'
const KEY_SECRET = 'holds-key-secret'

describe('stock holds through /api/shop/order/razorpay/create', () => {
  let fake: FakeRazorpay
  let server: RunningServer
  let db: DB
  const api = client(() => server)
  let asha: Shopper
  let ravi: Shopper
  let admin: Shopper

  let shop: ShopWithFakeRazorpay | undefined

  beforeAll(async () => {
    shop = await startShopWithFakeRazorpay(
      { keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: 'holds-webhook-secret' },
      { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1', HOLD_MINUTES: '10' },
    )
    ;({ fake, server, db } = shop)
    await insertProducts(db, [{ id: 'last-vase', title: 'Ocean resin vase', description: 'Blue waves.', price: 149_900, stock: 1, varietyType: null }])
    asha = await api.registerAndLogin('Asha', 'asha@example.com')
    ravi = await api.registerAndLogin('Ravi', 'ravi@example.com')
    admin = await api.login('owner@example.com', 'owner-password-1')
  }, 120_000)

  afterAll(async () => {
    await shop?.stop()
  })

  it('holds the last unit for the first shopper; the second is told before paying; the first pays and gets it', async () => {
    // Both carts take the last vase while nobody holds it.
    await api.addToCart(asha, { productId: 'last-vase', quantity: 1 })
    await api.addToCart(ravi, { productId: 'last-vase', quantity: 1 })
    const ashaAddress = (await api.addAddress(asha)).body.data._id
    const raviAddress = (await api.addAddress(ravi)).body.data._id

    const held = await api.createOrder(asha, { userId: asha.id, addressInfo: { addressId: ashaAddress } })
    expect(held.status, JSON.stringify(held.body)).toBe(201)
    const holds = await db.selectFrom('stock_holds').select(['order_id', 'quantity', 'expires_at']).execute()
    expect(holds).toEqual([{ order_id: held.body.orderId, quantity: 1, expires_at: expect.any(String) }])
    const minutes = (Date.parse(holds[0]?.expires_at ?? '') - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(9)
    expect(minutes).toBeLessThanOrEqual(10)
    // Shoppers see none left; the shelf still has it.
    expect(await api.stockOf('last-vase')).toBe(0)
    const shelf = await api.call('GET', '/api/admin/products/get', { token: admin.token })
    expect(shelf.body.data.find((p: { _id: string }) => p._id === 'last-vase')?.totalStock).toBe(1)

    const ordersBefore = fake.orders.size
    const refused = await api.createOrder(ravi, { userId: ravi.id, addressInfo: { addressId: raviAddress } })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      success: false,
      message: CHECKOUT_MESSAGES.notHeld('Ocean resin vase', 0),
      errors: { cart: ['Ocean resin vase: none left right now (0 available). Please remove it from your cart.'] },
    })
    expect(fake.orders.size).toBe(ordersBefore)
    expect(await db.selectFrom('orders').select('id').where('user_id', '=', ravi.id).execute()).toEqual([])

    // Asha pays within her hold: confirmed, stock taken, hold consumed.
    const gatewayOrderId = held.body.razorpayOrder.id as string
    const { paymentId, signature } = fake.pay(gatewayOrderId)
    const verified = await api.verify(asha, {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
      orderId: held.body.orderId,
    })
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    const order = await db.selectFrom('orders').select(['order_status', 'payment_status', 'needs_refund']).where('id', '=', held.body.orderId).executeTakeFirstOrThrow()
    expect(order).toEqual({ order_status: 'confirmed', payment_status: 'paid', needs_refund: 0 })
    expect(await db.selectFrom('stock_holds').selectAll().execute()).toEqual([])
    const stock = await db.selectFrom('products').select('total_stock').where('id', '=', 'last-vase').executeTakeFirstOrThrow()
    expect(stock.total_stock).toBe(0)
  })

  it('the order lists leave unpaid checkouts out by default, as the pages do; an optional view asks for them', async () => {
    await db.updateTable('products').set({ total_stock: 5 }).where('id', '=', 'last-vase').execute()
    const raviAddress = (await api.addressesOf(ravi))[0]?._id
    const unpaid = await api.createOrder(ravi, { userId: ravi.id, addressInfo: { addressId: raviAddress } })
    expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(201)
    const paidId = (await db.selectFrom('orders').select('id').where('user_id', '=', asha.id).executeTakeFirstOrThrow()).id
    const adminList = async (query: string) => {
      const answer = await api.call('GET', `/api/admin/orders/get${query}`, { token: admin.token })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return { ids: (answer.body.data as { _id: string }[]).map((o) => o._id), total: answer.body.total ?? answer.body.pagination?.total }
    }
    // The admin: orders only (as All Orders); `unpaid` lists the checkouts (as Unpaid checkouts); `all` both.
    expect(await adminList('')).toEqual({ ids: [paidId], total: 1 })
    expect(await adminList('?view=orders')).toEqual({ ids: [paidId], total: 1 })
    expect(await adminList('?view=unpaid')).toEqual({ ids: [unpaid.body.orderId], total: 1 })
    expect(await adminList('?view=all')).toEqual({ ids: expect.arrayContaining([paidId, unpaid.body.orderId]), total: 2 })
    expect(await adminList('?page=1')).toEqual({ ids: [paidId], total: 1 })
    expect(await adminList('?view=unpaid&page=1')).toEqual({ ids: [unpaid.body.orderId], total: 1 })
    const bad = await api.call('GET', '/api/admin/orders/get?view=everything', { token: admin.token })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toHaveProperty('view')

    // The shopper: as Order History, a checkout in progress still shows...
    const ownList = async (query = '') => {
      const answer = await api.call('GET', `/api/shop/order/list/${ravi.id}${query}`, { token: ravi.token })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return { ids: (answer.body.data as { _id: string }[]).map((o) => o._id), total: answer.body.total ?? answer.body.pagination?.total }
    }
    expect(await ownList()).toEqual({ ids: [unpaid.body.orderId], total: 1 })
    // ...and once abandoned (untouched for HOLD_MINUTES, holding nothing) it leaves the default list.
    const longAgo = new Date(Date.now() - 11 * 60_000).toISOString()
    await db.updateTable('orders').set({ updated_at: longAgo }).where('id', '=', unpaid.body.orderId).execute()
    await db.deleteFrom('stock_holds').where('order_id', '=', unpaid.body.orderId).execute()
    expect(await ownList()).toEqual({ ids: [], total: 0 })
    expect(await ownList('?page=1')).toEqual({ ids: [], total: 0 })
    expect(await ownList('?view=orders')).toEqual({ ids: [], total: 0 })
    expect(await ownList('?view=all')).toEqual({ ids: [unpaid.body.orderId], total: 1 })
    // The admin reading the shopper's list gets the same.
    const asAdmin = await api.call('GET', `/api/shop/order/list/${ravi.id}`, { token: admin.token })
    expect(asAdmin.body.data).toEqual([])
    const badOwn = await api.call('GET', `/api/shop/order/list/${ravi.id}?view=unpaid`, { token: ravi.token })
    expect(badOwn.status).toBe(400)
    expect(badOwn.body.errors).toHaveProperty('view')
    // Asha's paid order is in her list whatever the view.
    expect((await api.ordersOf(asha)).map((o) => o._id)).toEqual([paidId])
  })
})
