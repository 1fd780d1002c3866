// The last unit, over real HTTP: N shoppers each hold an order for the one piece left and all pay
// at the same moment. Every payment is acknowledged (the money was taken), the stock is taken
// exactly once, and the other N-1 orders are rejected as unfillable with one refund each (sent by the
// refund worker: paid or already refunded). Several rounds; timings reported.
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { type RunningServer, startServer } from '../integration/server'
import { client, type Shopper, testPaymentResult } from '../helpers/shop-api'

const N = 50
const ROUNDS = 3

let server: RunningServer
let db: DB
const api = client(() => server)
const buyers: (Shopper & { addressId: string })[] = []

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '0', AUTH_RATE_LIMIT: '10000' })
  db = openDatabase(join(server.dir, 'shop.sqlite'))
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
})

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

for (let round = 1; round <= ROUNDS; round++) {
  it(`round ${round}: ${N} buyers pay for the last unit at once: one confirmed decrement, ${N - 1} refunds`, async () => {
    const productId = `last-unit-${round}`
    await db
      .insertInto('products')
      .values({
        id: productId,
        title: `The last resin geode ${round}`,
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

    // Every buyer checks out while the piece is still in stock (checkout does not reserve it).
    const orders = await Promise.all(
      buyers.map(async (who) => {
        await api.addToCart(who, { productId, quantity: 1 })
        const created = await api.createOrder(who, { addressInfo: { addressId: who.addressId } })
        expect(created.status, JSON.stringify(created.body)).toBe(201)
        return { who, orderId: created.body.orderId as string, gatewayOrderId: created.body.razorpayOrder.id as string }
      }),
    )

    const started = performance.now()
    const answers = await Promise.all(
      orders.map(async ({ who, orderId, gatewayOrderId }) => {
        const sent = performance.now()
        const answer = await api.verify(who, testPaymentResult(gatewayOrderId, `pay_race_${orderId}`, orderId))
        return { ...answer, ms: performance.now() - sent }
      }),
    )
    const elapsed = performance.now() - started
    const latencies = answers.map((a) => a.ms).sort((a, b) => a - b)
    console.log(
      `RACE (HTTP): round ${round}, N=${N} concurrent payments for the last unit in ${elapsed.toFixed(0)} ms ` +
        `(per request p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms)`,
    )

    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { message: 'Payment Successful!' } })
    const product = await db.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirstOrThrow()
    expect(product.total_stock).toBe(0)
    const rows = await db
      .selectFrom('orders')
      .select(['payment_status', 'order_status', 'needs_refund'])
      .where(
        'id',
        'in',
        orders.map((o) => o.orderId),
      )
      .execute()
    expect(rows).toHaveLength(N)
    expect(rows.filter((r) => r.payment_status === 'paid' && r.order_status === 'confirmed' && r.needs_refund === 0)).toHaveLength(1)
    expect(rows.filter((r) => r.order_status === 'rejected' && ['paid', 'refunded'].includes(r.payment_status))).toHaveLength(N - 1)
    const refunds = await db.selectFrom('refunds').select('reason').where('order_id', 'in', orders.map((o) => o.orderId)).execute()
    expect(refunds).toEqual(Array.from({ length: N - 1 }, () => ({ reason: 'unfillable' })))
    // The shop shows it sold out.
    expect(await api.stockOf(productId)).toBe(0)
  })
}
