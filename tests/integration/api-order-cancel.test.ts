// Cancelling and rejecting over real HTTP against the built server, with Razorpay pointed at the
// local fake: POST /api/shop/order/cancel/:id (owner 200 with the refund, someone else 403, visitor
// 401, unknown 404, too late 400), PUT /api/admin/orders/update/:id refusing a move the lifecycle
// table forbids, and the refund.processed webhook finishing a refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { type ShopWithFakeRazorpay, startShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'
import { insertProducts } from '../helpers/fixtures'
import { client, type Shopper } from '../helpers/shop-api'
import type { FakeRazorpay } from '../fake-razorpay'
import type { RunningServer } from './server'

describe('cancel and reject with refunds through the fake Razorpay', () => {
  const KEY_ID = 'rzp_test_cancelkey'
  const KEY_SECRET = 'cancel-key-secret'
  const WEBHOOK_SECRET = 'cancel-webhook-secret'
  let fake: FakeRazorpay
  let server: RunningServer
  let db: DB
  const api = client(() => server)
  let asha: Shopper
  let ravi: Shopper
  let admin: Shopper
  let addressId: string

  let shop: ShopWithFakeRazorpay | undefined

  beforeAll(async () => {
    shop = await startShopWithFakeRazorpay(
      { keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET },
      { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1' },
    )
    ;({ fake, server, db } = shop)
    await insertProducts(db, [{ id: 'vase', title: 'Ocean resin vase', description: 'Blue waves.', price: 149_900, stock: 20 }])
    asha = await api.registerAndLogin('Asha', 'asha@example.com')
    ravi = await api.registerAndLogin('Ravi', 'ravi@example.com')
    admin = await api.login('owner@example.com', 'owner-password-1')
    addressId = (await api.addAddress(asha)).body.data._id
  }, 120_000)

  afterAll(async () => {
    await shop?.stop()
  })

  async function paidVaseOrder() {
    await api.addToCart(asha, { productId: 'vase', quantity: 1 })
    const created = await api.createOrder(asha, { userId: asha.id, addressInfo: { addressId } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const orderId = created.body.orderId as string
    const gatewayOrderId = created.body.razorpayOrder.id as string
    const { paymentId, signature } = fake.pay(gatewayOrderId)
    const verified = await api.verify(asha, { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId })
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    return { orderId, paymentId }
  }

  const cancel = (orderId: string, who?: Shopper) => api.call('POST', `/api/shop/order/cancel/${orderId}`, { token: who?.token })

  it('refuses a visitor (401), someone else (403, the admin too), an unknown order (404) and GET (405), changing nothing', async () => {
    const { orderId } = await paidVaseOrder()
    expect((await cancel(orderId)).status).toBe(401)
    const foreign = await cancel(orderId, ravi)
    expect(foreign.status).toBe(403)
    expect(foreign.body).toEqual({ success: false, message: 'This order is not yours.' })
    expect((await cancel(orderId, admin)).status).toBe(403)
    expect((await cancel('no-such-order', asha)).status).toBe(404)
    expect((await api.call('GET', `/api/shop/order/cancel/${orderId}`, { token: asha.token })).status).toBe(405)
    const details = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: asha.token })
    expect(details.body.data).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' })
    expect(details.body.data.refund).toBeUndefined()
  })

  it('the owner cancels a paid order: cancelled, stock back, refund sent to Razorpay; the webhook finishes it', async () => {
    const stockBefore = await api.stockOf('vase')
    const { orderId, paymentId } = await paidVaseOrder()
    expect(await api.stockOf('vase')).toBe(stockBefore - 1)
    const answer = await cancel(orderId, asha)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Your order is cancelled. The full amount will be refunded.',
      data: { _id: orderId, orderStatus: 'cancelled', paymentStatus: 'paid', refund: { status: 'pending', amount: 1499, id: expect.stringMatching(/^rfnd_/) } },
    })
    expect(await api.stockOf('vase')).toBe(stockBefore)
    const made = [...fake.refunds.values()].filter((r) => r.payment_id === paymentId)
    expect(made).toHaveLength(1)

    // Cancelling again is refused by the table: 400 with the reason under errors.orderStatus.
    const again = await cancel(orderId, asha)
    expect(again.status).toBe(400)
    expect(again.body.errors.orderStatus[0]).toBe('This order can no longer be cancelled: it is being made or already on its way.')

    fake.processRefund(made[0]?.id as string)
    const hook = await fake.sendRefundWebhook(server.url, 'refund.processed', made[0]?.id as string, WEBHOOK_SECRET)
    expect(hook).toEqual({ status: 200, body: { success: true, status: 'processed' } })
    const bad = fake.refundWebhook('refund.processed', made[0]?.id as string, 'wrong-secret')
    const refused = await api.call('POST', '/api/shop/order/razorpay/webhook', {
      body: bad.body,
      headers: { 'X-Razorpay-Signature': bad.signature, 'X-Razorpay-Event-Id': bad.eventId },
    })
    expect(refused.status).toBe(400)
    const details = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: asha.token })
    expect(details.body.data).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'refunded', refund: { status: 'processed', amount: 1499 } })
    const listed = await api.ordersOf(asha)
    expect(listed.find((o) => (o as { _id: string })._id === orderId)).toMatchObject({ refund: { status: 'processed' } })
  })

  it('is 400 once the studio accepted the order, and the admin PUT refuses a move the table forbids', async () => {
    const { orderId } = await paidVaseOrder()
    const put = (orderStatus: string) => api.call('PUT', `/api/admin/orders/update/${orderId}`, { token: admin.token, body: { orderStatus } })
    expect((await put('inProcess')).status).toBe(200)
    const late = await cancel(orderId, asha)
    expect(late.status).toBe(400)
    expect(late.body.success).toBe(false)
    const back = await put('pending')
    expect(back.status).toBe(400)
    expect(back.body).toEqual({
      success: false,
      message: 'An order that is being made cannot be set to pending payment.',
      errors: { orderStatus: ['An order that is being made cannot be set to pending payment.'] },
    })
    expect((await put('delivered')).status).toBe(400)
    // Rejecting the paid order refunds it.
    const rejected = await put('rejected')
    expect(rejected.status).toBe(200)
    const details = await api.call('GET', `/api/admin/orders/details/${orderId}`, { token: admin.token })
    expect(details.body.data).toMatchObject({ orderStatus: 'rejected', refund: { status: 'pending', amount: 1499 }, needsRefund: true })
  })
})
