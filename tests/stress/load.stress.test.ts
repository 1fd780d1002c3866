// Load: autocannon on loopback against the built server with the demo catalogue, for LOAD_SECONDS
// (60 by default). Every connection plays a shopper: home, listing (filtered and paged), two
// product pages, search page, the catalogue API, cart add and cart read through the API, then a
// checkout paid through the TEST MODE gateway. Zero errors allowed; throughput and p50/p99 reported.
import { join } from 'node:path'
import autocannon, { type Request } from 'autocannon'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../../db/database'
import { type RunningServer, startServer } from '../integration/server'
import { ADDRESS, client, SESSION_SECRET, type Shopper, testPaymentResult } from '../helpers/shop-api'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const CONNECTIONS = 8
/** A few more shoppers than connections: a shopper is taken for one round of the mix and given back. */
const SHOPPERS = CONNECTIONS + 2
const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' }

let server: RunningServer
const api = client(() => server)

interface Player extends Shopper {
  addressId: string
}

const free: Player[] = []
let productIds: string[] = []
let buyable: string[] = []

beforeAll(async () => {
  // Seeding the demo shop renders its pictures: give a busy machine time for it.
  server = await startServer(
    { SEED_DEMO: '1', AUTH_RATE_LIMIT: '10000', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { startTimeoutMs: 240_000 },
  )
  const db = openDatabase(join(server.dir, 'shop.sqlite'))
  try {
    // Plenty of stock, so that every checkout in the run is covered.
    await db.updateTable('products').set({ total_stock: 100_000 }).execute()
    const products = await db.selectFrom('products').select(['id', 'variety_type']).where('deleted_at', 'is', null).execute()
    const colored = new Set((await db.selectFrom('product_colors').select('product_id').execute()).map((c) => c.product_id))
    productIds = products.map((p) => p.id)
    buyable = products.filter((p) => p.variety_type === null && !colored.has(p.id)).map((p) => p.id)
  } finally {
    await db.destroy()
  }
  expect(productIds.length).toBeGreaterThan(20)
  expect(buyable.length).toBeGreaterThan(0)
  for (let i = 0; i < SHOPPERS; i++) {
    const who = await api.registerAndLogin(`Load shopper ${i}`, `load${i}@example.com`)
    const address = await api.addAddress(who, ADDRESS)
    expect(address.status).toBe(201)
    free.push({ ...who, addressId: address.body.data._id })
  }
}, 360_000)

afterAll(async () => {
  await server?.stop()
})

interface Round {
  player: Player
  productId: string
  orderId?: string
  gatewayOrderId?: string
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T

it(`serves a realistic mix for ${SECONDS} s with zero errors`, async () => {
  const problems: string[] = []
  let checkouts = 0
  const json = (player: Player, body: unknown) => ({
    headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
    body: JSON.stringify(body),
  })
  const expectStatus = (name: string, status: number, wanted: number) => {
    if (status !== wanted && problems.length < 20) problems.push(`${name}: ${status}`)
  }
  const requests: Request[] = [
    {
      method: 'GET',
      path: '/shop/home',
      // A round starts: take a free shopper and a product for this round.
      setupRequest: (req, context) => {
        const player = free.shift()
        if (!player) throw new Error('No free shopper')
        context.round = { player, productId: pick(buyable) } satisfies Round
        return req
      },
      onResponse: (status) => expectStatus('home', status, 200),
    },
    { method: 'GET', path: '/shop/listing', onResponse: (status) => expectStatus('listing', status, 200) },
    {
      method: 'GET',
      path: '/shop/listing?category=jewellery,home-decor&sortBy=price-lowtohigh&page=2',
      onResponse: (status) => expectStatus('listing filtered', status, 200),
    },
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `/shop/product/${encodeURIComponent(pick(productIds))}` }),
      onResponse: (status) => expectStatus('product', status, 200),
    },
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `/shop/search?keyword=${pick(['resin', 'coaster', 'ocean', 'gold', 'keychain'])}` }),
      onResponse: (status) => expectStatus('search', status, 200),
    },
    { method: 'GET', path: '/api/shop/products/get?sortBy=price-hightolow', onResponse: (status) => expectStatus('api products', status, 200) },
    {
      method: 'GET',
      setupRequest: (req, context) => ({ ...req, path: `/shop/product/${encodeURIComponent((context.round as Round).productId)}` }),
      onResponse: (status) => expectStatus('product to buy', status, 200),
    },
    {
      method: 'POST',
      path: '/api/shop/cart/add',
      setupRequest: (req, context) => {
        const { player, productId } = context.round as Round
        return { ...req, ...json(player, { userId: player.id, productId, quantity: 1 + Math.floor(Math.random() * 2) }) }
      },
      onResponse: (status) => expectStatus('cart add', status, 200),
    },
    {
      method: 'GET',
      setupRequest: (req, context) => {
        const { player } = context.round as Round
        return { ...req, path: `/api/shop/cart/get/${player.id}`, headers: { authorization: `Bearer ${player.token}` } }
      },
      onResponse: (status) => expectStatus('cart get', status, 200),
    },
    {
      method: 'POST',
      path: '/api/shop/order/razorpay/create',
      setupRequest: (req, context) => {
        const { player } = context.round as Round
        return { ...req, ...json(player, { addressInfo: { addressId: player.addressId } }) }
      },
      onResponse: (status, body, context) => {
        expectStatus('checkout', status, 201)
        const round = context.round as Round
        const answer = JSON.parse(body)
        round.orderId = answer.orderId
        round.gatewayOrderId = answer.razorpayOrder?.id
      },
    },
    {
      method: 'POST',
      path: '/api/shop/order/razorpay/verify',
      setupRequest: (req, context) => {
        const round = context.round as Round
        const result = testPaymentResult(round.gatewayOrderId ?? '', `pay_load_${round.orderId}`, round.orderId ?? '')
        return { ...req, ...json(round.player, result) }
      },
      onResponse: (status, body, context) => {
        expectStatus('payment', status, 200)
        if (status === 200 && JSON.parse(body).message === 'Payment Successful!') checkouts += 1
        // The round ends: the shopper is free again.
        free.push((context.round as Round).player)
      },
    },
  ]

  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    requests,
  })
  const summary = {
    seconds: SECONDS,
    connections: CONNECTIONS,
    requests: result.requests.total,
    throughput: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    checkouts,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    resets: result.resets,
  }
  console.log(`LOAD: ${JSON.stringify(summary)}`)
  expect(problems).toEqual([])
  expect(result.errors).toBe(0)
  expect(result.timeouts).toBe(0)
  expect(result.non2xx).toBe(0)
  expect(result.resets).toBe(0)
  expect(checkouts).toBeGreaterThan(0)
  // Nothing secret reaches the log: no session secret, password or payment signature.
  expect(server.output()).not.toContain(SESSION_SECRET)
  expect(server.output()).not.toContain('resin-lover-1')
  expect(server.output()).not.toMatch(/razorpay_signature|[0-9a-f]{64}/)
})
