// An approved return's courier pickup over real HTTP against the built server (ADR 104), with the
// TEST MODE courier (SHIPPING_TEST_MODE=1): the owner's approve through /api books the pickup, its
// answer and the shopper's order details carry returns[].pickup {carrier, awb, trackingUrl, status};
// a second approve is refused and books nothing more; the webhook's scan of the return AWB marks it delivered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { deliveredOrderOverApi, type ShopWithFakeRazorpay, startShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'
import { insertProducts } from '../helpers/fixtures'
import { client, type Shopper } from '../helpers/shop-api'
import type { FakeRazorpay } from '../fake-razorpay'
import type { RunningServer } from './server'

describe('return pickups through /api', () => {
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
      { keyId: 'rzp_test_pickupsapi', keySecret: 'pickups-api-secret', webhookSecret: 'pickups-api-webhook' },
      { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1', SHIPPING_TEST_MODE: '1', SHIPROCKET_WEBHOOK_TOKEN: 'pickup-webhook-token' },
    )
    ;({ fake, server, db } = shop)
    await insertProducts(db, [{ id: 'vase', title: 'Ocean resin vase', price: 149_900, stock: 10 }])
    asha = await api.registerAndLogin('Asha', 'asha@example.com')
    admin = await api.login('owner@example.com', 'owner-password-1')
    addressId = (await api.addAddress(asha)).body.data._id
  }, 120_000)
  afterAll(async () => {
    await shop?.stop()
  })

  it('approve books the pickup once; details carry returns[].pickup; a webhook scan of the return AWB marks it delivered', async () => {
    const orderId = await deliveredOrderOverApi(api, fake, { shopper: asha, owner: admin, addressId, lines: [{ productId: 'vase', quantity: 1 }] })
    const asked = await api.call('POST', `/api/shop/order/return/${orderId}`, {
      token: asha.token,
      body: { items: [{ productId: 'vase', variety: '', color: '', quantity: 1, reason: 'changedMind' }], note: '' },
    })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    const returnId = asked.body.data.id as string

    const approved = await api.call('POST', `/api/admin/orders/return/${returnId}`, { token: admin.token, body: { action: 'approve' } })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body.data).toMatchObject({ status: 'approved', pickup: { carrier: 'Test Courier', status: 'booked', trackingUrl: null } })
    const awb = approved.body.data.pickup.awb as string
    expect(awb).toBeTruthy()
    const again = await api.call('POST', `/api/admin/orders/return/${returnId}`, { token: admin.token, body: { action: 'approve' } })
    expect(again.status).toBe(400)
    expect(await db.selectFrom('return_pickups').selectAll().execute()).toHaveLength(1)

    const details = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: asha.token })
    expect(details.body.data.returns[0].pickup).toEqual({ carrier: 'Test Courier', awb, trackingUrl: null, status: 'booked' })

    const hook = await api.call('POST', '/api/shipping/shiprocket/webhook', {
      headers: { 'x-api-key': 'pickup-webhook-token' },
      body: { awb, current_status: 'DELIVERED', scans: [{ date: '2026-11-29 10:00:00', activity: 'Delivered to the studio', location: 'Bengaluru', 'sr-status-label': 'DELIVERED' }] },
    })
    expect(hook.status, JSON.stringify(hook.body)).toBe(200)
    expect(hook.body.status).toBe('processed')
    const after = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: asha.token })
    expect(after.body.data.returns[0]).toMatchObject({ status: 'approved', pickup: { status: 'delivered' } })
  }, 60_000)
})
