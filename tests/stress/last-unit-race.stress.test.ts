// The last unit, over real HTTP, with Razorpay pointed at the local fake (tests/fake-razorpay.ts).
// 1. Holds live (docs/decisions/032): N shoppers with the one piece left in their carts all start
//    paying at the same moment. Exactly one checkout holds it and is paid and kept; the other N-1 are
//    told before paying (400 naming the line and that none is left): no gateway order, no money, no
//    refund for them. Several rounds.
// 2. Holds expired (docs/decisions/031): N shoppers started paying, every hold ran out before the
//    money came, and all N pay for the last unit at once. Exactly one order is kept; N-1 are
//    rejected ("could not be filled") and refunded exactly once through the fake Razorpay (one
//    refunds row and one refund call per payment), which pays each refund out at once and sends the
//    signed refund.processed webhook. Refund latency (decision -> refund call, decision -> processed)
//    is reported.
// Last: one SQL check over every order of the run: no order shows confirmed (or later) without
// stock behind it, and no stock is negative.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { type RunningServer, startServer } from '../integration/server'
import { CHECKOUT_MESSAGES } from '../../app/lib/checkout-messages'
import { client, type Shopper } from '../helpers/shop-api'
import { type FakeRazorpay, startFakeRazorpay } from '../fake-razorpay'

const N = 50
const ROUNDS = 2
const KEY_ID = 'rzp_test_racekey'
const KEY_SECRET = 'race-key-secret'
const WEBHOOK_SECRET = 'race-webhook-secret'
/** Order statuses that took stock off the shelf (docs/decisions/031). */
const STOCK_TAKEN = ['confirmed', 'inProcess', 'inShipping', 'delivered'] as const

let fake: FakeRazorpay
let server: RunningServer
let db: DB
const api = client(() => server)
const buyers: (Shopper & { addressId: string })[] = []
/** The stock each product of the run started with, for the final check. */
const initialStock = new Map<string, number>()

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_SECRET, { keyId: KEY_ID })
  server = await startServer({
    SEED_DEMO: '0',
    AUTH_RATE_LIMIT: '10000',
    // 50 buyers from one address (loopback) leave 50 unpaid checkouts in the expired-holds round (ADR 050).
    UNPAID_CHECKOUTS_PER_HOUR: '10000',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_BASE: fake.url,
  })
  db = openDatabase(server.database)
  const signedUp = await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const who = await api.registerAndLogin(`Racer ${i}`, `racer${i}@example.com`)
      const address = await api.addAddress(who)
      expect(address.status).toBe(201)
      return { ...who, addressId: address.body.data._id as string }
    }),
  )
  buyers.push(...signedUp)
}, 180_000)

afterAll(async () => {
  await db?.destroy()
  await server?.stop()
  await fake?.stop()
})

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** A fresh one-of-a-kind product with one unit on the shelf; every cart is emptied first. */
async function lastUnit(productId: string, title: string) {
  await db.deleteFrom('cart_lines').execute()
  await db
    .insertInto('products')
    .values({
      id: productId,
      title,
      description: 'One of a kind.',
      category: 'home-decor',
      price_paise: 450_000,
      sale_price_paise: 0,
      total_stock: 1,
      variety_type: null,
      updated_at: new Date().toISOString(),
      deleted_at: null,
    })
    .execute()
  initialStock.set(productId, 1)
}

/** The shopper pays in Checkout (the fake records a captured payment) and the browser posts the result. */
async function pay(who: Shopper, orderId: string, gatewayOrderId: string) {
  const { paymentId, signature } = fake.pay(gatewayOrderId)
  const answer = await api.verify(who, { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId })
  return { paymentId, answer }
}

for (let round = 1; round <= ROUNDS; round++) {
  it(`holds live, round ${round}: ${N} buyers start paying for the last unit at once: one paid and kept, ${N - 1} told before paying`, async () => {
    const productId = `last-unit-${round}`
    const title = `The last resin geode ${round}`
    await lastUnit(productId, title)
    const gatewayOrdersBefore = fake.orders.size
    const refundCallsBefore = fake.requests.filter((r) => /^POST \/v1\/payments\/[^/]+\/refund$/.test(r)).length

    // Every buyer puts the piece in the cart while nobody holds it, then all check out at once.
    await Promise.all(buyers.map((who) => api.addToCart(who, { productId, quantity: 1 })))
    const started = performance.now()
    const created = await Promise.all(
      buyers.map(async (who) => {
        const sent = performance.now()
        const answer = await api.createOrder(who, { addressInfo: { addressId: who.addressId } })
        return { who, answer, ms: performance.now() - sent }
      }),
    )
    const elapsed = performance.now() - started
    const latencies = created.map((c) => c.ms).sort((a, b) => a - b)
    const held = created.filter((c) => c.answer.status === 201)
    const refused = created.filter((c) => c.answer.status === 400)

    // The one holding it pays within the hold and gets it.
    const winner = held[0]
    const paid = winner ? await pay(winner.who, winner.answer.body.orderId, winner.answer.body.razorpayOrder.id) : undefined
    const kept = await db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.id', 'orders.payment_status', 'orders.order_status', 'orders.needs_refund'])
      .where('order_lines.product_id', '=', productId)
      .execute()
    const refundRows = await db
      .selectFrom('refunds')
      .innerJoin('order_lines', 'order_lines.order_id', 'refunds.order_id')
      .select('refunds.id')
      .where('order_lines.product_id', '=', productId)
      .execute()
    const refundCalls = fake.requests.filter((r) => /^POST \/v1\/payments\/[^/]+\/refund$/.test(r)).length - refundCallsBefore
    console.log(
      `RACE (HTTP, holds live): round ${round}, N=${N} concurrent checkouts of the last unit in ${elapsed.toFixed(0)} ms ` +
        `(per request p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms): ` +
        `${held.length} held, ${refused.length} refused at hold (told before paying), ${paid?.answer.status === 200 ? 1 : 0} paid, ` +
        `${kept.filter((o) => o.order_status === 'confirmed').length} kept, ${refundRows.length} refunded (${refundCalls} gateway refund calls), ` +
        `${fake.orders.size - gatewayOrdersBefore} Razorpay orders created`,
    )

    expect(held).toHaveLength(1)
    expect(refused).toHaveLength(N - 1)
    for (const { answer } of refused) {
      expect(answer.body).toEqual({
        success: false,
        message: CHECKOUT_MESSAGES.notHeld(title, 0),
        errors: { cart: [CHECKOUT_MESSAGES.notHeld(title, 0)] },
      })
    }
    // The refused never reached the gateway: one Razorpay order, for the one who holds the piece.
    expect(fake.orders.size - gatewayOrdersBefore).toBe(1)
    expect(paid?.answer).toMatchObject({ status: 200, body: { message: 'Payment Successful!' } })
    // Exactly one order for the piece, kept: confirmed, paid, nothing to refund.
    expect(kept).toEqual([{ id: winner?.answer.body.orderId, payment_status: 'paid', order_status: 'confirmed', needs_refund: 0 }])
    expect(refundRows).toEqual([])
    expect(refundCalls).toBe(0)
    const product = await db.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirstOrThrow()
    expect(product.total_stock).toBe(0)
    expect(await db.selectFrom('stock_holds').select('order_id').where('product_id', '=', productId).execute()).toEqual([])
    // The shop shows it sold out.
    expect(await api.stockOf(productId)).toBe(0)
  })
}

it(`holds expired: ${N} buyers all pay for the last unit at once: one kept, ${N - 1} rejected and refunded exactly once`, async () => {
  const productId = 'last-unit-expired'
  const title = 'The last resin geode, holds expired'
  await lastUnit(productId, title)

  // Each buyer starts paying; the hold then runs out (aged in the database), so the next buyer can
  // hold the same unit. In the end N checkouts wait for money and none holds anything.
  await Promise.all(buyers.map((who) => api.addToCart(who, { productId, quantity: 1 })))
  const checkouts: { who: Shopper; orderId: string; gatewayOrderId: string }[] = []
  for (const who of buyers) {
    const answer = await api.createOrder(who, { addressInfo: { addressId: who.addressId } })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    checkouts.push({ who, orderId: answer.body.orderId, gatewayOrderId: answer.body.razorpayOrder.id })
    await db.updateTable('stock_holds').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('product_id', '=', productId).execute()
  }

  // Razorpay pays each refund out as soon as the shop asks for it and sends the signed
  // refund.processed webhook; when it first saw each refund call is kept for the latency.
  const seenAt = new Map<string, number>()
  const webhookProblems: string[] = []
  let payingOut = Promise.resolve()
  const payer = setInterval(() => {
    payingOut = payingOut.then(async () => {
      for (const refund of fake.refunds.values()) {
        if (seenAt.has(refund.id)) continue
        seenAt.set(refund.id, Date.now())
        fake.processRefund(refund.id)
        const hook = await fake.sendRefundWebhook(server.url, 'refund.processed', refund.id, WEBHOOK_SECRET)
        if (hook.status !== 200) webhookProblems.push(`${refund.id}: ${hook.status} ${JSON.stringify(hook.body)}`)
      }
    })
  }, 50)

  try {
    const started = performance.now()
    const payments = await Promise.all(
      checkouts.map(async (c) => {
        const sent = performance.now()
        const { paymentId, answer } = await pay(c.who, c.orderId, c.gatewayOrderId)
        return { ...c, paymentId, answer, ms: performance.now() - sent }
      }),
    )
    const elapsed = performance.now() - started
    const latencies = payments.map((p) => p.ms).sort((a, b) => a - b)
    // One payment gets the piece and is told so; the other N-1 are told the truth (409): paid, not
    // filled, refunded in full. None of them is called a success.
    expect(payments.filter((p) => p.answer.status === 200).map((p) => p.answer.body.message)).toEqual(['Payment Successful!'])
    const told = payments.filter((p) => p.answer.status === 409)
    expect(told, JSON.stringify(payments.map((p) => p.answer.status))).toHaveLength(N - 1)
    for (const p of told) expect(p.answer.body).toMatchObject({ success: false, message: expect.stringMatching(/could not be filled/) })

    const orders = await db
      .selectFrom('orders')
      .select(['id', 'order_status', 'payment_status', 'gateway_payment_id', 'total_amount_paise'])
      .where(
        'id',
        'in',
        checkouts.map((c) => c.orderId),
      )
      .execute()
    const kept = orders.filter((o) => o.order_status === 'confirmed')
    const rejected = orders.filter((o) => o.order_status === 'rejected')
    expect(kept).toHaveLength(1)
    expect(rejected).toHaveLength(N - 1)
    // Paid, or already refunded: the refunds go out at once after the 409s.
    expect(orders.every((o) => o.payment_status === 'paid' || o.payment_status === 'refunded')).toBe(true)

    // Every refund is made (the worker passes every 15 s, 20 rows a pass) and processed.
    const deadline = Date.now() + 180_000
    for (;;) {
      const done = await db
        .selectFrom('refunds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(
          'order_id',
          'in',
          rejected.map((o) => o.id),
        )
        .where('status', '=', 'processed')
        .executeTakeFirstOrThrow()
      if (Number(done.n) === rejected.length) break
      if (Date.now() > deadline) throw new Error(`Only ${done.n} of ${rejected.length} refunds processed in time`)
      await new Promise((r) => setTimeout(r, 200))
    }
    clearInterval(payer)
    await payingOut
    expect(webhookProblems).toEqual([])

    const refunds = await db
      .selectFrom('refunds')
      .select(['order_id', 'gateway_payment_id', 'gateway_refund_id', 'amount_paise', 'status', 'reason', 'created_at', 'processed_at'])
      .where(
        'order_id',
        'in',
        checkouts.map((c) => c.orderId),
      )
      .execute()
    // One refunds row per rejected order, none for the kept one, each for the whole amount paid.
    expect(refunds.map((r) => r.order_id).sort()).toEqual(rejected.map((o) => o.id).sort())
    for (const refund of refunds) {
      const order = rejected.find((o) => o.id === refund.order_id)
      expect(refund).toMatchObject({ gateway_payment_id: order?.gateway_payment_id, amount_paise: order?.total_amount_paise, status: 'processed', reason: 'unfillable' })
    }
    // One refund call and one refund at Razorpay per rejected payment; none for the kept one.
    const refundCalls = fake.requests.filter((r) => /^POST \/v1\/payments\/[^/]+\/refund$/.test(r))
    for (const order of rejected) {
      expect(refundCalls.filter((r) => r === `POST /v1/payments/${order.gateway_payment_id}/refund`)).toHaveLength(1)
      const made = [...fake.refunds.values()].filter((r) => r.payment_id === order.gateway_payment_id)
      expect(made).toHaveLength(1)
      expect(made[0]).toMatchObject({ amount: order.total_amount_paise, status: 'processed' })
      expect(refunds.find((r) => r.order_id === order.id)?.gateway_refund_id).toBe(made[0]?.id)
    }
    expect(refundCalls.filter((r) => r === `POST /v1/payments/${kept[0]?.gateway_payment_id}/refund`)).toEqual([])
    expect(refundCalls).toHaveLength(N - 1)
    // The shoppers read the truth: refunded, the order rejected; the kept one confirmed and paid.
    for (const c of payments) {
      const details = await api.call('GET', `/api/shop/order/details/${c.orderId}`, { token: c.who.token })
      expect(details.status).toBe(200)
      if (c.orderId === kept[0]?.id) {
        expect(details.body.data).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' })
        expect(details.body.data.refund).toBeUndefined()
      } else {
        expect(details.body.data).toMatchObject({ orderStatus: 'rejected', paymentStatus: 'refunded', refund: { status: 'processed', amount: details.body.data.totalAmount } })
      }
    }
    const product = await db.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirstOrThrow()
    expect(product.total_stock).toBe(0)

    const ms = (from: string, to: number | string) => (typeof to === 'number' ? to : Date.parse(to)) - Date.parse(from)
    const toCall = refunds.map((r) => ms(r.created_at, seenAt.get(r.gateway_refund_id ?? '') ?? Number.NaN)).sort((a, b) => a - b)
    const toProcessed = refunds.map((r) => ms(r.created_at, r.processed_at ?? '')).sort((a, b) => a - b)
    const callToProcessed = refunds.map((r) => Date.parse(r.processed_at ?? '') - (seenAt.get(r.gateway_refund_id ?? '') ?? Number.NaN)).sort((a, b) => a - b)
    expect(toProcessed.every((v) => Number.isFinite(v) && v >= 0)).toBe(true)
    const s = (v: number) => `${(v / 1000).toFixed(1)} s`
    console.log(
      `RACE (HTTP, holds expired): N=${N} payments for the last unit in ${elapsed.toFixed(0)} ms ` +
        `(per request p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms): ` +
        `0 refused at hold, ${payments.length} paid, ${kept.length} kept, ${rejected.length} rejected and refunded ` +
        `(${refunds.length} refunds rows, ${refundCalls.length} gateway refund calls, ${fake.refunds.size} refunds at the fake: exactly once each); ` +
        `refund latency in the fake: decision -> refund call p50 ${s(percentile(toCall, 50))}, p99 ${s(percentile(toCall, 99))}; ` +
        `decision -> processed p50 ${s(percentile(toProcessed, 50))}, p99 ${s(percentile(toProcessed, 99))} (max ${s(toProcessed.at(-1) ?? 0)}); ` +
        `refund call -> processed (the fake pays out at once, signed webhook) p50 ${percentile(callToProcessed, 50)} ms, p99 ${percentile(callToProcessed, 99)} ms`,
    )
  } finally {
    clearInterval(payer)
    await payingOut
  }
})

it('no order anywhere shows confirmed without stock behind it', async () => {
  const products = await db.selectFrom('products').select(['id', 'total_stock']).execute()
  // Per product: the units of orders that took stock (confirmed and later) must be exactly what left the shelf.
  const taken = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['order_lines.product_id', (eb) => eb.fn.sum<number>('order_lines.quantity').as('units')])
    .where('orders.order_status', 'in', [...STOCK_TAKEN])
    .groupBy('order_lines.product_id')
    .execute()
  const units = new Map(taken.map((t) => [t.product_id, Number(t.units)]))
  const negative = products.filter((p) => p.total_stock < 0)
  const uncovered = products.filter((p) => (units.get(p.id) ?? 0) !== (initialStock.get(p.id) ?? 0) - p.total_stock)
  // And a stock-taking order is always a paid one.
  const unpaidShown = await db
    .selectFrom('orders')
    .select(['id', 'order_status', 'payment_status'])
    .where('order_status', 'in', [...STOCK_TAKEN])
    .where('payment_status', '!=', 'paid')
    .execute()
  const counts = await db
    .selectFrom('orders')
    .select(['order_status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('order_status')
    .execute()
  console.log(
    `RACE (HTTP): all ${counts.reduce((sum, c) => sum + Number(c.n), 0)} orders of the run ` +
      `(${counts.map((c) => `${c.n} ${c.order_status}`).join(', ')}): ${uncovered.length} products whose kept orders differ from the stock taken, ` +
      `${negative.length} negative stocks, ${unpaidShown.length} unpaid orders shown confirmed or later: ` +
      `${uncovered.length + negative.length + unpaidShown.length} orders confirmed without stock behind them`,
  )
  expect(products.length).toBe(initialStock.size)
  expect(negative).toEqual([])
  expect(uncovered).toEqual([])
  expect(unpaidShown).toEqual([])
})
