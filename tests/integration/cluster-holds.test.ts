// `WEB_CONCURRENCY=2` on PostgreSQL: what a checkout's holds drop from the page caches of every
// worker, whichever worker took it (ADR 050, through the relay of server/app.ts tellSiblings): a
// checkout of a product with plenty of stock drops that product's own page on every worker and
// leaves the listing kept on every worker; one taking a product below 10 drops the listing too.
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startShopWithFakeRazorpay, type ShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'
import { insertProducts } from '../helpers/fixtures'
import { usePostgresDatabase } from '../helpers/postgres'
import { client } from '../helpers/shop-api'

const WORKERS = 2

let shop: ShopWithFakeRazorpay
const api = client(() => shop.server)

interface Reply {
  worker: string
  cache: string | undefined
}

/** A visitor's GET over a connection of its own (no keep-alive): the cluster's primary picks the worker. */
function visit(path: string): Promise<Reply> {
  const url = new URL(shop.server.url + path)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, agent: false, headers: { 'Accept-Encoding': 'br', Accept: 'text/html' } },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ worker: String(res.headers['x-worker'] ?? ''), cache: res.headers['x-cache'] as string | undefined }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** The first answer of each worker to `path` (asked until every worker answered). */
async function eachWorker(path: string): Promise<Map<string, string | undefined>> {
  const first = new Map<string, string | undefined>()
  for (let i = 0; i < 40 && first.size < WORKERS; i++) {
    const reply = await visit(path)
    if (!first.has(reply.worker)) first.set(reply.worker, reply.cache)
  }
  expect(first.size).toBe(WORKERS)
  return first
}

const states = async (path: string) => [...(await eachWorker(path)).values()]

/**
 * Asks until every worker has answered `path` with a MISS (its kept copy dropped). The drop reaches
 * the other worker as a message between processes, so it is waited for (2 s at most).
 */
async function droppedOnEveryWorker(path: string) {
  const missed = new Set<string>()
  for (const deadline = Date.now() + 2_000; missed.size < WORKERS && Date.now() < deadline; ) {
    const reply = await visit(path)
    if (reply.cache === 'MISS') missed.add(reply.worker)
  }
  expect(missed.size, `workers that dropped ${path}`).toBe(WORKERS)
}

describe(`a checkout's holds on WEB_CONCURRENCY=${WORKERS}`, () => {
  const pg = usePostgresDatabase()

  beforeAll(async () => {
    shop = await startShopWithFakeRazorpay(
      { keyId: 'rzp_test_clusterholds', keySecret: 'cluster-holds-secret', webhookSecret: 'cluster-holds-webhook' },
      // Pages kept for a minute, not PostgreSQL's 5 s: on a loaded machine the checks below outlast
      // 5 s, and a page expiring would read as a page dropped; only the relay may drop them here.
      { DATABASE_URL: pg.url, WEB_CONCURRENCY: String(WORKERS), DATABASE_POOL_SIZE: '4', PAGE_CACHE_TTL_SECONDS: '60' },
    )
    const serving = () => shop.server.output().match(/Worker \d+ \(process \d+\) is serving on/g)?.length ?? 0
    for (const deadline = Date.now() + 120_000; serving() < WORKERS; ) {
      if (Date.now() > deadline) throw new Error(`Not every worker started:\n${shop.server.output()}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    await insertProducts(shop.db, [
      { id: 'relay-plenty', title: 'Relay tray', price: 90_000, stock: 100 },
      { id: 'relay-few', title: 'Relay coaster', price: 40_000, stock: 11 },
    ])
  }, 180_000)

  afterAll(async () => {
    await shop?.stop()
  })

  it('drops on every worker what the hold changed for a visitor, and only that', async () => {
    const shopper = await api.registerAndLogin('Relay Shopper', 'relay-shopper@example.com')
    const addressId = (await api.addAddress(shopper)).body.data._id as string
    await api.addToCart(shopper, { productId: 'relay-plenty', quantity: 3 })
    const pages = ['/shop/listing', '/shop/product/relay-plenty', '/api/shop/products/get/relay-plenty']
    const warm = async () => {
      for (const path of pages) {
        await eachWorker(path)
        expect(await states(path), path).toEqual(['HIT', 'HIT'])
      }
    }
    await warm()

    // 100 -> 97, through whichever worker: the tray's /api answer (it carries the number) goes
    // everywhere; its page (no variants: it shows no more than a card) and the listing stay (ADR 103).
    expect((await api.createOrder(shopper, { addressInfo: { addressId } })).status).toBe(201)
    await droppedOnEveryWorker('/api/shop/products/get/relay-plenty')
    // What the checkout told every worker (each dropped the tray's answer) left its page and the listing kept on each.
    expect(await states('/shop/product/relay-plenty')).toEqual(['HIT', 'HIT'])
    expect(await states('/shop/listing')).toEqual(['HIT', 'HIT'])

    // 11 -> 9: the card says 'Only 9 items left' now: the listing goes on every worker.
    await warm()
    await api.addToCart(shopper, { productId: 'relay-few', quantity: 2 })
    expect((await api.createOrder(shopper, { addressInfo: { addressId } })).status).toBe(201)
    await droppedOnEveryWorker('/shop/listing')
  })
})
