// Revenue by discount code (issue 28): kept money only, per code, with its average order value, for
// all time (the discounts list) or a period of India days (the dashboard's panel).
import { describe, expect, it } from 'vitest'
import { asha, insertUsers, ravi } from '../../../tests/helpers/fixtures'
import { insertDiscountCode } from '../../../tests/helpers/discount-fixtures'
import { insertOrder, type OrderFixture } from '../../../tests/helpers/order-fixtures'
import { movePartialRefund, partialRefund } from '../../../tests/helpers/partial-refund-fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { codeRevenuePeriod, revenueByCode, revenueByCodeForDays } from './revenue-by-code.server'

/** 23 Nov 2026, 10:00 in India. */
const NOW = new Date('2026-11-23T04:30:00Z')
const daysAgo = (days: number) => new Date(Date.UTC(2026, 10, 23 - days, 12, 0, 0) - 330 * 60_000)

let db: DB
let diwali: string
let rakhi: string

withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha, ravi])
  diwali = (await insertDiscountCode(db, { code: 'DIWALI10' })).id
  rakhi = (await insertDiscountCode(db, { code: 'RAKHI', type: 'fixed', value: '200' })).id
})

/** An order that used `codeId`, `discountPaise` off, paying `totalPaise`. */
async function codeOrder(codeId: string | null, discountPaise: number, fixture: Omit<OrderFixture, 'user' | 'date'> & { date?: Date }) {
  await insertOrder(db, { user: asha, date: daysAgo(0), ...fixture })
  if (!codeId) return
  const code = codeId === diwali ? 'DIWALI10' : 'RAKHI'
  await db.updateTable('orders').set({ discount_code_id: codeId, discount_code: code, discount_paise: discountPaise }).where('id', '=', fixture.id).execute()
}

describe('revenueByCode', () => {
  it('sums each code\'s paid orders, what they paid and what the code took off, largest first, with the average order', async () => {
    await codeOrder(diwali, 150_00, { id: 'd1', totalPaise: 1_350_00 })
    await codeOrder(diwali, 100_00, { id: 'd2', totalPaise: 900_00 })
    await codeOrder(diwali, 100_00, { id: 'd3', totalPaise: 901_01 })
    await codeOrder(rakhi, 200_00, { id: 'r1', totalPaise: 5_000_00 })
    await codeOrder(null, 0, { id: 'plain', totalPaise: 9_999_00 })
    expect(await revenueByCode(db)).toEqual([
      { codeId: rakhi, code: 'RAKHI', paidOrders: 1, revenuePaise: 5_000_00, discountPaise: 200_00, averageOrderPaise: 5_000_00 },
      // 3,151.01 / 3 = 1,050.3366...: rounded to the paisa.
      { codeId: diwali, code: 'DIWALI10', paidOrders: 3, revenuePaise: 3_151_01, discountPaise: 350_00, averageOrderPaise: 1_050_34 },
    ])
  })

  it('leaves out what was not kept: unpaid, failed, rejected, refunded or being refunded, and TEST MODE orders', async () => {
    await codeOrder(diwali, 100_00, { id: 'kept', totalPaise: 900_00, status: 'inShipping' })
    await codeOrder(diwali, 100_00, { id: 'unpaid', totalPaise: 900_00, status: 'pending' })
    await codeOrder(diwali, 100_00, { id: 'failed', totalPaise: 900_00, status: 'pending', paymentStatus: 'failed' })
    await codeOrder(diwali, 100_00, { id: 'rejected', totalPaise: 900_00, status: 'rejected' })
    await codeOrder(diwali, 100_00, { id: 'refunding', totalPaise: 900_00, status: 'cancelled', needsRefund: true })
    await codeOrder(diwali, 100_00, { id: 'refunded', totalPaise: 900_00, status: 'cancelled', paymentStatus: 'refunded' })
    await codeOrder(diwali, 100_00, { id: 'test-mode', totalPaise: 900_00, gateway: 'test' })
    expect(await revenueByCode(db)).toEqual([
      { codeId: diwali, code: 'DIWALI10', paidOrders: 1, revenuePaise: 900_00, discountPaise: 100_00, averageOrderPaise: 900_00 },
    ])
  })

  it('takes processed partial refunds off the code\'s revenue and average order (not decided, sent or failed ones); its discount stays', async () => {
    await codeOrder(diwali, 150_00, { id: 'd1', totalPaise: 1_350_00 })
    await codeOrder(diwali, 100_00, { id: 'd2', totalPaise: 900_00 })
    await codeOrder(rakhi, 200_00, { id: 'r1', totalPaise: 5_000_00 })
    await codeOrder(null, 0, { id: 'plain', totalPaise: 9_999_00 })
    await partialRefund(db, 'd1', 350_00)
    const decided = await partialRefund(db, 'd2', 100_01, 'queued')
    await partialRefund(db, 'r1', 1_000_00, 'pending')
    await partialRefund(db, 'r1', 500_00, 'failed')
    await partialRefund(db, 'plain', 999_00)
    expect(await revenueByCode(db)).toEqual([
      { codeId: rakhi, code: 'RAKHI', paidOrders: 1, revenuePaise: 5_000_00, discountPaise: 200_00, averageOrderPaise: 5_000_00 },
      // 1,350.00 - 350.00 + 900.00 = 1,900.00 over two orders.
      { codeId: diwali, code: 'DIWALI10', paidOrders: 2, revenuePaise: 1_900_00, discountPaise: 250_00, averageOrderPaise: 950_00 },
    ])
    // d2 given back whole (the decided refund, then the rest): no longer a kept order of the code.
    await movePartialRefund(db, decided, 'processed')
    await partialRefund(db, 'd2', 900_00 - 100_01)
    expect((await revenueByCode(db, { codeIds: [diwali] }))[0]).toMatchObject({ paidOrders: 1, revenuePaise: 1_000_00, averageOrderPaise: 1_000_00 })
  })

  it('answers only the codes asked for, and nothing for none', async () => {
    await codeOrder(diwali, 100_00, { id: 'd1', totalPaise: 900_00 })
    await codeOrder(rakhi, 200_00, { id: 'r1', totalPaise: 800_00 })
    expect((await revenueByCode(db, { codeIds: [rakhi] })).map((row) => row.code)).toEqual(['RAKHI'])
    expect(await revenueByCode(db, { codeIds: [] })).toEqual([])
  })
})

describe('revenueByCodeForDays', () => {
  it('counts the orders of the chosen India days, today included', async () => {
    await codeOrder(diwali, 100_00, { id: 'today', totalPaise: 900_00, date: daysAgo(0) })
    await codeOrder(diwali, 100_00, { id: 'six-days', totalPaise: 1_000_00, date: daysAgo(6) })
    await codeOrder(diwali, 100_00, { id: 'seven-days', totalPaise: 2_000_00, date: daysAgo(7) })
    await codeOrder(rakhi, 200_00, { id: 'old', totalPaise: 4_000_00, date: daysAgo(30) })
    const revenue = async (days: 1 | 7 | 30) => (await revenueByCodeForDays(db, days, NOW)).map((row) => [row.code, row.paidOrders, row.revenuePaise])
    expect(await revenue(1)).toEqual([['DIWALI10', 1, 900_00]])
    expect(await revenue(7)).toEqual([['DIWALI10', 2, 1_900_00]])
    expect(await revenue(30)).toEqual([['DIWALI10', 3, 3_900_00]])
  })

  it('reads the period from the page, 30 days unless it is one it offers', () => {
    expect([codeRevenuePeriod('1'), codeRevenuePeriod('7'), codeRevenuePeriod('30')]).toEqual([1, 7, 30])
    expect([codeRevenuePeriod(null), codeRevenuePeriod('365'), codeRevenuePeriod('x')]).toEqual([30, 30, 30])
  })
})
