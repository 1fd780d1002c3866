// Stock holds over real HTTP (docs/decisions/032): POST /api/shop/order/razorpay/create holds the
// cart; a shopper whose line cannot be held gets 400 with `errors` naming it and what is left, and no
// Razorpay order is created; the one holding pays and gets the goods; the order lists leave unpaid
// checkouts out by default (as the pages do) and take an optional `view`. What one shopper or one
// address (X-Forwarded-For from loopback, a trusted proxy) may hold and start, and which cached pages
// a checkout drops (docs/decisions/050).
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

describe('what one shopper, or one address, may hold and start; the pages a checkout drops', () => {
  let shop: ShopWithFakeRazorpay | undefined
  let server: RunningServer
  let db: DB
  let fake: FakeRazorpay
  const api = client(() => server)
  type Buyer = Shopper & { addressId: string }
  let registered = 0

  beforeAll(async () => {
    shop = await startShopWithFakeRazorpay(
      { keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: 'holds-webhook-secret' },
      // A shopper may start 2 unpaid checkouts an hour, an address 6.
      { UNPAID_CHECKOUTS_PER_HOUR: '2' },
    )
    ;({ fake, server, db } = shop)
    await insertProducts(db, [
      { id: 'big-bowl', title: 'Big resin bowl', price: 250_000, stock: 25 },
      { id: 'vase-set', title: 'Vase set', price: 180_000, stock: 40 },
      { id: 'sea-plenty', title: 'Sea glass tray', price: 1_000, stock: 100 },
      { id: 'sea-few', title: 'Sea glass coaster', price: 1_100, stock: 12 },
      { id: 'sea-last', title: 'Sea glass pendant', price: 1_200, stock: 1 },
      { id: 'sea-sizes', title: 'Sea glass ring', price: 1_300, stock: 41, varieties: [{ name: 'Small', price: 1_300 }, { name: 'Large', price: 1_500 }] },
    ])
    // Stock by variant (ADR 061): one Small left, plenty of Large.
    await db
      .insertInto('product_variants')
      .values(['Small', 'Large'].map((variety, position) => ({ product_id: 'sea-sizes', variety_name: variety, color: '', stock: position === 0 ? 1 : 40, price_paise: null, sale_price_paise: null, sku: null, image: null, position })))
      .execute()
  }, 120_000)

  afterAll(async () => {
    await shop?.stop()
  })

  async function buyer(name: string): Promise<Buyer> {
    registered += 1
    const who = await api.registerAndLogin(name, `buyer${registered}@example.com`)
    const address = await api.addAddress(who)
    expect(address.status).toBe(201)
    return { ...who, addressId: address.body.data._id }
  }

  /** Starts paying from the client address `ip` (the loopback proxy's X-Forwarded-For). */
  const checkoutFrom = (who: Buyer, ip: string) =>
    api.call('POST', '/api/shop/order/razorpay/create', { token: who.token, body: { addressInfo: { addressId: who.addressId } }, headers: { 'X-Forwarded-For': ip } })

  const setCart = async (who: Buyer, productId: string, quantity: number) => {
    const answer = await api.call('PUT', '/api/shop/cart/update-cart', { token: who.token, body: { userId: who.id, productId, quantity } })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  }

  async function pay(who: Buyer, created: { body: { orderId: string; razorpayOrder: { id: string } } }) {
    const { paymentId, signature } = fake.pay(created.body.razorpayOrder.id)
    const verified = await api.verify(who, { razorpay_order_id: created.body.razorpayOrder.id, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId: created.body.orderId })
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
  }

  it('a shopper holding the full stock: the cart stops at 10, a checkout holds 10 and no more, and another shopper can still buy', async () => {
    const asha = await buyer('Asha')
    const ravi = await buyer('Ravi')
    const whole = await api.call('POST', '/api/shop/cart/add', { token: asha.token, body: { userId: asha.id, productId: 'big-bowl', quantity: 25 } })
    expect(whole.status).toBe(400)
    expect(whole.body).toEqual({ success: false, message: CHECKOUT_MESSAGES.perOrderLimit(10), errors: { quantity: ['At most 10 of this item per order.'] } })
    await api.addToCart(asha, { productId: 'big-bowl', quantity: 10 })
    expect((await api.call('POST', '/api/shop/cart/add', { token: asha.token, body: { userId: asha.id, productId: 'big-bowl', quantity: 1 } })).status).toBe(400)
    const held = await checkoutFrom(asha, '198.51.100.1')
    expect(held.status, JSON.stringify(held.body)).toBe(201)
    expect(await api.stockOf('big-bowl')).toBe(15)
    // Starting again renews her checkout; it does not add to what she holds.
    for (let i = 0; i < 3; i++) expect((await checkoutFrom(asha, '198.51.100.1')).status).toBe(201)
    expect(await api.stockOf('big-bowl')).toBe(15)
    // Another shopper buys while she holds hers.
    await api.addToCart(ravi, { productId: 'big-bowl', quantity: 10 })
    const his = await checkoutFrom(ravi, '198.51.100.2')
    expect(his.status, JSON.stringify(his.body)).toBe(201)
    expect(await api.stockOf('big-bowl')).toBe(5)
    await pay(ravi, his)
    expect((await db.selectFrom('products').select('total_stock').where('id', '=', 'big-bowl').executeTakeFirstOrThrow()).total_stock).toBe(15)

    // A cart that already held the whole stock (filled before the limit) holds nothing: told which line and why.
    const mira = await buyer('Mira')
    await db.insertInto('carts').values({ id: 'c-mira', user_id: mira.id, updated_at: new Date().toISOString() }).execute()
    await db.insertInto('cart_lines').values({ id: 'l-mira', cart_id: 'c-mira', product_id: 'big-bowl', quantity: 15 }).execute()
    const ordersBefore = fake.orders.size
    const refused = await checkoutFrom(mira, '198.51.100.3')
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      success: false,
      message: 'Big resin bowl: at most 10 per order. Please lower the quantity in your cart.',
      errors: { cart: [CHECKOUT_MESSAGES.overLimit('Big resin bowl', 10)] },
    })
    expect(fake.orders.size).toBe(ordersBefore)
    expect(await api.stockOf('big-bowl')).toBe(5)
  })

  it('several accounts from one address hold at most 10 of a product together; unpaid checkouts past the hour\'s limit get 429', async () => {
    const office = '203.0.113.9'
    const [a, b, c, d, e] = [await buyer('Anu'), await buyer('Bala'), await buyer('Chitra'), await buyer('Dev'), await buyer('Esha')]
    // Anu holds 6 of the set; Bala, from the same address, may hold 4 more, not 6.
    await api.addToCart(a, { productId: 'vase-set', quantity: 6 })
    expect((await checkoutFrom(a, office)).status).toBe(201)
    await api.addToCart(b, { productId: 'vase-set', quantity: 6 })
    const nearby = await checkoutFrom(b, office)
    expect(nearby.status).toBe(400)
    expect(nearby.body.errors).toEqual({ cart: [CHECKOUT_MESSAGES.heldNearby('Vase set', 4, 10)] })
    expect(await api.stockOf('vase-set')).toBe(34)
    await setCart(b, 'vase-set', 4)
    expect((await checkoutFrom(b, office)).status).toBe(201)
    expect(await api.stockOf('vase-set')).toBe(30)

    // Chitra starts 2 unpaid checkouts (2 carts); a third is refused with when to try again, a retry is not.
    await api.addToCart(c, { productId: 'big-bowl', quantity: 1 })
    expect((await checkoutFrom(c, office)).status).toBe(201)
    await setCart(c, 'big-bowl', 2)
    expect((await checkoutFrom(c, office)).status).toBe(201)
    await setCart(c, 'big-bowl', 3)
    const ordersBefore = fake.orders.size
    const tooMany = await checkoutFrom(c, '198.51.100.77')
    expect(tooMany.status).toBe(429)
    expect(tooMany.body).toEqual({ success: false, message: CHECKOUT_MESSAGES.tooManyUnpaid })
    const retryAfter = Number((await fetch(`${server.url}/api/shop/order/razorpay/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': 'application/json', 'X-Forwarded-For': office },
      body: JSON.stringify({ addressInfo: { addressId: c.addressId } }),
    })).headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(fake.orders.size).toBe(ordersBefore)
    await setCart(c, 'big-bowl', 2)
    expect((await checkoutFrom(c, office)).status).toBe(201)

    // The address: 6 unpaid checkouts an hour (3 shoppers' worth) whoever starts them. Anu 1, Bala 1, Chitra 2, Dev 2: Esha is one too many there, not elsewhere.
    await api.addToCart(d, { productId: 'big-bowl', quantity: 1 })
    expect((await checkoutFrom(d, office)).status).toBe(201)
    await setCart(d, 'big-bowl', 2)
    expect((await checkoutFrom(d, office)).status).toBe(201)
    await api.addToCart(e, { productId: 'big-bowl', quantity: 1 })
    expect((await checkoutFrom(e, office)).status).toBe(429)
    expect((await checkoutFrom(e, '2001:db8:77::1')).status).toBe(201)
  })

  it('a checkout of a product with plenty of stock leaves the cached home, listing and search pages; one taking a product under 10, or to 0, drops the pages showing it', async () => {
    const [asha, ravi, mira] = [await buyer('Asha Sea'), await buyer('Ravi Sea'), await buyer('Mira Sea')]
    await api.addToCart(asha, { productId: 'sea-plenty', quantity: 3 })
    await api.addToCart(ravi, { productId: 'sea-few', quantity: 3 })
    await api.addToCart(mira, { productId: 'sea-last', quantity: 1 })
    // What visitors without a session ask for, each kept by the second visit.
    const PAGES = ['/shop/home', '/shop/listing', '/shop/search?keyword=sea', '/shop/product/sea-plenty', '/shop/product/sea-few', '/api/shop/products/get/sea-plenty', '/api/shop/products/get/sea-few']
    const visit = (path: string) => fetch(server.url + path, { headers: { 'Accept-Encoding': 'br, gzip', Accept: 'text/html' } })
    const cached = async (paths = PAGES) => {
      const states: Record<string, string | null> = {}
      for (const path of paths) states[path] = (await visit(path)).headers.get('x-cache')
      return states
    }
    const warm = async () => {
      await cached()
      expect(Object.values(await cached()).every((state) => state === 'HIT')).toBe(true)
    }
    await warm()

    // Plenty of stock (100 -> 97), and a shopper starting again and again: the lists and the product's
    // own page are kept (it has no variants, so its page shows what a card does); its /api answer,
    // which carries the exact number, is not (ADR 103).
    for (let i = 0; i < 5; i++) expect((await checkoutFrom(asha, '198.51.100.21')).status).toBe(201)
    expect(await cached()).toEqual({
      '/shop/home': 'HIT',
      '/shop/listing': 'HIT',
      '/shop/search?keyword=sea': 'HIT',
      '/shop/product/sea-plenty': 'HIT',
      '/shop/product/sea-few': 'HIT',
      '/api/shop/products/get/sea-plenty': 'MISS',
      '/api/shop/products/get/sea-few': 'HIT',
    })
    expect(await api.stockOf('sea-plenty')).toBe(97)

    // 12 -> 9: the cards now say 'Only 9 items left': every list drops, and the coaster's pages; the tray's page stays.
    await warm()
    expect((await checkoutFrom(ravi, '198.51.100.22')).status).toBe(201)
    expect(await cached()).toEqual({
      '/shop/home': 'MISS',
      '/shop/listing': 'MISS',
      '/shop/search?keyword=sea': 'MISS',
      '/shop/product/sea-plenty': 'HIT',
      '/shop/product/sea-few': 'MISS',
      '/api/shop/products/get/sea-plenty': 'HIT',
      '/api/shop/products/get/sea-few': 'MISS',
    })
    expect(await (await visit('/shop/home')).text()).toContain('Only 9 items left')

    // The last pendant held: out of stock on every list.
    await warm()
    expect((await checkoutFrom(mira, '198.51.100.23')).status).toBe(201)
    const lists = await cached(['/shop/home', '/shop/listing', '/shop/search?keyword=sea'])
    expect(lists).toEqual({ '/shop/home': 'MISS', '/shop/listing': 'MISS', '/shop/search?keyword=sea': 'MISS' })
    expect(await (await visit('/shop/search?keyword=pendant')).text()).toContain('Out Of Stock')
  })

  it("a checkout taking a variant's last piece drops that product's page (the variant shows sold out) and leaves the lists, whose cards show the same", async () => {
    const lena = await buyer('Lena Sea')
    const api2 = await api.call('POST', '/api/shop/cart/add', { token: lena.token, body: { userId: lena.id, productId: 'sea-sizes', quantity: 1, variety: 'Small' } })
    expect(api2.status, JSON.stringify(api2.body)).toBe(200)
    const visit = (path: string) => fetch(server.url + path, { headers: { 'Accept-Encoding': 'br, gzip', Accept: 'text/html' } })
    const PAGES = ['/shop/listing', '/shop/product/sea-sizes']
    for (const path of [...PAGES, ...PAGES]) await visit(path)
    expect(await visit('/shop/product/sea-sizes').then((r) => r.headers.get('x-cache'))).toBe('HIT')
    expect(await (await visit('/shop/product/sea-sizes')).text()).not.toContain('(sold out)')
    expect((await checkoutFrom(lena, '198.51.100.24')).status).toBe(201)
    expect(await visit('/shop/listing').then((r) => r.headers.get('x-cache'))).toBe('HIT')
    const page = await visit('/shop/product/sea-sizes')
    expect(page.headers.get('x-cache')).toBe('MISS')
    expect(await page.text()).toContain('(sold out)')
  })
})
