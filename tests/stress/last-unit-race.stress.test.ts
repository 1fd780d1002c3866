// The last unit, over real HTTP: N shoppers with the one piece left in their carts all start paying
// at the same moment. Checkout holds the stock (docs/decisions/032): exactly one checkout holds it
// and is paid and kept; the other N-1 are told before paying (400 naming the line and that none is
// left), so no gateway order, no money and no refund for them. Several rounds; timings reported.
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { type RunningServer, startServer } from '../integration/server'
import { CHECKOUT_MESSAGES } from '../../app/lib/checkout-messages'
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
  it(`round ${round}: ${N} buyers start paying for the last unit at once: one kept order, ${N - 1} told before paying`, async () => {
    const productId = `last-unit-${round}`
    const title = `The last resin geode ${round}`
    // Earlier rounds' sold-out pieces leave the carts.
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
    console.log(
      `RACE (HTTP): round ${round}, N=${N} concurrent checkouts of the last unit in ${elapsed.toFixed(0)} ms ` +
        `(per request p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms): ` +
        `${held.length} held, ${refused.length} refused at hold, 0 refunded`,
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
    const winner = held[0] as (typeof held)[number]
    const orderId = winner.answer.body.orderId as string
    const gatewayOrderId = winner.answer.body.razorpayOrder.id as string

    // The one holding it pays within the hold and gets it.
    const paid = await api.verify(winner.who, testPaymentResult(gatewayOrderId, `pay_race_${orderId}`, orderId))
    expect(paid).toMatchObject({ status: 200, body: { message: 'Payment Successful!' } })
    const product = await db.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirstOrThrow()
    expect(product.total_stock).toBe(0)
    const rows = await db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.id', 'orders.payment_status', 'orders.order_status', 'orders.needs_refund'])
      .where('order_lines.product_id', '=', productId)
      .execute()
    // Exactly one order for the piece, kept: confirmed, paid, nothing to refund.
    expect(rows).toEqual([{ id: orderId, payment_status: 'paid', order_status: 'confirmed', needs_refund: 0 }])
    expect(await db.selectFrom('stock_holds').select('order_id').where('product_id', '=', productId).execute()).toEqual([])
    // The shop shows it sold out.
    expect(await api.stockOf(productId)).toBe(0)
  })
}
