// Expected dispatch days (ADR 070): a product's and an option's making time, the studio's handling time
// and holidays, the order's day kept at placing and again at payment, and the admin's list sorted by it.
import { afterEach, describe, expect, it } from 'vitest'
import { asha, ravi } from '../../../tests/helpers/fixtures'
import { insertPaymentShop, orderRow, placeOrderFor, signedResult, testShopGateway as gateway } from '../../../tests/helpers/payment-fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { setClock } from '~/domain/clock'
import { Invalid } from '~/domain/errors'
import { listAllOrders } from '~/domain/orders/admin-orders.server'
import { verifyAndConfirm } from '~/domain/orders/verify-payment.server'
import { getProduct } from './catalog.server'
import { checkoutDispatch, dispatchDayOfLines, productDispatch } from './dispatch-dates.server'
import { listHolidays, readStudioCalendar, saveStudioCalendar } from './studio-calendar.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertPaymentShop(db)
  // The pendant is made to order in 7 working days; of the coasters, only the Square is (5 days).
  await db.updateTable('products').set({ made_to_order_days: 7 }).where('id', '=', 'pendant').execute()
  await db.updateTable('product_varieties').set({ made_to_order_days: 5 }).where('product_id', '=', 'coaster').where('name', '=', 'Square').execute()
})

afterEach(() => setClock())

// Friday 27 Nov 2026, 10:00 in India.
const FRIDAY = '2026-11-27T04:30:00Z'

describe('the studio calendar', () => {
  it('starts with a handling time of 1 working day and no holidays', async () => {
    expect(await readStudioCalendar(db)).toEqual({ handlingDays: 1, holidays: [] })
  })

  it('saves the handling time and the holidays together, and a bad box changes nothing', async () => {
    await saveStudioCalendar(db, { handlingDays: 2, holidays: '2026-12-25 Christmas\n2026-11-28' })
    expect(await readStudioCalendar(db)).toEqual({ handlingDays: 2, holidays: ['2026-11-28', '2026-12-25'] })
    const refused = await saveStudioCalendar(db, { handlingDays: 11, holidays: '2026-12-31\nnot a day' }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(Invalid)
    expect((refused as Invalid).errors).toEqual({
      handlingDays: ['Handling time is 0 to 10 working days'],
      holidays: ['Line 2: write the day as 2026-12-25, then a note if you like'],
    })
    expect(await listHolidays(db)).toEqual([
      { day: '2026-11-28', note: '' },
      { day: '2026-12-25', note: 'Christmas' },
    ])
    expect((await readStudioCalendar(db)).handlingDays).toBe(2)
  })

  it('reads only the holidays from a day on', async () => {
    await saveStudioCalendar(db, { handlingDays: 1, holidays: '2026-01-26\n2026-12-25' })
    expect((await readStudioCalendar(db, '2026-11-27')).holidays).toEqual(['2026-12-25'])
  })
})

describe('productDispatch', () => {
  it("gives the product's day and each option's, its own making time or the product's", async () => {
    setClock(FRIDAY)
    const coaster = await productDispatch(db, await getProduct(db, 'coaster'))
    const ready = { madeToOrderDays: 0, day: '2026-11-28', dayText: 'Sat 28 Nov', sentence: 'Ready to ship · dispatched by Sat 28 Nov' }
    const square = { madeToOrderDays: 5, day: '2026-12-03', dayText: 'Thu 3 Dec', sentence: 'Made to order · ships by Thu 3 Dec' }
    expect(coaster).toEqual({ product: ready, options: { Round: ready, Square: square }, byDays: { 0: ready, 5: square } })
    expect((await productDispatch(db, await getProduct(db, 'pendant'))).product).toEqual({
      madeToOrderDays: 7,
      day: '2026-12-05',
      dayText: 'Sat 5 Dec',
      sentence: 'Made to order · ships by Sat 5 Dec',
    })
  })

  it('skips the holidays and Sundays, from the India day of the moment', async () => {
    await saveStudioCalendar(db, { handlingDays: 1, holidays: '2026-11-30\n2026-12-01' })
    // 19:00 UTC on Saturday is Sunday 00:30 in India: Monday and Tuesday are holidays.
    setClock('2026-11-28T19:00:00Z')
    expect((await productDispatch(db, await getProduct(db, 'coaster'))).product.day).toBe('2026-12-02')
  })
})

describe("a variant's making time", () => {
  /** The coaster's variants: option, colour ('' for any) and own making time (null: none), 2 in stock each. */
  const insertCoasterVariants = (variants: [option: string, color: string, days: number | null][]) =>
    db
      .insertInto('product_variants')
      .values(variants.map(([variety_name, color, made_to_order_days]) => ({ product_id: 'coaster', variety_name, color, stock: 2, made_to_order_days })))
      .execute()

  it("is the variant's own when set (blank parts meaning any), else its option's, else the product's", async () => {
    setClock(FRIDAY)
    await insertCoasterVariants([
      ['Round', 'Teal', 3],
      ['Round', '', null],
      ['Square', '', 0],
    ])
    // Round in Teal: 3 working days (Sat 28, Mon 30, Tue 1); Round in another colour: ready to ship (the product's);
    // Square: the variant's 0 (ready to ship) beats the option's 5.
    expect(await dispatchDayOfLines(db, [{ productId: 'coaster', variety: 'Round', color: 'Teal' }])).toBe('2026-12-01')
    expect(await dispatchDayOfLines(db, [{ productId: 'coaster', variety: 'Round', color: 'Amber' }])).toBe('2026-11-28')
    expect(await dispatchDayOfLines(db, [{ productId: 'coaster', variety: 'Square', color: 'Teal' }])).toBe('2026-11-28')
    const shown = await checkoutDispatch(db, [{ id: 'a', productId: 'coaster', variety: 'Round', option2: '', color: 'Teal', available: true }])
    expect(shown.notes).toEqual({ a: 'Made to order: ships in 3 working days' })
  })

  it('reaches the product page: each variant\'s own making time on the product, and a promise for every making time', async () => {
    setClock(FRIDAY)
    await insertCoasterVariants([
      ['Round', 'Teal', 3],
      ['Round', '', null],
    ])
    const coaster = await getProduct(db, 'coaster')
    expect(coaster.variants.find((v) => v.color === 'Teal')?.madeToOrderDays).toBe(3)
    expect(coaster.variants.find((v) => v.color === '')).not.toHaveProperty('madeToOrderDays')
    const dispatch = await productDispatch(db, coaster)
    expect(Object.keys(dispatch.byDays).map(Number).sort()).toEqual([0, 3, 5])
    expect(dispatch.byDays[3]).toMatchObject({ day: '2026-12-01', dayText: 'Tue 1 Dec', sentence: 'Made to order · ships by Tue 1 Dec' })
  })
})

describe('an order keeps its day', () => {
  it('is the latest of its lines at checkout and on the placed order', async () => {
    setClock(FRIDAY)
    const lines = [
      { productId: 'coaster', variety: 'Round' },
      { productId: 'coaster', variety: 'Square' },
    ]
    expect(await dispatchDayOfLines(db, lines)).toBe('2026-12-03')
    expect(await dispatchDayOfLines(db, [lines[0] as (typeof lines)[number]])).toBe('2026-11-28')
    expect(await dispatchDayOfLines(db, [])).toBeNull()
    const shown = await checkoutDispatch(db, [
      { id: 'a', productId: 'pendant', variety: '', available: true },
      { id: 'b', productId: 'coaster', variety: 'Square', available: false },
    ])
    // A line that cannot be bought does not hold the order back.
    expect(shown).toEqual({ day: '2026-12-05', dayText: 'Sat 5 Dec', notes: { a: 'Made to order: ships in 7 working days' } })

    const placed = await placeOrderFor(db, gateway, asha, [
      { productId: 'coaster', quantity: 1, variety: 'Round' },
      { productId: 'pendant', quantity: 1 },
    ])
    expect((await orderRow(db, placed.orderId)).dispatch_by).toBe('2026-12-05')
  })

  it('counts again from the payment: the making starts once paid', async () => {
    setClock(FRIDAY)
    const placed = await placeOrderFor(db, gateway, asha, [{ productId: 'coaster', quantity: 1, variety: 'Square' }])
    expect((await orderRow(db, placed.orderId)).dispatch_by).toBe('2026-12-03')
    // Paid on Saturday evening in India, with the studio closed on Monday.
    await saveStudioCalendar(db, { handlingDays: 1, holidays: '2026-11-30' })
    setClock('2026-11-28T14:00:00Z')
    await verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_1'))
    expect((await orderRow(db, placed.orderId)).dispatch_by).toBe('2026-12-05')
  })
})

describe("the admin's order list by dispatch day", () => {
  it('sorts soonest first, orders without a day last; newest first by default', async () => {
    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 6))
    await insertOrder(db, { id: 'o-none', user: asha, date: at(22) })
    await insertOrder(db, { id: 'o-late', user: ravi, date: at(21) })
    await insertOrder(db, { id: 'o-soon', user: asha, date: at(20) })
    await db.updateTable('orders').set({ dispatch_by: '2026-12-09' }).where('id', '=', 'o-late').execute()
    await db.updateTable('orders').set({ dispatch_by: '2026-11-24' }).where('id', '=', 'o-soon').execute()
    const byDispatch = await listAllOrders(db, { sort: 'dispatch' })
    expect(byDispatch.items.map((o) => [o.id, o.dispatchBy])).toEqual([
      ['o-soon', '2026-11-24'],
      ['o-late', '2026-12-09'],
      ['o-none', null],
    ])
    expect((await listAllOrders(db)).items.map((o) => o.id)).toEqual(['o-none', 'o-late', 'o-soon'])
  })
})
