// The read-then-write places that SQLite's single writer protected by itself, hit at once without
// the order-number lock in front (npm run test:pg runs them on PostgreSQL, where they run side by
// side): holding the last unit, taking stock at payment, and numbering orders.
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { lockCounter } from '../../../db/dialect'
import { insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { nextOrderNumber, ORDER_NUMBER_COUNTER } from './place-order.server'
import { holdStock, StockNotHeld, takeHeldStock } from '~/domain/cart/stock-holds.server'

const SHOPPERS = 20
const shoppers = Array.from({ length: SHOPPERS }, (_, i) => ({ id: `u${i}`, userName: `Shopper ${i}`, email: `s${i}@example.com` }))

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, shoppers)
  await insertProducts(db, [{ id: 'last', stock: 1 }, { id: 'five', stock: 5 }])
  for (const [i, user] of shoppers.entries()) await insertOrder(db, { id: `o${i}`, user, date: new Date(), status: 'pending', paymentStatus: 'pending' })
  // Open the pool's connections now, so the transactions below really run side by side on PostgreSQL
  // (else each waits for a connection to be made and they finish one after another).
  await Promise.all(Array.from({ length: 10 }, () => sql`select 1`.execute(db)))
})

it(`holds the last unit for exactly one of ${SHOPPERS} checkouts at once`, async () => {
  const results = await Promise.allSettled(
    shoppers.map((user, i) =>
      db.transaction().execute((trx) =>
        holdStock(trx, { orderId: `o${i}`, userId: user.id, lines: [{ productId: 'last', title: 'Last', variety: '', color: '', quantity: 1 }] }),
      ),
    ),
  )
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(StockNotHeld)
  const held = await db.selectFrom('stock_holds').select((eb) => eb.fn.sum<number>('quantity').as('units')).executeTakeFirstOrThrow()
  expect(Number(held.units)).toBe(1)
})

it(`takes stock at payment for exactly as many of ${SHOPPERS} payments at once as there are units`, async () => {
  const now = new Date().toISOString()
  const short = await Promise.all(
    shoppers.map((_, i) => db.transaction().execute((trx) => takeHeldStock(trx, `o${i}`, [{ product_id: 'five', quantity: 1 }], now))),
  )
  expect(short.filter((s) => !s)).toHaveLength(5)
  const product = await db.selectFrom('products').select('total_stock').where('id', '=', 'five').executeTakeFirstOrThrow()
  expect(Number(product.total_stock)).toBe(0)
})

it(`numbers ${SHOPPERS} orders inserted at once one after another under the order-number lock`, async () => {
  await sql`delete from orders`.execute(db)
  await Promise.all(
    shoppers.map((user, i) =>
      db.transaction().execute(async (trx) => {
        await lockCounter(trx, ORDER_NUMBER_COUNTER)
        await trx
          .insertInto('orders')
          .values({
            id: `n${i}`, number: nextOrderNumber(), user_id: user.id, user_name: user.userName, email: user.email,
            address_line: 'x', city: 'x', state: 'x', pincode: '560001', country: 'India', phone: '9876543210', landmark: '', notes: '',
            subtotal_paise: 100, delivery_fee_paise: 0, total_amount_paise: 100, order_status: 'pending', payment_status: 'pending',
            gateway: 'test', updated_at: new Date().toISOString(),
          })
          .execute()
      }),
    ),
  )
  const numbers = (await db.selectFrom('orders').select('number').orderBy('number').execute()).map((r) => Number(r.number))
  expect(numbers).toEqual(Array.from({ length: SHOPPERS }, (_, i) => 1001 + i))
})
