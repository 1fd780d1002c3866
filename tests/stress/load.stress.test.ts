// Load: autocannon on loopback against the built server with the demo catalogue, for LOAD_SECONDS
// (60 by default). Every connection plays a shopper: home, listing (filtered and paged), two
// product pages, search page, the catalogue API, cart add and cart read through the API, then a
// checkout paid through the TEST MODE gateway. Zero errors allowed; throughput and p50/p99 reported.
// Mail goes out over SMTP to a real SMTP server (smtp-server, tests/helpers/smtp-sink.ts): every paid
// checkout's confirmation and owner mail. At the end the outbox must drain; outbox-to-SMTP latency
// (created_at -> sent_at, and created_at -> received by the SMTP server) p50/p99 is reported, and
// every paid order got exactly one confirmation and one owner mail.
import { loadavg } from 'node:os'
import autocannon, { type Request } from 'autocannon'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../../db/database'
import { type RunningServer, startServer } from '../integration/server'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { ADDRESS, client, SESSION_SECRET, type Shopper, testPaymentResult } from '../helpers/shop-api'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const CONNECTIONS = 8
/** A few more shoppers than connections: a shopper is taken for one round of the mix and given back. */
const SHOPPERS = CONNECTIONS + 2
const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' }
/** The SMTP server's port (this run's block of ports); 0 would take any free one. */
const SMTP_PORT = Number(process.env.LOAD_SMTP_PORT ?? 3281)

let server: RunningServer
let smtp: SmtpSink
const api = client(() => server)

interface Player extends Shopper {
  addressId: string
}

const free: Player[] = []
let productIds: string[] = []
let buyable: string[] = []

beforeAll(async () => {
  smtp = await startSmtpSink({ port: SMTP_PORT })
  // Seeding the demo shop renders its pictures: give a busy machine time for it.
  server = await startServer(
    {
      SEED_DEMO: '1',
      AUTH_RATE_LIMIT: '10000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      OWNER_EMAIL: 'studio-owner@example.com',
      MAIL_FROM: '"Resin Craft Studio" <hello@resincraft.studio>',
    },
    { startTimeoutMs: 240_000 },
  )
  const db = openDatabase(server.database)
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
  await smtp?.stop()
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
  const paidOrders = new Set<string>()
  const mailsBefore = smtp.mails.length
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
        if (status === 200 && JSON.parse(body).message === 'Payment Successful!') {
          checkouts += 1
          paidOrders.add((context.round as Round).orderId ?? '')
        }
        // The round ends: the shopper is free again.
        free.push((context.round as Round).player)
      },
    },
  ]

  const loadBefore = loadavg()
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
    loadavg: { before: loadBefore.map((l) => Number(l.toFixed(2))), after: loadavg().map((l) => Number(l.toFixed(2))) },
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

  expect(paidOrders.size).toBe(checkouts)

  // The outbox drains: every mail of the run is sent over SMTP and arrives at the SMTP server.
  const loadEnded = Date.now()
  const db = openDatabase(server.database)
  try {
    // autocannon stops reading answers at the end of the load, but the server finishes what it
    // was given (on PostgreSQL with 4 workers a payment can commit a few hundred ms later). Wait
    // until the shop is quiet (paid orders and outbox rows unchanged for a second), then read the
    // paid orders before the outbox: a payment and its mails commit in one transaction, so every
    // paid order read here has its mails in the rows read after it.
    const paidQuery = () => db.selectFrom('orders').select('id').where('payment_status', '=', 'paid').where('gateway', '=', 'test').execute()
    const activity = async () => {
      const outbox = await db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return `${(await paidQuery()).length}/${Number(outbox.n)}`
    }
    let seen = await activity()
    for (let quietSince = Date.now(); Date.now() - quietSince < 1000; ) {
      await new Promise((r) => setTimeout(r, 200))
      const now = await activity()
      if (now !== seen) [seen, quietSince] = [now, Date.now()]
      if (Date.now() - loadEnded > 60_000) throw new Error('the shop is still taking payments 60 s after the load')
    }
    const paidInDatabase = new Set((await paidQuery()).map((o) => o.id))
    const drainDeadline = Date.now() + 300_000
    for (;;) {
      const waiting = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirstOrThrow()
      if (Number(waiting.n) === 0) break
      if (Date.now() > drainDeadline) throw new Error(`${waiting.n} mails still waiting in the outbox 300 s after the load`)
      await new Promise((r) => setTimeout(r, 250))
    }
    const drainedAfter = Date.now() - loadEnded
    const rows = await db.selectFrom('mail_outbox').select(['id', 'kind', 'dedupe_key', 'status', 'attempts', 'created_at', 'sent_at', 'delivered_via']).execute()
    // The SMTP server has every sent mail (it answers 250 after it has parsed the message).
    await smtp.waitFor(() => true, mailsBefore + rows.filter((r) => r.status === 'sent').length, 30_000)
    const received = smtp.mails.slice(mailsBefore)
    // Indexed once: a search of every row for every mail of every order grew with the cube of the
    // orders, and a faster shop (2,800 paid orders in the minute) ran past the test's ten minutes.
    const rowsById = new Map(rows.map((r) => [String(r.id), r]))
    const rowOf = (messageId: string) => {
      const id = /outbox-(\d+)\./.exec(messageId)?.[1]
      return id === undefined ? undefined : rowsById.get(id)
    }
    const receivedByKey = new Map<string, typeof received>()
    for (const m of received) {
      const key = rowOf(m.messageId)?.dedupe_key
      if (key === undefined) continue
      const list = receivedByKey.get(key)
      if (list) list.push(m)
      else receivedByKey.set(key, [m])
    }
    const receivedFor = (key: string) => receivedByKey.get(key) ?? []
    const byKind = (kind: string) => rows.filter((r) => r.kind === kind)
    // Exactly one confirmation (with its invoice) and one owner mail for every paid order, no other.
    // Paid orders are the database's (read above, once the shop was quiet): the last payment of the
    // run may commit after autocannon stopped reading answers, so the acknowledged ones are a subset.
    expect([...paidOrders].filter((id) => !paidInDatabase.has(id))).toEqual([])
    const confirmationProblems: string[] = []
    for (const orderId of paidInDatabase) {
      const confirmations = receivedFor(`order-confirmed:${orderId}`)
      const owner = receivedFor(`order-paid-owner:${orderId}`)
      if (confirmations.length !== 1 || owner.length !== 1) confirmationProblems.push(`${orderId}: ${confirmations.length} confirmations, ${owner.length} owner mails`)
      else if (!confirmations[0]?.attachments.some((a) => a.filename.endsWith('.pdf'))) confirmationProblems.push(`${orderId}: no invoice attached`)
    }
    const duplicates = received.length - new Set(received.map((m) => m.messageId)).size
    const unknown = received.filter((m) => !rowOf(m.messageId)).length

    const ms = (from: string, to: number | string) => (typeof to === 'number' ? to : Date.parse(to)) - Date.parse(from)
    const sorted = (values: number[]) => values.filter(Number.isFinite).sort((a, b) => a - b)
    const pct = (values: number[], p: number) => values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? Number.NaN
    const toSent = sorted(rows.filter((r) => r.sent_at).map((r) => ms(r.created_at, r.sent_at ?? '')))
    const toReceived = sorted(
      received.map((m) => {
        const row = rowOf(m.messageId)
        return row ? ms(row.created_at, m.receivedAt) : Number.NaN
      }),
    )
    // The backlog through the run: the median latency of the mails queued in each 10 s of the load,
    // and how fast the worker sent while the load ran and after it.
    const loadStarted = loadEnded - SECONDS * 1000
    const buckets: number[][] = []
    for (const r of rows) {
      if (!r.sent_at) continue
      const bucket = Math.max(0, Math.floor((Date.parse(r.created_at) - loadStarted) / 10_000))
      buckets[bucket] = [...(buckets[bucket] ?? []), ms(r.created_at, r.sent_at)]
    }
    const sentDuringLoad = rows.filter((r) => r.sent_at && Date.parse(r.sent_at) <= loadEnded).length
    const mail = {
      paidOrdersAcknowledged: paidOrders.size,
      paidOrders: paidInDatabase.size,
      outbox: rows.length,
      confirmations: byKind('order-confirmed').length,
      ownerMails: byKind('order-paid-owner').length,
      otherMails: rows.length - byKind('order-confirmed').length - byKind('order-paid-owner').length,
      sent: rows.filter((r) => r.status === 'sent').length,
      failed: rows.filter((r) => r.status === 'failed').length,
      retried: rows.filter((r) => r.attempts > 1).length,
      viaSmtp: rows.filter((r) => r.delivered_via === 'smtp').length,
      received: received.length,
      duplicateDeliveries: duplicates,
      paidOrdersWithoutExactlyOneConfirmation: confirmationProblems.length,
      drainedMsAfterLoad: drainedAfter,
      outboxToSentMs: { p50: pct(toSent, 50), p99: pct(toSent, 99), max: toSent.at(-1) },
      outboxToSmtpReceivedMs: { p50: pct(toReceived, 50), p99: pct(toReceived, 99), max: toReceived.at(-1) },
      p50MsByTenSecondsOfLoad: buckets.map((b) => pct(sorted(b ?? []), 50)),
      queuedPerSecond: Number((rows.length / SECONDS).toFixed(1)),
      sentPerSecondDuringLoad: Number((sentDuringLoad / SECONDS).toFixed(1)),
      sentPerSecondAfterLoad: Number(((rows.length - sentDuringLoad) / Math.max(drainedAfter / 1000, 0.001)).toFixed(1)),
    }
    console.log(`LOAD MAIL: ${JSON.stringify(mail)}`)

    // For comparison, a quiet shop: 10 checkouts one after another, half a second apart, after the
    // load; their mails' outbox-to-SMTP latency.
    const quiet: string[] = []
    const shopper = free[0] as Player
    for (let i = 0; i < 10; i++) {
      await api.addToCart(shopper, { productId: pick(buyable), quantity: 1 })
      const created = await api.createOrder(shopper, { addressInfo: { addressId: shopper.addressId } })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      const orderId = created.body.orderId as string
      const paid = await api.verify(shopper, testPaymentResult(created.body.razorpayOrder.id, `pay_quiet_${orderId}`, orderId))
      expect(paid.status).toBe(200)
      quiet.push(orderId)
      await new Promise((r) => setTimeout(r, 500))
    }
    const quietKeys = new Set(quiet.flatMap((id) => [`order-confirmed:${id}`, `order-paid-owner:${id}`]))
    const quietRows = async () => db.selectFrom('mail_outbox').select(['id', 'dedupe_key', 'created_at', 'sent_at']).where('dedupe_key', 'in', [...quietKeys]).execute()
    const quietDeadline = Date.now() + 60_000
    while ((await quietRows()).some((r) => !r.sent_at) && Date.now() < quietDeadline) await new Promise((r) => setTimeout(r, 100))
    const quietSent = await quietRows()
    expect(quietSent).toHaveLength(quietKeys.size)
    const quietMs = sorted(quietSent.map((r) => ms(r.created_at, r.sent_at ?? '')))
    const quietReceived = smtp.mails.filter((m) => quietSent.some((r) => String(r.id) === /outbox-(\d+)\./.exec(m.messageId)?.[1]))
    expect(quietReceived).toHaveLength(quietKeys.size)
    console.log(
      `LOAD MAIL (quiet, 10 checkouts 0.5 s apart after the load): outbox-to-SMTP p50 ${pct(quietMs, 50)} ms, p99 ${pct(quietMs, 99)} ms, max ${quietMs.at(-1)} ms; ` +
        `${quietReceived.length} mails received for ${quiet.length} paid orders`,
    )
    expect(confirmationProblems).toEqual([])
    expect(mail.confirmations).toBe(paidInDatabase.size)
    expect(mail.ownerMails).toBe(paidInDatabase.size)
    expect(mail.failed).toBe(0)
    expect(mail.viaSmtp).toBe(rows.length)
    expect(received).toHaveLength(rows.length)
    expect(duplicates).toBe(0)
    expect(unknown).toBe(0)
  } finally {
    await db.destroy()
  }
}, 600_000)
