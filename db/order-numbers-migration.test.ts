// The migration that gives orders numbers: existing orders are numbered from 1001 by the date they were placed.
import { sql } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import * as migration from '../migrations/2026-11-25T0910-phone-checkout-order-numbers-and-recipients'
import { createTestDb, type TestDb } from '../tests/helpers/test-db'

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb()
})

afterEach(async () => {
  await testDb?.cleanup()
})

it('numbers the orders already there from 1001 in the order they were placed, and keeps free-text states', async () => {
  const { db } = testDb
  await migration.down(db)
  await sql`insert into users (id, user_name, email, password_hash, role) values ('u1', 'Asha', 'asha@example.com', 'x', 'user')`.execute(db)
  await sql`insert into addresses (id, user_id, address_line, city, state, pincode, phone, updated_at)
    values ('a1', 'u1', '12 MG Road', 'Bengaluru', 'karnatka', '560001', '9876543210', '2026-11-01T00:00:00.000Z')`.execute(db)
  for (const [id, date] of [
    ['o-late', '2026-11-20T10:00:00.000Z'],
    ['o-early', '2026-11-01T10:00:00.000Z'],
    ['o-mid', '2026-11-10T10:00:00.000Z'],
  ]) {
    await sql`insert into orders (id, user_id, user_name, email, address_line, city, state, pincode, country, phone, landmark, notes,
      subtotal_paise, delivery_fee_paise, total_amount_paise, order_status, payment_status, gateway, order_date, updated_at)
      values (${id}, 'u1', 'Asha', 'asha@example.com', '12 MG Road', 'Bengaluru', 'Karnataka', '560001', 'India', '9876543210', '', '',
      100, 0, 100, 'confirmed', 'paid', 'test', ${date}, ${date})`.execute(db)
  }
  await migration.up(db)
  const orders = await db.selectFrom('orders').select(['id', 'number', 'recipient_name']).orderBy('number').execute()
  expect(orders).toEqual([
    { id: 'o-early', number: 1001, recipient_name: '' },
    { id: 'o-mid', number: 1002, recipient_name: '' },
    { id: 'o-late', number: 1003, recipient_name: '' },
  ])
  expect(await db.selectFrom('addresses').select(['state', 'recipient_name']).execute()).toEqual([{ state: 'karnatka', recipient_name: '' }])
})
