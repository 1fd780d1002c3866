// The cancelled-and-refunds migration on either database (npm run test:pg runs it on PostgreSQL,
// where the CHECK is altered in place instead of the SQLite table rebuild that
// order-cancelled-migration.test.ts checks row by row): orders survive, 'cancelled' is refused
// before and accepted after, refunds are one per order, going down is refused while an order is cancelled.
import { sql } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import * as migration from '../migrations/2026-11-25T1100-order-cancelled-and-refunds'
import { insertOrder } from '../tests/helpers/order-fixtures'
import { createTestDb, type TestDb } from '../tests/helpers/test-db'
import { isUniqueViolation } from './dialect'

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb()
})

afterEach(async () => {
  await testDb?.cleanup()
})

const asha = { id: 'u1', userName: 'Asha', email: 'asha@example.com' }
const CHECK_FAILED = /CHECK|check constraint/i

it('keeps the orders, refuses cancelled before and accepts it after, one refund per order; down is refused while an order is cancelled', async () => {
  const { db } = testDb
  await migration.down(db)
  await sql`insert into users (id, user_name, email, password_hash, role) values ('u1', 'Asha', 'asha@example.com', 'x', 'user')`.execute(db)
  for (const [id, status] of [['o1', 'confirmed'], ['o2', 'delivered'], ['o3', 'pending']] as const) {
    await insertOrder(db, { id, user: asha, date: new Date('2026-11-20T10:00:00Z'), status })
  }
  await expect(sql`update orders set order_status = 'cancelled' where id = 'o3'`.execute(db)).rejects.toThrow(CHECK_FAILED)
  const before = await db.selectFrom('orders').selectAll().orderBy('id').execute()

  await migration.up(db)

  expect(await db.selectFrom('orders').selectAll().orderBy('id').execute()).toEqual(before)
  await sql`update orders set order_status = 'cancelled' where id = 'o3'`.execute(db)
  await expect(sql`update orders set order_status = 'lost' where id = 'o3'`.execute(db)).rejects.toThrow(CHECK_FAILED)
  const refund = { gateway: 'razorpay', gateway_payment_id: 'pay_o1', amount_paise: 149_900, status: 'queued' as const, reason: 'rejected' as const, next_attempt_at: 'x', updated_at: 'x' }
  await db.insertInto('refunds').values({ id: 'r1', order_id: 'o1', ...refund }).execute()
  const second = await db
    .insertInto('refunds')
    .values({ id: 'r2', order_id: 'o1', ...refund })
    .execute()
    .then(
      () => null,
      (error: unknown) => error,
    )
  expect(isUniqueViolation(second)).toBe(true)
  // Deleting an order takes its refund with it.
  await sql`delete from orders where id = 'o1'`.execute(db)
  expect(await db.selectFrom('refunds').selectAll().execute()).toEqual([])
  // There is no older word for a cancelled order: going down fails and the order stays cancelled.
  await expect(migration.down(db)).rejects.toThrow()
  expect(await db.selectFrom('orders').select(['id', 'order_status']).where('id', '=', 'o3').executeTakeFirst()).toEqual({ id: 'o3', order_status: 'cancelled' })
})

it('goes down (with no cancelled order) and up again', async () => {
  const { db } = testDb
  await migration.down(db)
  await migration.up(db)
  await sql`insert into users (id, user_name, email, password_hash, role) values ('u1', 'Asha', 'asha@example.com', 'x', 'user')`.execute(db)
  await insertOrder(db, { id: 'o1', user: asha, date: new Date('2026-11-20T10:00:00Z'), status: 'cancelled' })
  expect(await db.selectFrom('orders').select('order_status').executeTakeFirst()).toEqual({ order_status: 'cancelled' })
})
