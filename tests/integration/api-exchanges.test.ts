// Exchanges over real HTTP against the built server, Razorpay pointed at the local fake (ADR 105): a
// ring bought in S (₹1,000) exchanged through POST /api/shop/order/return/:orderId with exchangeFor;
// dearer (L, ₹1,500): the owner approves and receives through /api, the shopper pays the ₹500 link,
// the payment_link.paid webhook (twice) makes one replacement order; cheaper (XS, ₹800): the owner's
// /api refund settles it with one ₹200 refund and one replacement order; bad choices 400 with errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { openExchangeLink } from '~/domain/orders/exchanges.server'
import { razorpayLinks } from '~/infra/payment-links.server'
import { deliveredOrderOverApi, type ShopWithFakeRazorpay, startShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'
import { insertProducts } from '../helpers/fixtures'
import { client, type Shopper } from '../helpers/shop-api'
import type { FakeRazorpay } from '../fake-razorpay'
import type { RunningServer } from './server'

const KEYS = { keyId: 'rzp_test_exchangeapi', keySecret: 'exchange-api-secret', webhookSecret: 'exchange-api-webhook' }

describe('exchanges through /api', () => {
  let fake: FakeRazorpay
  let server: RunningServer
  let db: DB
  let shop: ShopWithFakeRazorpay | undefined
  const api = client(() => server)
  let asha: Shopper
  let admin: Shopper
  let addressId: string

  beforeAll(async () => {
    shop = await startShopWithFakeRazorpay(KEYS, { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1' })
    ;({ fake, server, db } = shop)
    await insertProducts(db, [
      {
        id: 'ring',
        title: 'Resin ring',
        price: 100_000,
        stock: 20,
        varieties: [
          { name: 'XS', price: 80_000 },
          { name: 'S', price: 100_000 },
          { name: 'L', price: 150_000 },
        ],
      },
    ])
    const variant = (variety_name: string, position: number) => ({ product_id: 'ring', variety_name, stock: 5, price_paise: null, sale_price_paise: null, sku: null, image: null, position })
    await db.insertInto('product_variants').values([variant('XS', 0), variant('S', 1), variant('L', 2)]).execute()
    asha = await api.registerAndLogin('Asha', 'asha@example.com')
    admin = await api.login('owner@example.com', 'owner-password-1')
    addressId = (await api.addAddress(asha)).body.data._id
  }, 120_000)
  afterAll(async () => {
    await shop?.stop()
  })

  const deliveredRing = () =>
    deliveredOrderOverApi(api, fake, { shopper: asha, owner: admin, addressId, lines: [{ productId: 'ring', quantity: 1, variety: 'S' }] })
  const ask = (orderId: string, variety: string) =>
    api.call('POST', `/api/shop/order/return/${orderId}`, {
      token: asha.token,
      body: { items: [{ productId: 'ring', variety: 'S', color: '', quantity: 1, reason: 'changedMind', exchangeFor: { variety, color: '' } }] },
    })
  const move = (returnId: string, body: unknown) => api.call('POST', `/api/admin/orders/return/${returnId}`, { token: admin.token, body })
  const ordersOf = async (orderId: string) => (await db.selectFrom('return_exchanges').select('replacement_order_id').where('order_id', '=', orderId).execute()).map((r) => r.replacement_order_id)

  it('refuses the same size and one not sold with 400 and errors, asking nothing', async () => {
    const orderId = await deliveredRing()
    for (const variety of ['S', 'XXL']) {
      const answer = await ask(orderId, variety)
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(Object.keys(answer.body.errors)).toContain('items.0')
    }
    expect(await db.selectFrom('returns').select('id').where('order_id', '=', orderId).execute()).toEqual([])
  })

  it('a dearer size: approved, received, the link paid (webhook twice), one replacement order', async () => {
    const orderId = await deliveredRing()
    const asked = await ask(orderId, 'L')
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    expect(asked.body.data.exchange).toMatchObject({ variety: 'L', newUnitPaise: 150_000, paidPaise: 100_000, differencePaise: 50_000, replacementOrderId: null })
    const returnId = asked.body.data.id as string
    expect((await move(returnId, { action: 'approve' })).status).toBe(200)
    expect((await move(returnId, { action: 'receive', restock: { 0: true } })).status).toBe(200)
    const early = await move(returnId, { action: 'refund' })
    expect(early.status).toBe(400)
    expect(early.body.errors.form[0]).toMatch(/payment of the difference/)

    // The order page's "Pay the difference" (the same domain call, with the shop's Razorpay keys).
    // Written from here beside the server's own writes: a SQLITE_BUSY is asked again (the call keeps one open link).
    const openLink = () => openExchangeLink(db, razorpayLinks({ keyId: KEYS.keyId, keySecret: KEYS.keySecret, apiBase: fake.url }), returnId, { userId: asha.id, callbackUrl: `${server.url}/shop/exchange/paid` })
    let link = await openLink().catch((error: unknown) => error)
    for (let tries = 0; link instanceof Error && /database is locked/.test(link.message) && tries < 10; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      link = await openLink().catch((error: unknown) => error)
    }
    if (link instanceof Error) throw link
    expect((link as Awaited<ReturnType<typeof openLink>>).amountPaise).toBe(50_000)
    const row = await db.selectFrom('return_exchanges').select('link_id').where('return_id', '=', returnId).executeTakeFirstOrThrow()
    fake.payLink(row.link_id as string)
    const first = await fake.sendLinkPaidWebhook(server.url, row.link_id as string, KEYS.webhookSecret)
    const second = await fake.sendLinkPaidWebhook(server.url, row.link_id as string, KEYS.webhookSecret)
    expect([first.status, second.status]).toEqual([200, 200])
    expect([(first.body as { status: string }).status, (second.body as { status: string }).status]).toEqual(['processed', 'duplicate'])
    const [replacementId] = await ordersOf(orderId)
    expect(replacementId).toBeTruthy()

    const details = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: asha.token })
    expect(details.body.data.returns[0]).toMatchObject({ status: 'refunded', exchange: { paid: true, replacementOrderId: replacementId } })
    const replacement = await api.call('GET', `/api/shop/order/details/${replacementId}`, { token: asha.token })
    expect(replacement.status).toBe(200)
    expect(replacement.body.data).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' })
    // The owner's refund of the settled exchange answers the same order.
    const again = await move(returnId, { action: 'refund' })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.data.exchange.replacementOrderId).toBe(replacementId)
    expect(await ordersOf(orderId)).toEqual([replacementId])
  })

  it("a cheaper size: the owner's /api refund settles it with one refund of the difference, twice", async () => {
    const orderId = await deliveredRing()
    const asked = await ask(orderId, 'XS')
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    const returnId = asked.body.data.id as string
    expect((await move(returnId, { action: 'approve' })).status).toBe(200)
    expect((await move(returnId, { action: 'receive', restock: { 0: true } })).status).toBe(200)
    const refundsBefore = fake.requests.filter((r) => /^POST \/v1\/payments\/[^/]+\/refund$/.test(r)).length
    const [a, b] = await Promise.all([move(returnId, { action: 'refund' }), move(returnId, { action: 'refund' })])
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200])
    expect(a.body.data.exchange.replacementOrderId).toBe(b.body.data.exchange.replacementOrderId)
    const refunds = await db.selectFrom('partial_refunds').select(['amount_paise', 'refund_key']).where('order_id', '=', orderId).execute()
    expect(refunds).toEqual([{ amount_paise: 20_000, refund_key: `prf_ret_${returnId}` }])
    expect(fake.requests.filter((r) => /^POST \/v1\/payments\/[^/]+\/refund$/.test(r)).length - refundsBefore).toBe(1)
    expect((await ordersOf(orderId)).length).toBe(1)
  })
})
