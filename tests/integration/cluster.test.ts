// `WEB_CONCURRENCY=2` on PostgreSQL (ADR 040): the built shop under node:cluster on a throwaway
// PostgreSQL cluster, Razorpay pointed at the local fake. Every request here goes over a new
// connection, so the primary hands them to the workers in turn; the X-Worker header says which one
// answered. Nothing that matters may depend on the worker: a login session, the login rate limit,
// an uploaded image (its disk cache deleted), the last unit among 50 buyers; a worker SIGKILLed
// while shoppers pay is replaced, the other keeps answering, and no acknowledged payment is lost.
import { request as httpRequest } from 'node:http'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT_MESSAGES } from '../../app/lib/checkout-messages'
import { startShopWithFakeRazorpay, type ShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'
import { insertProducts } from '../helpers/fixtures'
import { usePostgresDatabase } from '../helpers/postgres'
import { client, type Shopper } from '../helpers/shop-api'
import { ADMIN_ENV } from '../helpers/shop-client'

const WORKERS = 2
const BUYERS = 50
const LIMIT = 60

let shop: ShopWithFakeRazorpay
const api = client(() => shop.server)

interface Reply {
  status: number
  worker: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** One request over a connection of its own (no keep-alive): the cluster's primary picks the worker. */
function fresh(method: string, path: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Reply> {
  const url = new URL(shop.server.url + path)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, agent: false, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, worker: String(res.headers['x-worker'] ?? ''), headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** Sends `send` until answers from at least `count` different workers came back; answers them all. */
async function acrossWorkers(send: () => Promise<Reply>, count = WORKERS, max = 40): Promise<Reply[]> {
  const replies: Reply[] = []
  while (replies.length < max) {
    replies.push(await send())
    if (new Set(replies.map((r) => r.worker)).size >= count) return replies
  }
  throw new Error(`Only workers ${[...new Set(replies.map((r) => r.worker))].join(', ')} answered ${max} requests`)
}

const json = (body: unknown) => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

describe(`WEB_CONCURRENCY=${WORKERS} on PostgreSQL`, () => {
  const pg = usePostgresDatabase()

  beforeAll(async () => {
    shop = await startShopWithFakeRazorpay(
      { keyId: 'rzp_test_clusterkey', keySecret: 'cluster-key-secret', webhookSecret: 'cluster-webhook-secret' },
      { ...ADMIN_ENV, DATABASE_URL: pg.url, WEB_CONCURRENCY: String(WORKERS), AUTH_RATE_LIMIT: String(LIMIT), DATABASE_POOL_SIZE: '4' },
    )
    // Every worker is up (the helper waited for the first answer only).
    const serving = () => shop.server.output().match(/Worker \d+ \(process \d+\) is serving on/g)?.length ?? 0
    for (const deadline = Date.now() + 120_000; serving() < WORKERS; ) {
      if (Date.now() > deadline) throw new Error(`Not every worker started:\n${shop.server.output()}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    await acrossWorkers(() => fresh('GET', '/healthz'))
  }, 180_000)

  afterAll(async () => {
    await shop?.stop()
  })

  it('migrates and seeds once in the primary, then serves from every worker', async () => {
    const output = shop.server.output()
    expect(output).toContain(`Started ${WORKERS} worker processes`)
    expect(output.match(/Worker \d+ \(process \d+\) is serving on/g)).toHaveLength(WORKERS)
    // The migrations ran once: the primary's line, no worker's.
    expect(output.match(/Applied migrations:/g)).toHaveLength(1)
    const replies = await acrossWorkers(() => fresh('GET', '/healthz'))
    for (const reply of replies) expect(JSON.parse(reply.body.toString())).toMatchObject({ ok: true, database: 'ok' })
  })

  it('keeps a login session made on one worker on the others (cookie and Bearer token)', async () => {
    const { password, email } = { email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD }
    const form = new URLSearchParams({ email, password }).toString()
    const login = await fresh('POST', '/auth/login', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shop.server.url },
      body: form,
    })
    expect(login.status).toBe(302)
    const cookie = String((login.headers['set-cookie'] as string[])[0]).split(';')[0] as string
    const pages = await acrossWorkers(() => fresh('GET', '/admin/dashboard', { headers: { Cookie: cookie } }))
    expect(pages.some((p) => p.worker !== login.worker)).toBe(true)
    for (const page of pages) expect(page.status, `worker ${page.worker}`).toBe(200)
    // Signed out anywhere, signed out everywhere (the session row is gone).
    const token = JSON.parse((await fresh('POST', '/api/auth/login', json({ email, password }))).body.toString()).token as string
    const checks = await acrossWorkers(() => fresh('GET', '/api/auth/check-auth', { headers: { Authorization: `Bearer ${token}` } }))
    for (const check of checks) expect(check.status).toBe(200)
    expect((await fresh('POST', '/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200)
    const after = await acrossWorkers(() => fresh('GET', '/api/auth/check-auth', { headers: { Authorization: `Bearer ${token}` } }))
    for (const check of after) expect(check.status).toBe(401)
  })

  it('counts failed logins of every worker against one limit', async () => {
    await api.registerAndLogin('Locked Out', 'locked@example.com')
    // From an address that never signed into the account (the trusted proxy, loopback, says so).
    const from = (body: unknown) => {
      const request = json(body)
      return { ...request, headers: { ...request.headers, 'X-Forwarded-For': '203.0.113.50' } }
    }
    const fail = () => fresh('POST', '/api/auth/login', from({ email: 'locked@example.com', password: 'wrong-password-1' }))
    const failures: Reply[] = []
    for (let i = 0; i < LIMIT; i++) failures.push(await fail())
    for (const failure of failures) expect(failure.status).toBe(401)
    // Each worker saw only part of them: one process's count would not lock the account yet.
    const byWorker = new Set(failures.map((f) => f.worker))
    expect(byWorker.size).toBe(WORKERS)
    // Every worker now refuses the account, even with its right password.
    const refused = await acrossWorkers(() => fresh('POST', '/api/auth/login', from({ email: 'locked@example.com', password: 'resin-lover-1' })))
    for (const reply of refused) {
      expect(reply.status, `worker ${reply.worker}`).toBe(429)
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0)
    }
    // The address that signed in before still gets in, on every worker.
    const known = await acrossWorkers(() => fresh('POST', '/api/auth/login', json({ email: 'locked@example.com', password: 'resin-lover-1' })))
    for (const reply of known) expect(reply.status, `worker ${reply.worker}`).toBe(200)
    // The counts are rows in PostgreSQL, not in any process.
    const counter = await shop.db.selectFrom('rate_limit_counters').select('points').where('key', '=', 'login-failed:locked@example.com').executeTakeFirstOrThrow()
    expect(counter.points).toBe(LIMIT)
  })

  it('serves an image uploaded through one worker from another after the disk cache is deleted', async () => {
    const admin = await api.login(ADMIN_ENV.ADMIN_EMAIL, ADMIN_ENV.ADMIN_PASSWORD)
    const png = await sharp({ create: { width: 700, height: 500, channels: 3, background: { r: 20, g: 140, b: 160 } } }).png().toBuffer()
    const form = new FormData()
    form.append('my_file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'geode.png')
    const response = await fetch(`${shop.server.url}/api/admin/products/upload-image`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}` },
      body: form,
    })
    const uploaded = await response.json()
    expect(response.status, JSON.stringify(uploaded)).toBe(200)
    const url = uploaded.result.url as string
    const first = await fresh('GET', url)
    expect(first.status).toBe(200)
    // Another machine, or a wiped cache: the files are gone from this disk.
    rmSync(join(shop.server.dir, 'uploads'), { recursive: true, force: true })
    const replies = await acrossWorkers(() => fresh('GET', url))
    for (const reply of replies) {
      expect(reply.status, `worker ${reply.worker}`).toBe(200)
      expect(reply.headers['content-type']).toBe('image/webp')
      expect(reply.headers['cache-control']).toMatch(/immutable/)
      expect(reply.body.equals(first.body)).toBe(true)
    }
    expect((await fresh('GET', `/uploads/${'0'.repeat(32)}-640.webp`)).status).toBe(404)
  })

  it("drops a kept page on every worker when another worker changes it, and keeps another product's page (ADR 042, 046)", async () => {
    await insertProducts(shop.db, [
      { id: 'relay-bowl', title: 'Relay bowl', description: 'A bowl.', price: 120_000, stock: 8, category: 'home-decor' },
      { id: 'relay-ring', title: 'Relay ring', description: 'A ring.', price: 60_000, stock: 8, category: 'jewellery' },
    ])
    const phone = { headers: { 'Accept-Encoding': 'br', Accept: 'text/html' } }
    const visit = (path: string) => fresh('GET', path, phone)
    // Kept on both workers (each renders its own copy once).
    for (const path of ['/shop/product/relay-bowl', '/shop/product/relay-ring']) {
      await acrossWorkers(() => visit(path), WORKERS, 40)
      const kept = await acrossWorkers(() => visit(path), WORKERS, 40)
      for (const reply of kept.slice(-WORKERS)) expect(reply.headers['x-cache'], `${path} on worker ${reply.worker}`).toBe('HIT')
    }
    const admin = await api.login(ADMIN_ENV.ADMIN_EMAIL, ADMIN_ENV.ADMIN_PASSWORD)
    const edit = await fresh('PUT', '/api/admin/products/edit/relay-bowl', {
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ description: 'A bowl.', price: 1300 }),
    })
    expect(edit.status, edit.body.toString()).toBe(200)
    // On every worker, whichever took the edit: the relay is a message between processes, so each
    // worker is asked until it answers a MISS, well within the 5 s TTL that would drop it anyway.
    const missed = new Set<string>()
    for (const deadline = Date.now() + 2_000; missed.size < WORKERS && Date.now() < deadline; ) {
      const reply = await visit('/shop/product/relay-bowl')
      if (reply.headers['x-cache'] === 'MISS') missed.add(reply.worker)
    }
    expect(missed.size, 'workers that dropped the edited page').toBe(WORKERS)
    const bowl = await fetch(`${shop.server.url}/shop/product/relay-bowl`)
    expect(await bowl.text()).toContain('1,300')
    // The ring's page does not show the bowl: still kept on every worker.
    for (const reply of await acrossWorkers(() => visit('/shop/product/relay-ring'))) {
      expect(reply.headers['x-cache'], `worker ${reply.worker}`).toBe('HIT')
    }
  })

  it(`sells the last unit to exactly one of ${BUYERS} buyers checking out at once`, async () => {
    const buyers: (Shopper & { addressId: string })[] = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const who = await api.registerAndLogin(`Racer ${i}`, `racer${i}@example.com`)
        const address = await api.addAddress(who)
        expect(address.status).toBe(201)
        return { ...who, addressId: address.body.data._id as string }
      }),
    )
    const productId = 'cluster-last-unit'
    const title = 'The last resin geode'
    await insertProducts(shop.db, [{ id: productId, title, price: 450_000, stock: 1 }])
    await Promise.all(buyers.map((who) => api.addToCart(who, { productId, quantity: 1 })))
    const created = await Promise.all(
      buyers.map(async (who) => ({ who, answer: await api.createOrder(who, { addressInfo: { addressId: who.addressId } }) })),
    )
    const held = created.filter((c) => c.answer.status === 201)
    const refused = created.filter((c) => c.answer.status === 400)
    expect(held).toHaveLength(1)
    expect(refused).toHaveLength(BUYERS - 1)
    for (const { answer } of refused) expect(answer.body.message).toBe(CHECKOUT_MESSAGES.notHeld(title, 0))
    const winner = held[0] as (typeof held)[number]
    const gatewayOrderId = winner.answer.body.razorpayOrder.id as string
    const { paymentId, signature } = shop.fake.pay(gatewayOrderId)
    const paid = await api.verify(winner.who, { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId: winner.answer.body.orderId })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const kept = await shop.db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.order_status', 'orders.payment_status'])
      .where('order_lines.product_id', '=', productId)
      .execute()
    expect(kept.filter((o) => o.order_status === 'confirmed' && o.payment_status === 'paid')).toHaveLength(1)
    const product = await shop.db.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirstOrThrow()
    expect(product.total_stock).toBe(0)
  }, 120_000)

  it('replaces a worker SIGKILLed mid-checkout while the other keeps answering; no acknowledged payment is lost', async () => {
    const productId = 'cluster-plenty'
    await insertProducts(shop.db, [{ id: productId, title: 'A resin coaster', price: 60_000, stock: 10_000 }])
    const shoppers = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const who = await api.registerAndLogin(`Steady ${i}`, `steady${i}@example.com`)
        return { ...who, addressId: (await api.addAddress(who)).body.data._id as string }
      }),
    )
    // Shoppers check out and pay over and over; a request the dying worker had is lost (not acknowledged),
    // and one whose connection the kill left hanging is given up after a while, as a phone would.
    const steady = client(() => shop.server, { timeoutMs: 15_000 })
    const waitFor = async (what: string, done: () => boolean) => {
      const until = Date.now() + 60_000
      while (!done()) {
        if (Date.now() > until) {
          running = false
          throw new Error(`${what}: not within 60 s (${acknowledged.length} acknowledged)\n${shop.server.output()}`)
        }
        await new Promise((r) => setTimeout(r, 50))
      }
    }
    let running = true
    const acknowledged: string[] = []
    const checkouts = shoppers.map(async (who) => {
      while (running) {
        try {
          await steady.addToCart(who, { productId, quantity: 1 })
          const created = await steady.createOrder(who, { addressInfo: { addressId: who.addressId } })
          if (created.status !== 201) continue
          const gatewayOrderId = created.body.razorpayOrder.id as string
          const { paymentId, signature } = shop.fake.pay(gatewayOrderId)
          const body = { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId: created.body.orderId }
          if ((await steady.verify(who, body)).status === 200) acknowledged.push(created.body.orderId as string)
        } catch {
          // the connection went down with the worker
        }
      }
    })
    await waitFor('Payments before the kill', () => acknowledged.length >= 4)

    const serving = [...shop.server.output().matchAll(/Worker (\d+) \(process (\d+)\) is serving on/g)].map((m) => ({ id: m[1], pid: Number(m[2]) }))
    const victim = serving[0] as { id: string; pid: number }
    process.kill(victim.pid, 'SIGKILL')
    // The primary notices and starts another; meanwhile every request is answered.
    const deadline = Date.now() + 60_000
    while (!shop.server.output().includes(`Worker ${victim.id} (process ${victim.pid}) stopped (SIGKILL)`)) {
      if (Date.now() > deadline) throw new Error(`The primary did not notice:\n${shop.server.output()}`)
      await new Promise((r) => setTimeout(r, 50))
    }
    for (let i = 0; i < 10; i++) expect((await fresh('GET', '/healthz')).status).toBe(200)
    const known = new Set(serving.map((s) => s.id))
    for (;;) {
      const replies = await Promise.all(Array.from({ length: 4 }, () => fresh('GET', '/healthz')))
      for (const reply of replies) {
        expect(reply.status).toBe(200)
        expect(reply.worker).not.toBe(victim.id)
      }
      if (replies.some((r) => !known.has(r.worker))) break
      if (Date.now() > deadline) throw new Error(`No new worker answered:\n${shop.server.output()}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    const beforeStop = acknowledged.length
    await waitFor('Payments after the replacement', () => acknowledged.length >= beforeStop + 4)
    running = false
    await Promise.all(checkouts)
    // Every payment the shop acknowledged is in the database, paid and confirmed, with its stock taken.
    const paid = await shop.db.selectFrom('orders').select(['id', 'payment_status', 'order_status']).where('id', 'in', acknowledged).execute()
    expect(paid).toHaveLength(acknowledged.length)
    for (const order of paid) expect([order.payment_status, order.order_status]).toEqual(['paid', 'confirmed'])
    const product = await shop.db.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirstOrThrow()
    const taken = await shop.db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select((eb) => eb.fn.sum<number>('order_lines.quantity').as('units'))
      .where('order_lines.product_id', '=', productId)
      .where('orders.order_status', '=', 'confirmed')
      .executeTakeFirstOrThrow()
    expect(10_000 - product.total_stock).toBe(Number(taken.units))
  }, 120_000)
})
