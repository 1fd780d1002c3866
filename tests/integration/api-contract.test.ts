// The /api contract as docs/api.md writes it (docs/spec/entities.md and docs/api.md), over real HTTP against the
// built server with the demo shop: every route's answer in its FULL shape, list calls without `page`
// answering every match up to the cap, unknown filters refused, check-auth by cookie, and the
// contract client's cart DELETE (no variety) removing the product.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import {
  ADDRESS,
  arrayOf,
  CART,
  CATEGORY,
  CHECK_AUTH,
  expectListOf,
  expectShape,
  FEATURE_IMAGE,
  nullable,
  object,
  ORDER,
  PAGED_LIST,
  PRODUCT,
  REVIEW,
  shapeProblems,
  UNPAGED_LIST,
  USER,
} from '../helpers/api-shape'
import { ADDRESS as ADDRESS_FIELDS, client, type Shopper, testPaymentResult } from '../helpers/shop-api'
import { insertOrder } from '../helpers/order-fixtures'
import { type RunningServer, startServer } from './server'
import { ORDER_MESSAGES } from '../../app/lib/order-status'
import { PASSWORD_RESET_MESSAGES } from '../../app/lib/user'

let server: RunningServer
let db: DB
const api = client(() => server)
const { call } = api
let admin: Shopper
let shopper: Shopper

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1', AUTH_RATE_LIMIT: '100' })
  db = openDatabase(server.database)
  admin = await api.login('admin@resincraft.studio', 'admin12345')
  shopper = await api.login('shopper@resincraft.studio', 'shopper12345')
}, 180_000)

afterAll(async () => {
  await db?.destroy()
  await server?.stop()
})

async function liveProducts(): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A product with a variety of 2+ options (and its first colour, if it has colours). */
async function productWithTwoOptions() {
  const rows = await db
    .selectFrom('product_varieties as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.product_id', 'p.variety_type'])
    .where('p.deleted_at', 'is', null)
    .where('p.total_stock', '>=', 4)
    // A plain piece: no personalisation to type (ADR 069), and no second option to choose (ADR 077): the
    // demo's ids are random, so without this the first by id was now and then the pendant with chains.
    .where('p.personalization', '=', '[]')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('product_options2 as o2').select('o2.product_id').whereRef('o2.product_id', '=', 'p.id'))))
    .groupBy(['v.product_id', 'p.variety_type'])
    .having((eb) => eb.fn.countAll(), '>=', 2)
    .orderBy('v.product_id')
    .execute()
  const id = rows[0]?.product_id
  if (!id) throw new Error('The demo catalogue has no product with two variety options')
  const detail = (await call('GET', `/api/shop/products/get/${id}`)).body.data
  const options: string[] =
    detail.variety.type === 'choice'
      ? detail.variety.options.map((o: { name: string }) => o.name)
      : detail.variety.type === 'size'
        ? detail.variety.sizes.map((o: { size: string }) => o.size)
        : detail.variety.packs.map((o: { packName: string }) => o.packName)
  return { id, options, color: (detail.colors as string[])[0] }
}

describe('the shape helper', () => {
  it('reports missing fields, wrong types and values outside an enum, and passes extras', () => {
    expect(shapeProblems({ _id: 'a', extra: 1 }, object({ _id: 'string' }))).toEqual([])
    expect(shapeProblems({ title: 3, images: ['a', 2] }, object({ _id: 'string', title: 'string', images: arrayOf('string') }))).toEqual([
      '$._id: missing',
      '$.title: expected string, got number 3',
      '$.images[1]: expected string, got number 2',
    ])
    expect(shapeProblems({ category: 'men' }, object({ category: CATEGORY }))).toHaveLength(1)
    expect(shapeProblems(null, nullable(object({})))).toEqual([])
  })
})

describe('GET /api/shop/products/get', () => {
  it('answers every product, each a full Product, with total and capped when no page is asked for', async () => {
    const answer = await call('GET', '/api/shop/products/get')
    expect(answer.status).toBe(200)
    const live = await liveProducts()
    expect(live).toBeGreaterThan(24)
    expectShape(answer.body, UNPAGED_LIST, 'products')
    expect(answer.body).toMatchObject({ success: true, total: live, capped: false, cap: 500 })
    expect(answer.body.data).toHaveLength(live)
    expectListOf(answer.body.data, PRODUCT, 'products')
    // The listing's fields are real: pictures, descriptions and colours as the product page has them.
    const detail = (await call('GET', `/api/shop/products/get/${answer.body.data[0]._id}`)).body.data
    expect(answer.body.data[0]).toEqual(detail)
    expect(answer.body.data.some((p: { colors: string[] }) => p.colors.length > 0)).toBe(true)
  })

  it('pages as before when page is given, with the same full Product items', async () => {
    const answer = await call('GET', '/api/shop/products/get?page=2&sortBy=title-atoz')
    expect(answer.status).toBe(200)
    expectShape(answer.body, PAGED_LIST, 'products page')
    const live = await liveProducts()
    expect(answer.body.pagination).toEqual({ page: 2, pageSize: 24, total: live, pageCount: Math.ceil(live / 24) })
    expect(answer.body.total).toBe(live)
    expectListOf(answer.body.data, PRODUCT, 'products page 2')
  })

  it('refuses unknown filter values, filter names and sortBy values with 400 and the allowed values', async () => {
    const refused: [string, string][] = [
      ['category=men', 'category'],
      ['category=jewellery,men', 'category'],
      ['price=under-100', 'price'],
      ['availability=soon', 'availability'],
      ['sortBy=newest', 'sortBy'],
      ['brand=acme', 'brand'],
      ['page=0', 'page'],
    ]
    for (const [query, field] of refused) {
      const answer = await call('GET', `/api/shop/products/get?${query}`)
      expect(answer.status, query).toBe(400)
      expect(answer.body.success, query).toBe(false)
      expect(Object.keys(answer.body.errors ?? {}), query).toEqual([field])
    }
    const categoryError = (await call('GET', '/api/shop/products/get?category=men')).body.errors.category[0]
    expect(categoryError).toContain('jewellery')
  })

  it('filters with known values only to what matches', async () => {
    const answer = await call('GET', '/api/shop/products/get?category=jewellery&price=under-500,500-1000&availability=in-stock')
    expect(answer.status).toBe(200)
    expect(answer.body.total).toBe(answer.body.data.length)
    for (const p of answer.body.data as { category: string; price: number; salePrice: number; totalStock: number }[]) {
      expect(p.category).toBe('jewellery')
      expect(p.salePrice > 0 ? p.salePrice : p.price).toBeLessThan(1000)
      expect(p.totalStock).toBeGreaterThan(0)
    }
    // An empty value selects nothing in that group: no filter, as the contract's client sends it.
    const all = await call('GET', '/api/shop/products/get?category=&sortBy=price-lowtohigh')
    expect(all.body.total).toBe(await liveProducts())
  })

  it("answers the contract's client with its filters cleared as if they were absent", async () => {
    // Its exact query: every filter it knows, blank once cleared (brand is not ours: blank, it is no filter).
    const cleared = await call('GET', '/api/shop/products/get?category=&brand=&sortBy=price-lowtohigh')
    const plain = await call('GET', '/api/shop/products/get?sortBy=price-lowtohigh')
    expect(cleared.status).toBe(200)
    expect(cleared.body).toEqual(plain.body)
    // Blank parameters on the other list calls: no filter, no page, as if absent.
    for (const path of ['/api/shop/search/resin', '/api/common/feature/get', `/api/shop/review/${plain.body.data[0]._id}`]) {
      const blank = await call('GET', `${path}?page=&brand=&category=`)
      expect(blank.status, path).toBe(200)
      expect(blank.body, path).toEqual((await call('GET', path)).body)
    }
  })
})

describe('GET /api/shop/search/:keyword', () => {
  it('answers full Products with total and capped, and pages with page', async () => {
    const answer = await call('GET', '/api/shop/search/resin')
    expect(answer.status).toBe(200)
    expectShape(answer.body, UNPAGED_LIST, 'search')
    expectListOf(answer.body.data, PRODUCT, 'search')
    expect(answer.body).toMatchObject({ total: answer.body.data.length, capped: false, cap: 500 })
    const paged = await call('GET', '/api/shop/search/resin?page=1')
    expectShape(paged.body, PAGED_LIST, 'search page')
    expect(paged.body.data.map((p: { _id: string }) => p._id)).toEqual(
      answer.body.data.slice(0, paged.body.pagination.pageSize).map((p: { _id: string }) => p._id),
    )
  })
})

describe('GET /api/auth/check-auth', () => {
  async function cookieLogin(email: string, password: string) {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__session='))
    expect(cookie).toMatch(/^__session=[^;]+;/)
    return (cookie as string).split(';')[0] as string
  }
  const checkAuth = async (headers: Record<string, string>) => {
    const response = await fetch(`${server.url}/api/auth/check-auth`, { headers })
    return { status: response.status, body: await response.json() }
  }

  it('accepts the session cookie alone, as every other /api call does', async () => {
    const cookie = await cookieLogin('shopper@resincraft.studio', 'shopper12345')
    const answer = await checkAuth({ Cookie: cookie })
    expect(answer.status).toBe(200)
    expect(answer.body.success).toBe(true)
    expectShape(answer.body, CHECK_AUTH, 'check-auth by cookie')
    expect(answer.body.user.email).toBe('shopper@resincraft.studio')
  })

  it('lets the Bearer header win over the cookie', async () => {
    const cookie = await cookieLogin('shopper@resincraft.studio', 'shopper12345')
    const asAdmin = await checkAuth({ Cookie: cookie, Authorization: `Bearer ${admin.token}` })
    expect(asAdmin.body.user.role).toBe('admin')
    const forged = await checkAuth({ Cookie: cookie, Authorization: 'Bearer forged.token' })
    expect(forged.status).toBe(401)
    expect(forged.body).toEqual({ success: false, message: 'Unauthorised user!' })
  })

  it("answers 401 'No token found' with neither", async () => {
    const answer = await checkAuth({})
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({ success: false, message: 'No token found' })
  })
})

describe('DELETE /api/shop/cart/:userId/:productId', () => {
  it("removes every line of the product when no variety is sent (the contract client's call)", async () => {
    const product = await productWithTwoOptions()
    const [first, second] = product.options
    await api.addToCart(shopper, { productId: product.id, quantity: 1, variety: first, color: product.color })
    await api.addToCart(shopper, { productId: product.id, quantity: 1, variety: second, color: product.color })
    expect((await api.cartOf(shopper)).items.filter((i) => i.productId === product.id)).toHaveLength(2)

    const answer = await call('DELETE', `/api/shop/cart/${shopper.id}/${product.id}`, { token: shopper.token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.message).toBe('Cart Item is Deleted Successfully')
    expectShape(answer.body.data, CART, 'cart after delete')
    expect(answer.body.data.items.filter((i: { productId: string }) => i.productId === product.id)).toEqual([])
  })

  it('narrows to one line with variety (and color) in the query', async () => {
    const product = await productWithTwoOptions()
    const [first, second] = product.options as [string, string]
    await api.addToCart(shopper, { productId: product.id, quantity: 1, variety: first, color: product.color })
    await api.addToCart(shopper, { productId: product.id, quantity: 1, variety: second, color: product.color })
    const query = new URLSearchParams({ variety: first, ...(product.color ? { color: product.color } : {}) })
    const answer = await call('DELETE', `/api/shop/cart/${shopper.id}/${product.id}?${query}`, { token: shopper.token })
    expect(answer.status).toBe(200)
    const left = answer.body.data.items.filter((i: { productId: string }) => i.productId === product.id)
    expect(left.map((i: { variety: { name: string } }) => i.variety.name)).toEqual([second])
    expect((await call('DELETE', `/api/shop/cart/${shopper.id}/${product.id}`, { token: shopper.token })).status).toBe(200)
    expect((await call('DELETE', `/api/shop/cart/${shopper.id}/${product.id}`, { token: shopper.token })).status).toBe(404)
  })
})

describe('the full shape of every answer', () => {
  it('auth: register, login, check-auth, logout', async () => {
    const registered = await call('POST', '/api/auth/register', {
      body: { userName: 'Meera', email: 'meera@example.com', password: 'resin-lover-1' },
    })
    expect(registered.status).toBe(201)
    expectShape(registered.body, object({ success: 'boolean', message: 'string' }), 'register')
    const login = await call('POST', '/api/auth/login', { body: { email: 'meera@example.com', password: 'resin-lover-1' } })
    expectShape(login.body, object({ success: 'boolean', message: 'string', user: USER, token: 'string' }), 'login')
    const check = await call('GET', '/api/auth/check-auth', { token: login.body.token })
    expectShape(check.body, CHECK_AUTH, 'check-auth')
    expect(check.body).toMatchObject({ success: true, message: 'Authenticated user!' })
    const logout = await call('POST', '/api/auth/logout', { token: login.body.token })
    expectShape(logout.body, object({ success: 'boolean', message: 'string' }), 'logout')
  })

  it('password reset: the forgot-password and reset-password answers', async () => {
    await call('POST', '/api/auth/register', { body: { userName: 'Kavya', email: 'kavya@example.com', password: 'resin-lover-1' } })
    const asked = await call('POST', '/api/auth/forgot-password', { body: { email: 'kavya@example.com' } })
    expect(asked.status).toBe(200)
    expectShape(asked.body, object({ success: 'boolean', message: 'string' }), 'forgot-password')
    expect(asked.body).toEqual({ success: true, message: PASSWORD_RESET_MESSAGES.requested })
    // Without SMTP_URL the link waits in the outbox (the admin's mailbox).
    const mail = await db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', 'like', '%kavya@example.com%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const token = mail.text.match(/reset-password\?token=([\w-]+)/)?.[1] ?? ''
    expect(token).not.toBe('')
    const reset = await call('POST', '/api/auth/reset-password', { body: { token, password: 'brand-new-pass-1' } })
    expect(reset.status).toBe(200)
    expectShape(reset.body, object({ success: 'boolean', message: 'string' }), 'reset-password')
    expect(reset.body).toEqual({ success: true, message: PASSWORD_RESET_MESSAGES.done })
  })

  it('admin products: upload, add, edit, list (unpaged and paged), delete', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7bd5' } }).png().toBuffer()
    const form = new FormData()
    form.set('my_file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tray.png')
    const uploaded = await fetch(`${server.url}/api/admin/products/upload-image`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}` },
      body: form,
    })
    const upload = await uploaded.json()
    expectShape(upload, object({ success: 'boolean', result: object({ url: 'string' }) }), 'upload')

    const product = {
      title: 'Shape test tray',
      description: 'A tray for the contract test.',
      category: 'home-decor',
      price: 1200,
      salePrice: 999,
      totalStock: 5,
      averageReview: 0,
      image: upload.result.url,
      images: [upload.result.url],
      colors: ['Teal'],
      variety: { type: 'size', sizes: [{ size: 'Small', price: 1200, salePrice: 0 }] },
    }
    const added = await call('POST', '/api/admin/products/add', { token: admin.token, body: product })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expectShape(added.body, object({ success: 'boolean', message: 'string', data: PRODUCT }), 'product add')
    const id = added.body.data._id
    const edited = await call('PUT', `/api/admin/products/edit/${id}`, { token: admin.token, body: { ...product, title: 'Shape test tray 2' } })
    expectShape(edited.body, object({ success: 'boolean', message: 'string', data: PRODUCT }), 'product edit')

    const all = await call('GET', '/api/admin/products/get', { token: admin.token })
    expectShape(all.body, UNPAGED_LIST, 'admin products')
    expectListOf(all.body.data, PRODUCT, 'admin products')
    expect(all.body).toMatchObject({ total: await liveProducts(), capped: false, cap: 500 })
    expect(all.body.data).toHaveLength(await liveProducts())
    const paged = await call('GET', '/api/admin/products/get?page=1', { token: admin.token })
    expectShape(paged.body, PAGED_LIST, 'admin products page')

    const one = await call('GET', `/api/shop/products/get/${id}`)
    expectShape(one.body, object({ success: 'boolean', data: PRODUCT }), 'product')
    const deleted = await call('DELETE', `/api/admin/products/delete/${id}`, { token: admin.token })
    expectShape(deleted.body, object({ success: 'boolean', message: 'string' }), 'product delete')
  })

  it('features: add, list (unpaged and paged), delete', async () => {
    const image = (await call('GET', '/api/common/feature/get')).body.data[0].image
    const added = await call('POST', '/api/common/feature/add', { token: admin.token, body: { image } })
    expect(added.status).toBe(201)
    expectShape(added.body, object({ success: 'boolean', message: 'string', data: FEATURE_IMAGE }), 'feature add')
    const list = await call('GET', '/api/common/feature/get')
    expectShape(list.body, UNPAGED_LIST, 'features')
    expectListOf(list.body.data, FEATURE_IMAGE, 'features')
    expect(list.body).toMatchObject({ total: 5, capped: false })
    const paged = await call('GET', '/api/common/feature/get?page=1')
    expectShape(paged.body, PAGED_LIST, 'features page')
    const deleted = await call('DELETE', `/api/common/feature/delete/${added.body.data._id}`, { token: admin.token })
    expect(deleted.status).toBe(200)
    expectShape(deleted.body, object({ success: 'boolean', message: 'string' }), 'feature delete')
    expect(deleted.body).toEqual({ success: true, message: 'Feature image deleted successfully' })
  })

  it('reviews: a list with reviewValue, unpaged and paged', async () => {
    // A product this shopper has not reviewed yet (the demo seed gives the demo shopper a few reviews).
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('id', 'not in', db.selectFrom('reviews').select('product_id').where('user_id', '=', shopper.id))
      .executeTakeFirstOrThrow()
    // A verified buyer's (a delivered order of hers holds the piece): only such reviews are listed (ADR 062).
    await insertOrder(db, { id: 'shape-review-order', user: { id: shopper.id, userName: 'Shape Shopper', email: 'shape@example.com' }, date: new Date(), status: 'delivered' })
    await db.updateTable('order_lines').set({ product_id: product.id }).where('order_id', '=', 'shape-review-order').execute()
    await db
      .insertInto('reviews')
      .values({ id: 'shape-review', product_id: product.id, user_id: shopper.id, review_value: 5, review_message: 'Lovely' })
      .execute()
    const list = await call('GET', `/api/shop/review/${product.id}`)
    expectShape(list.body, UNPAGED_LIST, 'reviews')
    expectListOf(list.body.data, REVIEW, 'reviews')
    expectShape((await call('GET', `/api/shop/review/${product.id}?page=1`)).body, PAGED_LIST, 'reviews page')
  })

  it('cart, addresses, checkout, orders and the admin order views', async () => {
    const product = await productWithTwoOptions()
    const line = { userId: shopper.id, productId: product.id, quantity: 1, variety: product.options[0], color: product.color }
    const added = await call('POST', '/api/shop/cart/add', { token: shopper.token, body: line })
    expectShape(added.body, object({ success: 'boolean', message: 'string', data: CART }), 'cart add')
    const got = await call('GET', `/api/shop/cart/get/${shopper.id}`, { token: shopper.token })
    expectShape(got.body, object({ success: 'boolean', data: CART }), 'cart get')
    expect(got.body.data.items.length).toBeGreaterThan(0)
    const updated = await call('PUT', '/api/shop/cart/update-cart', { token: shopper.token, body: { ...line, quantity: 2 } })
    expectShape(updated.body, object({ success: 'boolean', message: 'string', data: CART }), 'cart update')

    await api.clearAddresses(shopper)
    const address = await api.addAddress(shopper, ADDRESS_FIELDS)
    expectShape(address.body, object({ success: 'boolean', message: 'string', data: ADDRESS }), 'address add')
    const addressId = address.body.data._id
    const addresses = await call('GET', `/api/shop/address/get/${shopper.id}`, { token: shopper.token })
    expectShape(addresses.body, object({ success: 'boolean', data: { kind: 'array', of: ADDRESS } }), 'address get')
    const addressUpdate = await call('PUT', `/api/shop/address/update/${shopper.id}/${addressId}`, {
      token: shopper.token,
      body: { ...ADDRESS_FIELDS, city: 'Mysuru' },
    })
    expectShape(addressUpdate.body, object({ success: 'boolean', message: 'string', data: ADDRESS }), 'address update')

    const created = await api.createOrder(shopper, { userId: shopper.id, addressInfo: { addressId } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expectShape(
      created.body,
      object({ success: 'boolean', razorpayOrder: object({ id: 'string', amount: 'number' }), orderId: 'string' }),
      'razorpay create',
    )
    const verified = await api.verify(shopper, testPaymentResult(created.body.razorpayOrder.id, 'pay_shape_1', created.body.orderId))
    expectShape(verified.body, object({ success: 'boolean', message: 'string' }), 'razorpay verify')

    const details = await call('GET', `/api/shop/order/details/${created.body.orderId}`, { token: shopper.token })
    expectShape(details.body, object({ success: 'boolean', data: ORDER }), 'order details')
    expect(details.body.data.cartItems.length).toBeGreaterThan(0)
    expect(details.body.data.addressInfo.addressId).toBe(addressId)

    const list = await call('GET', `/api/shop/order/list/${shopper.id}`, { token: shopper.token })
    expectShape(list.body, UNPAGED_LIST, 'order list')
    expectListOf(list.body.data, ORDER, 'order list')
    expect(list.body.data[0]._id).toBe(created.body.orderId)
    expectShape((await call('GET', `/api/shop/order/list/${shopper.id}?page=1`, { token: shopper.token })).body, PAGED_LIST, 'order list page')

    const adminDetails = await call('GET', `/api/admin/orders/details/${created.body.orderId}`, { token: admin.token })
    expectShape(adminDetails.body, object({ success: 'boolean', data: ORDER }), 'admin order details')
    const statusUpdate = await call('PUT', `/api/admin/orders/update/${created.body.orderId}`, {
      token: admin.token,
      body: { orderStatus: 'inProcess' },
    })
    expectShape(statusUpdate.body, object({ success: 'boolean', message: 'string' }), 'admin order update')

    // The shopper cancels an order still pending (unpaid): the whole Order comes back, cancelled.
    await call('POST', '/api/shop/cart/add', { token: shopper.token, body: line })
    const second = await api.createOrder(shopper, { userId: shopper.id, addressInfo: { addressId } })
    expect(second.status, JSON.stringify(second.body)).toBe(201)
    const cancelled = await call('POST', `/api/shop/order/cancel/${second.body.orderId}`, { token: shopper.token })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expectShape(cancelled.body, object({ success: 'boolean', message: 'string', data: ORDER }), 'order cancel')
    expect(cancelled.body).toMatchObject({ success: true, message: ORDER_MESSAGES.cancelledUnpaid, data: { _id: second.body.orderId, orderStatus: 'cancelled' } })
    await call('DELETE', `/api/shop/cart/${shopper.id}/${product.id}`, { token: shopper.token })

    const spare = await api.addAddress(shopper, { ...ADDRESS_FIELDS, city: 'Hubballi' })
    expect(spare.status).toBe(201)
    const addressDelete = await call('DELETE', `/api/shop/address/delete/${shopper.id}/${spare.body.data._id}`, { token: shopper.token })
    expect(addressDelete.status).toBe(200)
    expectShape(addressDelete.body, object({ success: 'boolean', message: 'string' }), 'address delete')
    expect(addressDelete.body).toEqual({ success: true, message: 'Address Deleted Successfully' })
    await api.clearAddresses(shopper)
  })
})

describe('GET /api/admin/orders/get', () => {
  it('answers every order (not one page of 20) with full orders when no page is asked for', async () => {
    // Copies of a demo order, so there are more orders than one page holds.
    const found = await db.selectFrom('orders').selectAll().orderBy('order_date').executeTakeFirstOrThrow()
    // On PostgreSQL the table has a real rowid column (db/dialect.ts): each copy numbers its own.
    const { rowid: _rowid, ...original } = found as typeof found & { rowid?: unknown }
    for (let n = 1; n <= 10; n++) {
      await db
        .insertInto('orders')
        .values({ ...original, id: `copy-${n}-${original.id}`, number: 900_000 + n, gateway_order_id: null, gateway_payment_id: null })
        .execute()
    }
    // Unpaid checkouts are not orders (ADR 038): left out unless `view=all` asks for every row.
    const rows = await db.selectFrom('orders').select(['order_status', 'payment_status']).execute()
    const count = rows.filter((o) => !(o.order_status === 'pending' && ['pending', 'failed'].includes(o.payment_status))).length
    expect(count).toBeGreaterThan(20)
    const everyRow = await call('GET', '/api/admin/orders/get?view=all', { token: admin.token })
    expectShape(everyRow.body, UNPAGED_LIST, 'admin orders, every row')
    expect(everyRow.body).toMatchObject({ total: rows.length, capped: false, cap: 1000 })
    const all = await call('GET', '/api/admin/orders/get', { token: admin.token })
    expect(all.status).toBe(200)
    expectShape(all.body, UNPAGED_LIST, 'admin orders')
    expect(all.body).toMatchObject({ total: count, capped: false, cap: 1000 })
    expect(all.body.data).toHaveLength(count)
    expectListOf(all.body.data, ORDER, 'admin orders')
    const paged = await call('GET', '/api/admin/orders/get?page=2', { token: admin.token })
    expectShape(paged.body, PAGED_LIST, 'admin orders page')
    expect(paged.body.pagination).toEqual({ page: 2, pageSize: 20, total: count, pageCount: Math.ceil(count / 20) })
  })
})
