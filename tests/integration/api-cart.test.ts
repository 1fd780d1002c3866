// The cart /api (add, get, update-cart, delete) and the guest cart merge at login, over real HTTP
// against the built server. The catalogue is a small fixture written into the server's own database
// file (SEED_DEMO=0), so every price and stock below is known.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { insertProducts } from '../helpers/fixtures'
import { client, type Shopper } from '../helpers/shop-api'
import { type RunningServer, startServer } from './server'

interface ApiCartItem {
  productId: string
  lineId: string
  quantity: number
  variety: { type: string; name: string } | null
  color: string | null
  price: number
  salePrice: number
  title: string
  image: string
  totalStock: number
  available: boolean
  problem: string | null
}

interface ApiCart {
  _id: string | null
  items: ApiCartItem[]
  totalAmount: number
}

let server: RunningServer
/** The server's database file, opened beside it (WAL allows it) to write the fixture catalogue. */
let db: DB
let asha: Shopper
let ravi: Shopper
let admin: Shopper

/** Prices in paise: plain 500.00; sale 1000.00 on sale at 800.00; sized Small 300.00, Large 600.00 on sale at 450.00. */
function insertCatalogue() {
  const product = (id: string, price: number, sale: number, stock: number) => ({ id, description: `The ${id} fixture.`, price, sale, stock })
  return insertProducts(db, [
    { ...product('plain', 50_000, 0, 5), images: ['/img/plain.webp'] },
    product('sale', 100_000, 80_000, 10),
    {
      ...product('sized', 99_900, 0, 3),
      varieties: [
        { name: 'Small', price: 30_000 },
        { name: 'Large', price: 60_000, sale: 45_000 },
      ],
      colors: ['Red', 'Blue'],
    },
    product('for-guests', 25_000, 0, 4),
    { ...product('gone', 10_000, 0, 5), deleted: true },
  ])
}

const { call, login, registerAndLogin } = client(() => server)

const add = (who: Shopper, body: Record<string, unknown>) =>
  call('POST', '/api/shop/cart/add', { token: who.token, body: { userId: who.id, ...body } })
const update = (who: Shopper, body: Record<string, unknown>) =>
  call('PUT', '/api/shop/cart/update-cart', { token: who.token, body: { userId: who.id, ...body } })
const remove = (who: Shopper, productId: string, query = '', body?: unknown) =>
  call('DELETE', `/api/shop/cart/${who.id}/${productId}${query}`, { token: who.token, body })

async function cartOf(who: Shopper): Promise<ApiCart> {
  const answer = await call('GET', `/api/shop/cart/get/${who.id}`, { token: who.token })
  expect(answer.status).toBe(200)
  return answer.body.data as ApiCart
}

const lines = (cart: ApiCart) => cart.items.map((i) => [i.productId, i.variety?.name ?? null, i.color, i.quantity])

async function emptyCart(who: Shopper) {
  for (const item of (await cartOf(who)).items) {
    const query = new URLSearchParams()
    if (item.variety) query.set('variety', item.variety.name)
    if (item.color) query.set('color', item.color)
    expect((await remove(who, item.productId, `?${query}`)).status).toBe(200)
  }
}

beforeAll(async () => {
  server = await startServer({
    SEED_DEMO: '0',
    AUTH_RATE_LIMIT: '100',
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: 'owner-password-1',
  })
  db = openDatabase(server.database)
  await insertCatalogue()
  asha = await registerAndLogin('Asha', 'asha@example.com')
  ravi = await registerAndLogin('Ravi', 'ravi@example.com')
  admin = await login('owner@example.com', 'owner-password-1')
}, 120_000)

afterAll(async () => {
  await db?.destroy()
  await server?.stop()
})

describe('POST /api/shop/cart/add', () => {
  it('adds with a Bearer token and answers the cart with server prices in rupees', async () => {
    await emptyCart(asha)
    const answer = await add(asha, { productId: 'plain', quantity: 2 })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      success: true,
      message: 'Product is added to cart',
      data: {
        _id: expect.any(String),
        items: [
          {
            productId: 'plain',
            lineId: expect.any(String),
            quantity: 2,
            variety: null,
            color: null,
            personalization: {},
            price: 500,
            salePrice: 0,
            title: 'Resin plain',
            image: '/img/plain.webp',
            totalStock: 5,
            available: true,
            problem: null,
          },
        ],
        totalAmount: 1000,
        // Extras (ADR 073): what checkout would charge; no delivery fee is configured here.
        subtotal: 1000,
        delivery: 0,
        total: 1000,
      },
    })
    // The same product again raises the line.
    const again = await add(asha, { productId: 'plain', quantity: 1 })
    expect(lines(again.body.data as ApiCart)).toEqual([['plain', null, null, 3]])
  })

  it('ignores any price, salePrice or total the client sends', async () => {
    await emptyCart(asha)
    const answer = await add(asha, { productId: 'sale', quantity: 1, price: 1, salePrice: 1, total: 1 })
    expect(answer.status).toBe(200)
    const [item] = (answer.body.data as ApiCart).items
    expect(item).toMatchObject({ productId: 'sale', price: 1000, salePrice: 800 })
    expect(answer.body.data?.totalAmount).toBe(800)
  })

  it('takes the variety as a name or as the original client object, and prices it', async () => {
    await emptyCart(asha)
    const asObject = await add(asha, {
      productId: 'sized',
      quantity: 1,
      variety: { type: 'size', size: 'Large', price: 1 },
      color: 'Red',
    })
    expect(asObject.status).toBe(200)
    const asName = await add(asha, { productId: 'sized', quantity: 1, variety: 'Small', color: 'Blue' })
    expect(asName.status).toBe(200)
    const asOption = await add(asha, { productId: 'sized', quantity: 1, variety: { type: 'size', name: 'Large' }, color: 'Red' })
    const cart = asOption.body.data as ApiCart
    expect(lines(cart)).toEqual([
      ['sized', 'Large', 'Red', 2],
      ['sized', 'Small', 'Blue', 1],
    ])
    expect(cart.items[0]).toMatchObject({ variety: { type: 'size', name: 'Large' }, price: 600, salePrice: 450 })
    expect(cart.items[1]).toMatchObject({ variety: { type: 'size', name: 'Small' }, price: 300, salePrice: 0 })
    expect(cart.totalAmount).toBe(1200)
  })

  it('answers 400 with errors when a variety or color is missing or unknown', async () => {
    await emptyCart(asha)
    const missing = await add(asha, { productId: 'sized', quantity: 1 })
    expect(missing.status).toBe(400)
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(['color', 'variety'])
    const unknown = await add(asha, { productId: 'sized', quantity: 1, variety: { type: 'size', size: 'Huge' }, color: 'Red' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors?.variety).toEqual(['This option is not available.'])
    const wrongType = await add(asha, { productId: 'sized', quantity: 1, variety: 42, color: 'Red' })
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.errors?.variety).toEqual(['Variety must be an option name.'])
    expect((await cartOf(asha)).items).toEqual([])
  })

  it('answers 400 with the message when the stock would be exceeded', async () => {
    await emptyCart(asha)
    expect((await add(asha, { productId: 'sized', quantity: 2, variety: 'Small', color: 'Red' })).status).toBe(200)
    // Both sizes share the stock of 3.
    const over = await add(asha, { productId: 'sized', quantity: 2, variety: 'Large', color: 'Red' })
    expect(over.status).toBe(400)
    expect(over.body).toMatchObject({
      success: false,
      message: 'Only 2 quantity can be added for this item',
      errors: { quantity: ['Only 2 quantity can be added for this item'] },
    })
    const sameLine = await add(asha, { productId: 'sized', quantity: 2, variety: 'Small', color: 'Red' })
    expect(sameLine.body.message).toBe('Only 2 quantity can be added for this item')
    expect(lines(await cartOf(asha))).toEqual([['sized', 'Small', 'Red', 2]])
  })

  it('answers 404 for an unknown or deleted product', async () => {
    for (const productId of ['no-such-product', 'gone']) {
      const answer = await add(asha, { productId, quantity: 1 })
      expect(answer.status).toBe(404)
      expect(answer.body.success).toBe(false)
    }
  })

  it('answers 400 for a missing productId and for malformed JSON', async () => {
    const noProduct = await add(asha, { quantity: 1 })
    expect(noProduct.status).toBe(400)
    expect(noProduct.body.errors?.productId).toEqual(['Missing product.'])
    const malformed = await call('POST', '/api/shop/cart/add', { token: asha.token, body: '{"userId": ' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors).toEqual({ body: ['The request body is not valid JSON.'] })
    const array = await call('POST', '/api/shop/cart/add', { token: asha.token, body: '[1]' })
    expect(array.status).toBe(400)
  })
})

describe('quantities', () => {
  const bad: unknown[] = [0, -1, 1.5, 'abc', 1000, undefined, null, true]

  it('add answers 400 with errors for each bad quantity and changes nothing', async () => {
    await emptyCart(asha)
    await add(asha, { productId: 'sale', quantity: 1 })
    const before = await cartOf(asha)
    for (const quantity of bad) {
      const answer = await add(asha, { productId: 'sale', quantity })
      expect(answer.status, `quantity ${JSON.stringify(quantity)}`).toBe(400)
      expect(answer.body.success).toBe(false)
      expect(answer.body.errors?.quantity).toEqual([expect.any(String)])
    }
    expect(await cartOf(asha)).toEqual(before)
  })

  it('update-cart answers 400 with errors for each bad quantity and changes nothing', async () => {
    const before = await cartOf(asha)
    for (const quantity of bad) {
      const answer = await update(asha, { productId: 'sale', quantity })
      expect(answer.status, `quantity ${JSON.stringify(quantity)}`).toBe(400)
      expect(answer.body.errors?.quantity).toEqual([expect.any(String)])
    }
    expect(await cartOf(asha)).toEqual(before)
  })

  it('accepts a numeric string', async () => {
    await emptyCart(asha)
    const answer = await add(asha, { productId: 'sale', quantity: '3' })
    expect(answer.status).toBe(200)
    expect(lines(answer.body.data as ApiCart)).toEqual([['sale', null, null, 3]])
  })
})

describe('GET /api/shop/cart/get/:userId', () => {
  it("answers the caller's own cart", async () => {
    await emptyCart(asha)
    await add(asha, { productId: 'plain', quantity: 1 })
    const answer = await call('GET', `/api/shop/cart/get/${asha.id}`, { token: asha.token })
    expect(answer.status).toBe(200)
    expect(answer.body.success).toBe(true)
    expect(lines(answer.body.data as ApiCart)).toEqual([['plain', null, null, 1]])
  })

  it('answers an empty cart for a shopper who never added anything', async () => {
    const fresh = await registerAndLogin('Neha', 'neha@example.com')
    expect(await cartOf(fresh)).toEqual({ _id: null, items: [], totalAmount: 0, subtotal: 0, delivery: 0, total: 0 })
  })

  it('shows a line whose product was deleted as unavailable, outside the total', async () => {
    const shopper = await registerAndLogin('Kiran', 'kiran@example.com')
    await add(shopper, { productId: 'for-guests', quantity: 1 })
    await add(shopper, { productId: 'sale', quantity: 1 })
    await db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', 'for-guests').execute()
    try {
      const cart = await cartOf(shopper)
      expect(cart.items.find((i) => i.productId === 'for-guests')).toMatchObject({ available: false, problem: expect.any(String) })
      expect(cart.totalAmount).toBe(800)
    } finally {
      await db.updateTable('products').set({ deleted_at: null }).where('id', '=', 'for-guests').execute()
    }
  })
})

describe('PUT /api/shop/cart/update-cart', () => {
  it("sets the line's quantity, within the stock", async () => {
    await emptyCart(asha)
    await add(asha, { productId: 'plain', quantity: 1 })
    const answer = await update(asha, { productId: 'plain', quantity: 4, price: 1 })
    expect(answer.status).toBe(200)
    expect(answer.body.message).toBe('Cart Item is Updated Successfully')
    expect(answer.body.data?.items[0]).toMatchObject({ quantity: 4, price: 500 })
    expect(answer.body.data?.totalAmount).toBe(2000)
    const over = await update(asha, { productId: 'plain', quantity: 6 })
    expect(over.status).toBe(400)
    expect(over.body.message).toBe('Only 4 Quantity Can be Added for this Item')
    const lower = await update(asha, { productId: 'plain', quantity: 2 })
    expect(lower.body.data?.items[0]?.quantity).toBe(2)
  })

  it('picks the line by variety and color when the product has several', async () => {
    await emptyCart(asha)
    await add(asha, { productId: 'sized', quantity: 1, variety: 'Small', color: 'Red' })
    await add(asha, { productId: 'sized', quantity: 1, variety: 'Large', color: 'Red' })
    const ambiguous = await update(asha, { productId: 'sized', quantity: 2 })
    expect(ambiguous.status).toBe(400)
    const picked = await update(asha, { productId: 'sized', quantity: 2, variety: { type: 'size', size: 'Large' }, color: 'Red' })
    expect(picked.status).toBe(200)
    expect(lines(picked.body.data as ApiCart)).toEqual([
      ['sized', 'Small', 'Red', 1],
      ['sized', 'Large', 'Red', 2],
    ])
    const over = await update(asha, { productId: 'sized', quantity: 3, variety: 'Small', color: 'Red' })
    expect(over.body.message).toBe('Only 1 Quantity Can be Added for this Item')
  })

  it('answers 404 for a product that is not in the cart', async () => {
    const answer = await update(asha, { productId: 'for-guests', quantity: 1 })
    expect(answer.status).toBe(404)
  })
})

describe('DELETE /api/shop/cart/:userId/:productId', () => {
  it('removes the lines picked by variety and color in the query string or the body, or all of the product', async () => {
    await emptyCart(asha)
    await add(asha, { productId: 'plain', quantity: 1 })
    await add(asha, { productId: 'sized', quantity: 1, variety: 'Small', color: 'Red' })
    await add(asha, { productId: 'sized', quantity: 1, variety: 'Small', color: 'Blue' })
    await add(asha, { productId: 'sized', quantity: 1, variety: 'Large', color: 'Blue' })

    const byQuery = await remove(asha, 'sized', '?variety=Small&color=Blue')
    expect(byQuery.status).toBe(200)
    expect(byQuery.body.message).toBe('Cart Item is Deleted Successfully')
    expect(lines(byQuery.body.data as ApiCart)).toEqual([
      ['plain', null, null, 1],
      ['sized', 'Small', 'Red', 1],
      ['sized', 'Large', 'Blue', 1],
    ])
    const byBody = await remove(asha, 'sized', '', { variety: { type: 'size', size: 'Large' }, color: 'Blue' })
    expect(byBody.status).toBe(200)
    expect(lines(byBody.body.data as ApiCart)).toEqual([
      ['plain', null, null, 1],
      ['sized', 'Small', 'Red', 1],
    ])
    // No selection: every line of the product goes (the contract's client sends no variety).
    await add(asha, { productId: 'sized', quantity: 1, variety: 'Large', color: 'Red' })
    const all = await remove(asha, 'sized')
    expect(all.status).toBe(200)
    expect(lines(all.body.data as ApiCart)).toEqual([['plain', null, null, 1]])
    const plain = await remove(asha, 'plain')
    expect(plain.body.data?.items).toEqual([])
  })

  it('answers 404 for a line that is not there and 400 for a malformed body', async () => {
    expect((await remove(asha, 'sale')).status).toBe(404)
    expect((await remove(asha, 'sale', '?variety=Small')).status).toBe(404)
    const malformed = await remove(asha, 'sale', '', '{"variety":')
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors).toEqual({ body: ['The request body is not valid JSON.'] })
  })
})

describe('who may touch a cart', () => {
  it("refuses another user's userId with 403 on get, add, update and delete, changing nothing", async () => {
    await emptyCart(ravi)
    await add(ravi, { productId: 'sale', quantity: 1 })
    const before = await cartOf(ravi)
    const asAsha = { token: asha.token }
    const get = await call('GET', `/api/shop/cart/get/${ravi.id}`, asAsha)
    const added = await call('POST', '/api/shop/cart/add', { ...asAsha, body: { userId: ravi.id, productId: 'sale', quantity: 1 } })
    const updated = await call('PUT', '/api/shop/cart/update-cart', {
      ...asAsha,
      body: { userId: ravi.id, productId: 'sale', quantity: 5 },
    })
    const deleted = await call('DELETE', `/api/shop/cart/${ravi.id}/sale`, asAsha)
    for (const answer of [get, added, updated, deleted]) {
      expect(answer.status).toBe(403)
      expect(answer.body.success).toBe(false)
      expect(answer.body.data).toBeUndefined()
    }
    expect(await cartOf(ravi)).toEqual(before)
  })

  it("answers 403 before validating a body that names another user (ownership first)", async () => {
    const asAsha = { token: asha.token }
    const added = await call('POST', '/api/shop/cart/add', { ...asAsha, body: { userId: ravi.id, productId: 42, quantity: 'lots' } })
    const updated = await call('PUT', '/api/shop/cart/update-cart', { ...asAsha, body: { userId: ravi.id, quantity: -1 } })
    const address = await call('POST', '/api/shop/address/add', { ...asAsha, body: { userId: ravi.id, pincode: 'abc' } })
    expect([added.status, updated.status, address.status]).toEqual([403, 403, 403])
    // A body naming nobody is still a validation error.
    expect((await call('POST', '/api/shop/cart/add', { ...asAsha, body: { productId: 'sale', quantity: 1 } })).status).toBe(400)
  })

  it("lets the admin read any cart but not change another user's", async () => {
    const read = await call('GET', `/api/shop/cart/get/${ravi.id}`, { token: admin.token })
    expect(read.status).toBe(200)
    expect(read.body.data).toEqual(await cartOf(ravi))
    const before = await cartOf(ravi)
    const added = await call('POST', '/api/shop/cart/add', {
      token: admin.token,
      body: { userId: ravi.id, productId: 'sale', quantity: 1 },
    })
    const updated = await call('PUT', '/api/shop/cart/update-cart', {
      token: admin.token,
      body: { userId: ravi.id, productId: 'sale', quantity: 5 },
    })
    const deleted = await call('DELETE', `/api/shop/cart/${ravi.id}/sale`, { token: admin.token })
    expect([added.status, updated.status, deleted.status]).toEqual([403, 403, 403])
    expect(await cartOf(ravi)).toEqual(before)
  })

  it('answers 401 without a token, and with a forged one', async () => {
    const body = { userId: asha.id, productId: 'sale', quantity: 1 }
    for (const token of [undefined, 'forged.token']) {
      const answers = [
        await call('GET', `/api/shop/cart/get/${asha.id}`, { token }),
        await call('POST', '/api/shop/cart/add', { token, body }),
        await call('PUT', '/api/shop/cart/update-cart', { token, body }),
        await call('DELETE', `/api/shop/cart/${asha.id}/sale`, { token }),
      ]
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401])
    }
  })

  it('answers 405 to the wrong method', async () => {
    expect((await call('GET', '/api/shop/cart/add', { token: asha.token })).status).toBe(405)
    expect((await call('PUT', '/api/shop/cart/add', { token: asha.token, body: {} })).status).toBe(405)
    expect((await call('GET', '/api/shop/cart/update-cart', { token: asha.token })).status).toBe(405)
    expect((await call('POST', '/api/shop/cart/update-cart', { token: asha.token, body: {} })).status).toBe(405)
    expect((await call('POST', `/api/shop/cart/get/${asha.id}`, { token: asha.token, body: {} })).status).toBe(405)
    expect((await call('GET', `/api/shop/cart/${asha.id}/sale`, { token: asha.token })).status).toBe(405)
    const response = await fetch(`${server.url}/api/shop/cart/add`)
    expect(response.headers.get('allow')).toBe('POST')
  })
})

describe('the guest cart', () => {
  /** The `__session=...` pair among a response's Set-Cookie headers. */
  function sessionCookie(response: Response): string {
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .find((c) => c.startsWith('__session='))
    expect(cookie, 'a __session cookie').toMatch(/^__session=[^;]+$/)
    return cookie as string
  }

  function postCartForm(fields: Record<string, string>, cookie?: string) {
    return fetch(`${server.url}/shop/cart`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(cookie ? { Cookie: cookie, Origin: server.url } : {}),
      },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    })
  }

  it('merges into the user cart at login, capped at the stock', async () => {
    const shopper = await registerAndLogin('Meera', 'meera@example.com')
    await add(shopper, { productId: 'for-guests', quantity: 3 })

    // A visitor without cookies adds twice through the plain HTML form.
    const first = await postCartForm({ intent: 'add', productId: 'for-guests', redirectTo: '/shop/cart' })
    expect(first.status).toBeGreaterThanOrEqual(300)
    expect(first.status).toBeLessThan(400)
    expect(first.headers.get('location')).toBe('/shop/cart')
    const cookie = sessionCookie(first)
    const second = await postCartForm({ intent: 'add', productId: 'for-guests', redirectTo: '/shop/cart' }, cookie)
    expect(second.status).toBeLessThan(400)
    const plain = await postCartForm({ intent: 'add', productId: 'plain', redirectTo: '/shop/cart' }, cookie)
    expect(plain.status).toBeLessThan(400)
    const guestCarts = await db.selectFrom('carts').select('id').where('guest_id', 'is not', null).execute()
    expect(guestCarts).toHaveLength(1)

    // Logging in with the visitor's cookie moves the guest cart into the user's.
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: server.url },
      body: JSON.stringify({ email: 'meera@example.com', password: 'resin-lover-1' }),
    })
    expect(login.status).toBe(200)
    const cart = await cartOf(shopper)
    // 3 + 2 capped at the stock of 4; the new line moves as it is.
    expect(lines(cart)).toEqual([
      ['for-guests', null, null, 4],
      ['plain', null, null, 1],
    ])
    expect(await db.selectFrom('carts').select('id').where('guest_id', 'is not', null).execute()).toEqual([])
  })

  it('a visitor gets no cart through the /api', async () => {
    const answer = await call('POST', '/api/shop/cart/add', { body: { userId: 'anyone', productId: 'plain', quantity: 1 } })
    expect(answer.status).toBe(401)
  })
})
