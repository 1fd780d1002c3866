// The migration that lets orders be cancelled rebuilds the orders table (SQLite cannot change a
// CHECK): on a database filled before it, every row, index, trigger and foreign key survives.
// About SQLite by nature (its table rebuild, sqlite_master): it runs on SQLite under `npm run test:pg`
// too; the migration on PostgreSQL is db/order-cancelled-migration-portable.test.ts.
import { sql } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import * as migration from '../migrations/2026-11-25T1100-order-cancelled-and-refunds'
import { createTestDb, type TestDb } from '../tests/helpers/test-db'
import { insertOrder } from '../tests/helpers/order-fixtures'

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb({ sqlite: true })
})

afterEach(async () => {
  await testDb?.cleanup()
})

const asha = { id: 'u1', userName: 'Asha', email: 'asha@example.com' }

it('keeps every order, line, history row, payment, index and foreign key, and then accepts cancelled', async () => {
  const { db } = testDb
  await migration.down(db)
  await sql`insert into users (id, user_name, email, password_hash, role) values ('u1', 'Asha', 'asha@example.com', 'x', 'user')`.execute(db)
  for (const [id, status] of [['o1', 'confirmed'], ['o2', 'delivered'], ['o3', 'pending']] as const) {
    await insertOrder(db, { id, user: asha, date: new Date('2026-11-20T10:00:00Z'), status })
  }
  await sql`insert into payments (id, order_id, gateway, gateway_order_id, gateway_payment_id, amount_paise, status, updated_at)
    values ('p1', 'o1', 'razorpay', 'gw_o1', 'pay_o1', 149900, 'paid', '2026-11-20T10:00:00Z')`.execute(db)
  // Before: 'cancelled' is refused by the CHECK.
  await expect(sql`update orders set order_status = 'cancelled' where id = 'o3'`.execute(db)).rejects.toThrow(/CHECK/)

  const snapshot = async () => ({
    orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
    lines: await db.selectFrom('order_lines').selectAll().orderBy('id').execute(),
    history: await db.selectFrom('order_status_history').selectAll().orderBy('id').execute(),
    payments: await db.selectFrom('payments').selectAll().execute(),
  })
  const indexes = async () =>
    (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'orders' order by name`.execute(db)).rows
  const before = await snapshot()
  const indexesBefore = await indexes()
  expect(indexesBefore.map((i) => i.name)).toEqual(expect.arrayContaining(['orders_date', 'orders_number', 'orders_status', 'orders_user']))

  await migration.up(db)

  expect(await snapshot()).toEqual(before)
  expect(await indexes()).toEqual(indexesBefore)
  expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([])
  expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1)
  // The children still point at orders: deleting an order cascades to its lines and history.
  const fks = (await sql<{ table: string }>`select "table" from pragma_foreign_key_list('order_lines')`.execute(db)).rows
  expect(fks).toEqual([{ table: 'orders' }])
  await sql`update orders set order_status = 'cancelled' where id = 'o3'`.execute(db)
  await db.insertInto('order_status_history').values({ order_id: 'o3', status: 'cancelled', note: 'Cancelled by the shopper' }).execute()
  await expect(sql`update orders set order_status = 'lost' where id = 'o3'`.execute(db)).rejects.toThrow(/CHECK/)
  // Refunds: one per order.
  const refund = { gateway: 'razorpay', gateway_payment_id: 'pay_o1', amount_paise: 149_900, status: 'queued' as const, reason: 'rejected' as const, next_attempt_at: 'x', updated_at: 'x' }
  await db.insertInto('refunds').values({ id: 'r1', order_id: 'o1', ...refund }).execute()
  await expect(db.insertInto('refunds').values({ id: 'r2', order_id: 'o1', ...refund }).execute()).rejects.toThrow(/UNIQUE/)
  await sql`delete from orders where id = 'o1'`.execute(db)
  expect(await db.selectFrom('order_lines').select('id').where('order_id', '=', 'o1').execute()).toEqual([])
  expect(await db.selectFrom('refunds').selectAll().execute()).toEqual([])
})

it('goes down again (with no cancelled order) and up again', async () => {
  const { db } = testDb
  await migration.down(db)
  await migration.up(db)
  expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([])
})
