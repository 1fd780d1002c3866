// The demo shopper's month of orders: real products and prices, consistent totals and histories,
// nothing dated in the future, stock untouched.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../../tests/helpers/test-db'
import { getProduct } from '~/domain/catalog/catalog.server'
import { reviewSummary } from '~/domain/catalog/reviews.server'
import { dashboard } from '~/domain/dashboard/admin-dashboard.server'
import type { DB } from '../database'
import { up } from '../../migrations/2026-11-25T0900-sec-pay-demo-order-gateway'
import { seedDemoOrders } from './demo-orders'

const shopper = { id: 'u-priya', userName: 'Priya Sharma', email: 'shopper@resincraft.studio' }
const NOW = new Date('2026-11-23T04:30:00Z')

let testDb: TestDb
let db: DB

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await db.insertInto('users').values({ id: shopper.id, user_name: shopper.userName, email: shopper.email, password_hash: 'x', role: 'user' }).execute()
  for (let i = 0; i < 5; i++) {
    await db
      .insertInto('products')
      .values({
        id: `p${i}`,
        title: `Resin piece ${i}`,
        description: 'Handmade',
        category: 'home-decor',
        price_paise: 1_000_00 + i * 100_00,
        sale_price_paise: i === 1 ? 800_00 : 0,
        total_stock: 5,
        updated_at: NOW.toISOString(),
      })
      .execute()
  }
})

afterEach(async () => {
  await testDb?.cleanup()
})

it('adds orders with totals that match their lines and histories that end at their status', async () => {
  const count = await seedDemoOrders(db, shopper, NOW)
  expect(count).toBeGreaterThanOrEqual(10)
  const orders = await db.selectFrom('orders').selectAll().execute()
  expect(orders).toHaveLength(count)
  for (const order of orders) {
    const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).execute()
    expect(lines.length).toBeGreaterThan(0)
    expect(order.total_amount_paise).toBe(lines.reduce((sum, l) => sum + l.unit_price_paise * l.quantity, 0))
    for (const line of lines) expect([1_000_00, 800_00, 1_200_00, 1_300_00, 1_400_00]).toContain(line.unit_price_paise)
    const history = await db.selectFrom('order_status_history').selectAll().where('order_id', '=', order.id).orderBy('id').execute()
    expect(history.at(-1)?.status).toBe(order.order_status)
    expect(order.payment_status).toBe(order.order_status === 'pending' ? 'pending' : 'paid')
    for (const moment of [order.order_date, ...history.map((h) => h.changed_at)]) expect(moment <= NOW.toISOString()).toBe(true)
  }
  const stock = await db.selectFrom('products').select('total_stock').execute()
  expect(stock.every((p) => p.total_stock === 5)).toBe(true)
  expect(await db.selectFrom('addresses').select('user_id').execute()).toEqual([{ user_id: shopper.id }])
})

it('gives the dashboard a month of revenue', async () => {
  await seedDemoOrders(db, shopper, NOW)
  const { periods, daily } = await dashboard(db, NOW)
  expect(periods[2]?.revenuePaise).toBeGreaterThan(periods[1]?.revenuePaise ?? 0)
  expect(daily.filter((d) => d.revenuePaise > 0).length).toBeGreaterThan(8)
})

it('adds nothing when there are no products to have sold', async () => {
  await db.deleteFrom('products').execute()
  expect(await seedDemoOrders(db, shopper, NOW)).toBe(0)
  expect(await db.selectFrom('orders').select('id').execute()).toEqual([])
})

it("records the demo orders as gateway 'demo' (counted as revenue), and relabels ones seeded before as TEST MODE orders", async () => {
  await seedDemoOrders(db, shopper, NOW)
  const gateways = await db.selectFrom('orders').select('gateway').distinct().execute()
  expect(gateways).toEqual([{ gateway: 'demo' }])
  // A shop seeded before the change: its demo orders said 'test'; a real TEST MODE order stays 'test'.
  await db.updateTable('orders').set({ gateway: 'test' }).execute()
  await db.updateTable('payments').set({ gateway: 'test' }).execute()
  const someOrder = await db.selectFrom('orders').select('id').executeTakeFirstOrThrow()
  await db.updateTable('orders').set({ gateway_order_id: 'order_test_abc' }).where('id', '=', someOrder.id).execute()
  await up(db)
  const after = await db.selectFrom('orders').select(['id', 'gateway']).execute()
  expect(after.filter((o) => o.gateway === 'test').map((o) => o.id)).toEqual([someOrder.id])
  expect(after.filter((o) => o.gateway === 'demo')).toHaveLength(after.length - 1)
  const payments = await db.selectFrom('payments').select('gateway').distinct().execute()
  expect(payments).toEqual([{ gateway: 'demo' }])
})

it("adds the shopper's reviews of pieces delivered to her, with each product's count and average", async () => {
  await seedDemoOrders(db, shopper, NOW)
  const reviews = await db.selectFrom('reviews').selectAll().execute()
  expect(reviews.length).toBeGreaterThan(0)
  for (const review of reviews) {
    expect(review.user_id).toBe(shopper.id)
    const delivered = await db
      .selectFrom('orders as o')
      .innerJoin('order_lines as l', 'l.order_id', 'o.id')
      .select('o.id')
      .where('o.order_status', '=', 'delivered')
      .where('l.product_id', '=', review.product_id)
      .execute()
    expect(delivered.length).toBeGreaterThan(0)
    const product = await db.selectFrom('products').select(['review_count', 'average_review']).where('id', '=', review.product_id).executeTakeFirstOrThrow()
    expect(product).toEqual({ review_count: 1, average_review: review.review_value })
  }
})

it('gives every product the rating its seeded reviews make, and none to a product nobody reviewed (ADR 062)', async () => {
  await seedDemoOrders(db, shopper, NOW)
  const reviews = await db.selectFrom('reviews').select(['product_id', 'review_value']).execute()
  for (const { id } of await db.selectFrom('products').select('id').execute()) {
    const values = reviews.filter((r) => r.product_id === id).map((r) => r.review_value)
    const average = values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : 0
    // What the product page, its dialog and the /api show.
    expect((await getProduct(db, id)).averageReview, id).toBe(average)
    expect(await reviewSummary(db, id), id).toMatchObject({ average, count: values.length })
  }
  expect(reviews.length).toBeGreaterThan(0)
})
