// Stock per variant (docs/decisions/061-stock-per-variant.md): 50 checkouts at once on the last unit
// of one variant (npm run test:pg runs it on PostgreSQL, where they run side by side), payment taking
// a variant's stock with the product's total, and a cancellation giving it back to the variant. The
// rule of which variant a line draws on is tested in app/lib/variants.test.ts.
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { updateOrderStatus } from '~/domain/orders/admin-orders.server'
import { type AvailabilityChange, watchAvailability } from './availability.server'
import { holdStock, StockNotHeld, takeHeldStock } from './stock-holds.server'
import { returnLineStock, variantsOf } from './variant-stock.server'

const SHOPPERS = 50
const shoppers = Array.from({ length: SHOPPERS }, (_, i) => ({ id: `u${i}`, userName: `Shopper ${i}`, email: `s${i}@example.com` }))

/** A pendant in sizes, Small with one left and Large with five; total_stock is their sum. */
async function insertPendant(db: DB) {
  await insertProducts(db, [
    {
      id: 'pendant',
      title: 'Ocean pendant',
      stock: 6,
      varieties: [
        { name: 'Small', price: 50_000 },
        { name: 'Large', price: 90_000 },
      ],
    },
  ])
  await db
    .insertInto('product_variants')
    .values([
      { product_id: 'pendant', variety_name: 'Small', color: '', stock: 1, price_paise: null, sale_price_paise: null, sku: null, image: null, position: 0 },
      { product_id: 'pendant', variety_name: 'Large', color: '', stock: 5, price_paise: null, sale_price_paise: null, sku: null, image: null, position: 1 },
    ])
    .execute()
}

async function stockOf(db: DB) {
  const product = await db.selectFrom('products').select('total_stock').where('id', '=', 'pendant').executeTakeFirstOrThrow()
  const variants = await db.selectFrom('product_variants').select(['variety_name', 'stock']).where('product_id', '=', 'pendant').orderBy('position').execute()
  return { total: Number(product.total_stock), ...Object.fromEntries(variants.map((v) => [v.variety_name, Number(v.stock)])) }
}

const movements = () =>
  db.selectFrom('stock_movements').select(['product_id', 'variety_name', 'color', 'change', 'stock_after', 'reason', 'order_id']).orderBy('id').execute()

const line = (variety: string, quantity = 1) => ({ productId: 'pendant', title: 'Ocean pendant', variety, color: '', quantity })

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, shoppers)
  await insertPendant(db)
  for (const [i, user] of shoppers.entries()) await insertOrder(db, { id: `o${i}`, user, date: new Date(), status: 'pending', paymentStatus: 'pending' })
  // Open the pool's connections now, so the transactions below really run side by side on PostgreSQL.
  await Promise.all(Array.from({ length: 10 }, () => sql`select 1`.execute(db)))
})

it(`holds the last Small for exactly one of ${SHOPPERS} checkouts at once, and the Large stays on sale`, async () => {
  const results = await Promise.allSettled(
    shoppers.map((user, i) => db.transaction().execute((trx) => holdStock(trx, { orderId: `o${i}`, userId: user.id, lines: [line('Small')] }))),
  )
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(StockNotHeld)
  const holds = await db.selectFrom('stock_holds').select(['variety_name', 'color', 'quantity']).execute()
  expect(holds).toEqual([{ variety_name: 'Small', color: '', quantity: 1 }])

  const left = (await variantsOf(db, ['pendant'])).get('pendant')?.map((v) => [v.variety, v.available])
  expect(left).toEqual([
    ['Small', 0],
    ['Large', 5],
  ])
  // Another shopper still gets all five Large.
  const loser = results.findIndex((r) => r.status === 'rejected')
  await db.transaction().execute((trx) => holdStock(trx, { orderId: `o${loser}`, userId: `u${loser}`, lines: [line('Large', 5)] }))
  expect(await stockOf(db)).toEqual({ total: 6, Small: 1, Large: 5 })
})

it('refuses a hold on a sold-out variant by name with what is left, holding nothing', async () => {
  await db.transaction().execute((trx) => holdStock(trx, { orderId: 'o0', userId: 'u0', lines: [line('Small')] }))
  const refused = db.transaction().execute((trx) => holdStock(trx, { orderId: 'o1', userId: 'u1', lines: [line('Small'), line('Large', 2)] }))
  await expect(refused).rejects.toThrow(StockNotHeld)
  await expect(refused).rejects.toMatchObject({ errors: { cart: [expect.stringContaining('Ocean pendant (Small)')] } })
  expect(await db.selectFrom('stock_holds').select('order_id').where('order_id', '=', 'o1').execute()).toEqual([])
})

it('takes a paid variant off its own stock and the total together, and a cancellation puts it back on the variant', async () => {
  const now = new Date().toISOString()
  await db.transaction().execute((trx) => holdStock(trx, { orderId: 'o0', userId: 'u0', lines: [line('Large', 2)] }))
  const short = await db.transaction().execute((trx) => takeHeldStock(trx, 'o0', [{ product_id: 'pendant', variety_name: 'Large', color: '', quantity: 2 }], now))
  expect(short).toBe(false)
  expect(await stockOf(db)).toEqual({ total: 4, Small: 1, Large: 3 })
  // The stock history says what the sale took and left (ADR 064).
  expect(await movements()).toEqual([{ product_id: 'pendant', variety_name: 'Large', color: '', change: -2, stock_after: 3, reason: 'sale', order_id: 'o0' }])

  await db.transaction().execute((trx) => returnLineStock(trx, 'pendant', { variety: 'Large', color: '' }, 2, now))
  expect(await stockOf(db)).toEqual({ total: 6, Small: 1, Large: 5 })
})

it(`takes the last Small at payment for exactly one of ${SHOPPERS} payments at once, the total following`, async () => {
  const now = new Date().toISOString()
  const short = await Promise.all(
    shoppers.map((_, i) =>
      db.transaction().execute((trx) => takeHeldStock(trx, `o${i}`, [{ product_id: 'pendant', variety_name: 'Small', color: '', quantity: 1 }], now)),
    ),
  )
  expect(short.filter((s) => !s)).toHaveLength(1)
  expect(await stockOf(db)).toEqual({ total: 5, Small: 0, Large: 5 })
})

it('refuses to take a line no variant fits (the product has variants), taking nothing', async () => {
  const now = new Date().toISOString()
  const short = await db.transaction().execute((trx) => takeHeldStock(trx, 'o0', [{ product_id: 'pendant', variety_name: 'Huge', color: '', quantity: 1 }], now))
  expect(short).toBe(true)
  expect(await stockOf(db)).toEqual({ total: 6, Small: 1, Large: 5 })
})

it("gives a rejected paid order's stock back to the variant its line draws on, with the total", async () => {
  // The fixture's order line: 2 of the vase, Large in Teal; the vase keeps its stock per size.
  await insertProducts(db, [{ id: 'vase', stock: 3, varieties: [{ name: 'Small', price: 50_000 }, { name: 'Large', price: 90_000 }], colors: ['Teal'] }])
  await db
    .insertInto('product_variants')
    .values(['Small', 'Large'].map((variety, position) => ({ product_id: 'vase', variety_name: variety, color: '', stock: position === 0 ? 3 : 0, price_paise: null, sale_price_paise: null, sku: null, image: null, position })))
    .execute()
  await insertOrder(db, { id: 'paid', user: shoppers[0] as (typeof shoppers)[number], date: new Date(), status: 'confirmed', quantity: 2 })
  const moved = await updateOrderStatus(db, 'paid', 'rejected', 'u1')
  expect(moved.stockReturned).toBe(true)
  expect(await movements()).toEqual([{ product_id: 'vase', variety_name: 'Large', color: '', change: 2, stock_after: 2, reason: 'cancellation', order_id: 'paid' }])
  const variants = await db.selectFrom('product_variants').select(['variety_name', 'stock']).where('product_id', '=', 'vase').orderBy('position').execute()
  expect(variants).toEqual([
    { variety_name: 'Small', stock: 3 },
    { variety_name: 'Large', stock: 2 },
  ])
  const vase = await db.selectFrom('products').select('total_stock').where('id', '=', 'vase').executeTakeFirstOrThrow()
  expect(Number(vase.total_stock)).toBe(5)
})

it("tells a hold on a variant as a change of a product by variant (its page shows each variant sold out or not, ADR 103)", async () => {
  const told: AvailabilityChange[][] = []
  watchAvailability((changes) => told.push(changes))
  try {
    await db.transaction().execute((trx) => holdStock(trx, { orderId: 'o0', userId: 'u0', lines: [line('Small')] }))
    expect(told.flat()).toEqual([{ productId: 'pendant', before: 6, after: 5, byVariant: true }])
  } finally {
    watchAvailability(null)
  }
})
