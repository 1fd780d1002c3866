// Migration 0200 (ADR 069): the cart line's identity grows by its personalisation. Run down and up
// again on a database with lines: every line is kept in its order, lines told apart only by their
// personalisation become one on the way down, and afterwards two names on one variant are two lines
// while the same name twice is refused by the unique identity. Runs on SQLite, and on PostgreSQL
// under `npm run test:pg`.
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import * as migration from '../migrations/2026-11-27T0200-personalised-pieces'
import { insertProducts, insertUsers } from '../tests/helpers/fixtures'
import { rejection } from '../tests/helpers/rejection'
import { withTestDb } from '../tests/helpers/test-db'
import type { DB } from './database'

let db: DB
withTestDb((fresh) => {
  db = fresh
})

const lines = () =>
  db.selectFrom('cart_lines').select(['id', 'product_id', 'personalization', 'quantity']).orderBy('created_at').orderBy(sql`rowid`).execute()

it('keeps every line and its order down and up, and tells lines apart by their personalisation after it', async () => {
  await insertUsers(db, [{ id: 'u-asha', userName: 'Asha', email: 'asha@example.com' }])
  await insertProducts(db, [{ id: 'bookmark' }, { id: 'coaster' }])
  await db.insertInto('carts').values({ id: 'c1', user_id: 'u-asha', guest_id: null, updated_at: '2026-11-27T00:00:00.000Z' }).execute()
  const at = '2026-11-27T01:00:00.000Z'
  await db
    .insertInto('cart_lines')
    .values([
      { id: 'l3', cart_id: 'c1', product_id: 'coaster', quantity: 2, created_at: at, personalization: '' },
      { id: 'l1', cart_id: 'c1', product_id: 'bookmark', quantity: 1, created_at: at, personalization: '{"Name":"Asha"}' },
      { id: 'l2', cart_id: 'c1', product_id: 'bookmark', quantity: 1, created_at: '2026-11-27T02:00:00.000Z', personalization: '{"Name":"Ravi"}' },
    ])
    .execute()

  await migration.down(db as never)
  const down = await db.selectFrom('cart_lines').select(['id', 'quantity']).orderBy('created_at').orderBy(sql`rowid`).execute()
  expect(down).toEqual([
    { id: 'l3', quantity: 2 },
    { id: 'l1', quantity: 1 },
  ])

  await migration.up(db as never)
  expect(await lines()).toEqual([
    { id: 'l3', product_id: 'coaster', personalization: '', quantity: 2 },
    { id: 'l1', product_id: 'bookmark', personalization: '', quantity: 1 },
  ])
  const line = (id: string, personalization: string) => ({ id, cart_id: 'c1', product_id: 'coaster', quantity: 1, personalization })
  await db.insertInto('cart_lines').values(line('l4', '{"Name":"Asha"}')).execute()
  expect(await rejection(db.insertInto('cart_lines').values(line('l5', '{"Name":"Asha"}')).execute())).toBeInstanceOf(Error)
  expect((await lines()).map((l) => l.id)).toEqual(['l3', 'l1', 'l4'])
  const product = await db.selectFrom('products').select('personalization').where('id', '=', 'bookmark').executeTakeFirstOrThrow()
  expect(product.personalization).toBe('[]')
})
