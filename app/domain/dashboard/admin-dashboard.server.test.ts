// The dashboard: revenue by India day (kept money only), today / 7 / 30 days, orders by status,
// stock alerts and the latest orders.
import { describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { partialRefund } from '../../../tests/helpers/partial-refund-fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { queueRefund } from '~/domain/orders/refunds.server'
import { ALL_ORDER_STATUSES } from '~/lib/order-status'
import { CHART_DAYS, dashboard, dailyRevenue, LATEST_ORDERS_SIZE, LOW_STOCK_LIST_SIZE } from './admin-dashboard.server'

/** 23 Nov 2026, 10:00 in India. */
const NOW = new Date('2026-11-23T04:30:00Z')
const daysAgo = (days: number, hoursIst = 12) => new Date(Date.UTC(2026, 10, 23 - days, hoursIst, 0, 0) - 330 * 60_000)

let db: DB

withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha])
})

const insertProduct = (id: string, stock: number, deleted = false) =>
  insertProducts(db, [{ id, title: `Product ${id}`, description: 'Resin', category: 'jewellery', stock, deleted }])

describe('dailyRevenue', () => {
  it('has one entry per India day for 30 days, oldest first, zeros included', async () => {
    const days = await dailyRevenue(db, NOW)
    expect(days).toHaveLength(CHART_DAYS)
    expect(days[0]?.day).toBe('2026-10-25')
    expect(days.at(-1)?.day).toBe('2026-11-23')
    expect(days.every((d) => d.revenuePaise === 0 && d.paidOrders === 0)).toBe(true)
  })

  it('puts an order on its India date: 00:30 IST is today, 23:59 IST the day before', async () => {
    await insertOrder(db, { id: 'just-after-midnight', user: asha, date: new Date('2026-11-22T19:00:00Z'), totalPaise: 100_00 })
    await insertOrder(db, { id: 'just-before-midnight', user: asha, date: new Date('2026-11-22T18:29:00Z'), totalPaise: 250_00 })
    const days = await dailyRevenue(db, NOW)
    expect(days.at(-1)).toEqual({ day: '2026-11-23', revenuePaise: 100_00, paidOrders: 1 })
    expect(days.at(-2)).toEqual({ day: '2026-11-22', revenuePaise: 250_00, paidOrders: 1 })
  })

  it('counts kept money only: not unpaid, failed, rejected or refund-flagged orders, nor older than 30 days', async () => {
    await insertOrder(db, { id: 'paid', user: asha, date: daysAgo(0), totalPaise: 1_000_00 })
    await insertOrder(db, { id: 'shipping', user: asha, date: daysAgo(0), status: 'inShipping', totalPaise: 500_00 })
    await insertOrder(db, { id: 'unpaid', user: asha, date: daysAgo(0), status: 'pending', totalPaise: 9_999_00 })
    await insertOrder(db, { id: 'failed', user: asha, date: daysAgo(0), status: 'pending', paymentStatus: 'failed', totalPaise: 9_999_00 })
    await insertOrder(db, { id: 'rejected', user: asha, date: daysAgo(0), status: 'rejected', totalPaise: 9_999_00 })
    await insertOrder(db, { id: 'refund', user: asha, date: daysAgo(0), needsRefund: true, totalPaise: 9_999_00 })
    await insertOrder(db, { id: 'too-old', user: asha, date: daysAgo(30), totalPaise: 9_999_00 })
    const days = await dailyRevenue(db, NOW)
    expect(days.at(-1)).toEqual({ day: '2026-11-23', revenuePaise: 1_500_00, paidOrders: 2 })
    expect(days.reduce((sum, d) => sum + d.revenuePaise, 0)).toBe(1_500_00)
  })
})

describe('partial refunds (ADR 092)', () => {
  const revenue = async () => (await dashboard(db, NOW)).periods.map((p) => [p.revenuePaise, p.paidOrders])

  it('takes what a processed partial refund gave back off its order, on the day the order was placed', async () => {
    await insertOrder(db, { id: 'today', user: asha, date: daysAgo(0), totalPaise: 1_000_00 })
    await insertOrder(db, { id: 'last-week', user: asha, date: daysAgo(5), totalPaise: 2_000_00 })
    await partialRefund(db, 'last-week', 300_50)
    expect(await revenue()).toEqual([
      [1_000_00, 1],
      [2_699_50, 2],
      [2_699_50, 2],
    ])
    const days = await dailyRevenue(db, NOW)
    expect(days.at(-6)).toEqual({ day: '2026-11-18', revenuePaise: 1_699_50, paidOrders: 1 })
    // A second one of the same order adds up.
    await partialRefund(db, 'last-week', 99_50)
    expect((await dailyRevenue(db, NOW)).at(-6)?.revenuePaise).toBe(1_600_00)
  })

  it('takes nothing off for a partial refund decided, on its way or failed: the order counts whole', async () => {
    await insertOrder(db, { id: 'decided', user: asha, date: daysAgo(0), totalPaise: 1_000_00 })
    await insertOrder(db, { id: 'sent', user: asha, date: daysAgo(0), totalPaise: 2_000_00 })
    await insertOrder(db, { id: 'failed', user: asha, date: daysAgo(0), totalPaise: 4_000_00 })
    await partialRefund(db, 'decided', 100_00, 'queued')
    await partialRefund(db, 'sent', 200_00, 'pending')
    await partialRefund(db, 'failed', 400_00, 'failed')
    const flagged = await db.selectFrom('orders').select(['id', 'needs_refund']).orderBy('id').execute()
    expect(flagged).toEqual([
      { id: 'decided', needs_refund: 1 },
      { id: 'failed', needs_refund: 0 },
      { id: 'sent', needs_refund: 1 },
    ])
    expect((await revenue())[0]).toEqual([7_000_00, 3])
    await partialRefund(db, 'sent', 50_00)
    expect((await revenue())[0]).toEqual([6_950_00, 3])
  })

  it('leaves out an order given back whole: by partial refunds to the last paisa, or the rest refunded when it ends', async () => {
    await insertOrder(db, { id: 'kept', user: asha, date: daysAgo(0), totalPaise: 1_000_00 })
    await insertOrder(db, { id: 'all-back', user: asha, date: daysAgo(0), totalPaise: 500_00 })
    await insertOrder(db, { id: 'cancelled', user: asha, date: daysAgo(0), totalPaise: 800_00, status: 'cancelled' })
    await partialRefund(db, 'all-back', 200_00)
    await partialRefund(db, 'all-back', 300_00)
    // A partial refund still on its way when the order is cancelled: the rest is queued whole.
    await partialRefund(db, 'cancelled', 100_00, 'pending')
    await db.transaction().execute((trx) => queueRefund(trx, 'cancelled', 'cancelled'))
    expect((await revenue())[0]).toEqual([1_000_00, 1])
  })
})

describe('TEST MODE orders', () => {
  it('leaves orders paid through the TEST MODE gateway out of revenue and the chart', async () => {
    await insertOrder(db, { id: 'real', user: asha, date: daysAgo(0), totalPaise: 1_000_00 })
    await insertOrder(db, { id: 'test-today', user: asha, date: daysAgo(0), totalPaise: 9_999_00, gateway: 'test' })
    await insertOrder(db, { id: 'test-older', user: asha, date: daysAgo(3), totalPaise: 9_999_00, gateway: 'test' })
    const { periods, daily } = await dashboard(db, NOW)
    expect(daily.reduce((sum, d) => sum + d.revenuePaise, 0)).toBe(1_000_00)
    expect(periods.map((p) => [p.revenuePaise, p.paidOrders])).toEqual([
      [1_000_00, 1],
      [1_000_00, 1],
      [1_000_00, 1],
    ])
  })

  it('marks TEST MODE orders among the latest orders', async () => {
    await insertOrder(db, { id: 'real', user: asha, date: daysAgo(1) })
    await insertOrder(db, { id: 'test', user: asha, date: daysAgo(0), gateway: 'test' })
    const { latestOrders } = await dashboard(db, NOW)
    expect(latestOrders.map((o) => [o.id, o.testMode])).toEqual([
      ['test', true],
      ['real', false],
    ])
  })
})

describe('dashboard', () => {
  it('sums today, the last 7 and the last 30 days from the daily figures', async () => {
    await insertOrder(db, { id: 'today', user: asha, date: daysAgo(0), totalPaise: 100_00 })
    await insertOrder(db, { id: 'six-days', user: asha, date: daysAgo(6), totalPaise: 200_00 })
    await insertOrder(db, { id: 'seven-days', user: asha, date: daysAgo(7), totalPaise: 400_00 })
    await insertOrder(db, { id: 'twenty-nine', user: asha, date: daysAgo(29), totalPaise: 800_00 })
    const { periods } = await dashboard(db, NOW)
    expect(periods).toEqual([
      { label: 'Today', days: 1, revenuePaise: 100_00, paidOrders: 1 },
      { label: 'Last 7 days', days: 7, revenuePaise: 300_00, paidOrders: 2 },
      { label: 'Last 30 days', days: 30, revenuePaise: 1_500_00, paidOrders: 4 },
    ])
  })

  it('counts orders by every status, zeros included, and the orders that need attention (unpaid checkouts are not orders)', async () => {
    await insertOrder(db, { id: 'a', user: asha, date: daysAgo(1), status: 'pending' })
    await insertOrder(db, { id: 'b', user: asha, date: daysAgo(1), status: 'delivered' })
    await insertOrder(db, { id: 'c', user: asha, date: daysAgo(1), status: 'delivered' })
    await insertOrder(db, { id: 'd', user: asha, date: daysAgo(40), status: 'confirmed', needsRefund: true })
    // A cancel's refund on its way is routine: not one that needs attention.
    await insertOrder(db, { id: 'e', user: asha, date: daysAgo(2), status: 'cancelled', needsRefund: true })
    const queuedAt = daysAgo(2).toISOString()
    await db
      .insertInto('refunds')
      .values({ id: 'rf-e', order_id: 'e', gateway: 'razorpay', gateway_payment_id: 'pay_e', amount_paise: 149_900, status: 'pending', reason: 'cancelled', next_attempt_at: queuedAt, updated_at: queuedAt })
      .execute()
    const { byStatus, needsAttention, totalOrders } = await dashboard(db, NOW)
    expect(byStatus.map((s) => s.status)).toEqual([...ALL_ORDER_STATUSES])
    expect(Object.fromEntries(byStatus.map((s) => [s.status, s.count]))).toEqual({
      pending: 0,
      confirmed: 1,
      inProcess: 0,
      inShipping: 0,
      delivered: 2,
      cancelled: 1,
      rejected: 0,
    })
    expect(needsAttention).toBe(1)
    expect(totalOrders).toBe(4)
  })

  it('lists the shelves under 10 in stock (a size of a product with plenty in all), emptiest first, with counts of out and low', async () => {
    await insertProduct('plenty', 10)
    await insertProduct('three', 3)
    await insertProduct('empty', 0)
    await insertProduct('nine', 9)
    await insertProduct('gone', 0, true)
    await insertProducts(db, [{ id: 'sized', title: 'Product sized', stock: 42, varieties: [{ name: 'Small', price: 100 }, { name: 'Large', price: 200 }] }])
    await db
      .insertInto('product_variants')
      .values([
        { product_id: 'sized', variety_name: 'Small', stock: 2, position: 0 },
        { product_id: 'sized', variety_name: 'Large', stock: 40, position: 1 },
      ])
      .execute()
    const { stock } = await dashboard(db, NOW)
    expect(stock).toEqual({
      shelves: 6,
      outOfStock: 1,
      lowStock: 3,
      items: [
        { productId: 'empty', title: 'Product empty', choice: '', stock: 0 },
        { productId: 'sized', title: 'Product sized', choice: 'Size: Small', stock: 2 },
        { productId: 'three', title: 'Product three', choice: '', stock: 3 },
        { productId: 'nine', title: 'Product nine', choice: '', stock: 9 },
      ],
    })
  })

  it(`caps the stock list at ${LOW_STOCK_LIST_SIZE} and the latest orders at ${LATEST_ORDERS_SIZE}, newest first`, async () => {
    for (let i = 0; i < LOW_STOCK_LIST_SIZE + 3; i++) await insertProduct(`p${String(i).padStart(2, '0')}`, i % 5)
    for (let i = 0; i < LATEST_ORDERS_SIZE + 2; i++) await insertOrder(db, { id: `o${i}`, user: asha, date: daysAgo(i) })
    const { stock, latestOrders } = await dashboard(db, NOW)
    expect(stock.items).toHaveLength(LOW_STOCK_LIST_SIZE)
    expect(stock.outOfStock + stock.lowStock).toBe(LOW_STOCK_LIST_SIZE + 3)
    expect(latestOrders.map((o) => o.id)).toEqual(['o0', 'o1', 'o2', 'o3', 'o4'])
  })
})
