// Migration 0110 (ADR 062): every product's average review and count are written again from its
// counted reviews (shown, by a verified buyer); a typed average with no such review becomes 0.
// Runs on SQLite, and on PostgreSQL under `npm run test:pg`.
import { describe, expect, it } from 'vitest'
import * as migration from '../migrations/2026-11-27T0110-honest-ratings'
import { insertProducts, insertUsers } from '../tests/helpers/fixtures'
import { insertOrder } from '../tests/helpers/order-fixtures'
import { withTestDb } from '../tests/helpers/test-db'
import type { DB } from './database'
import type { OrderStatus } from './schema'

let db: DB
withTestDb((fresh) => {
  db = fresh
})

const user = (name: string) => ({ id: `u-${name}`, userName: name, email: `${name.toLowerCase()}@example.com` })

async function orderOf(name: string, productId: string, status: OrderStatus) {
  const id = `o-${name}-${productId}`
  await insertOrder(db, { id, user: user(name), date: new Date('2026-11-01T10:00:00.000Z'), status })
  await db.updateTable('order_lines').set({ product_id: productId }).where('order_id', '=', id).execute()
}

async function review(name: string, productId: string, value: number, hidden = 0) {
  await db
    .insertInto('reviews')
    .values({ id: `r-${name}-${productId}`, product_id: productId, user_id: `u-${name}`, review_value: value, review_message: '', created_at: '2026-11-02T10:00:00.000Z', hidden })
    .execute()
}

describe('migration 2026-11-27T0110-honest-ratings', () => {
  it("writes each product's average and count from its counted reviews only, 0 where none counts", async () => {
    await insertProducts(db, [
      { id: 'typed', averageReview: 4.4 },
      { id: 'reviewed', averageReview: 4.9 },
      { id: 'mixed' },
      { id: 'gone', averageReview: 3.5, deleted: true },
    ])
    await insertUsers(db, ['Asha', 'Ravi', 'Meera', 'Kabir'].map(user))
    // A stale count and average as the old code could leave them.
    await db.updateTable('products').set({ review_count: 3 }).where('id', '=', 'reviewed').execute()
    for (const name of ['Asha', 'Ravi', 'Meera']) await orderOf(name, 'reviewed', 'delivered')
    await orderOf('Asha', 'mixed', 'delivered')
    await orderOf('Ravi', 'mixed', 'delivered')
    await orderOf('Meera', 'mixed', 'inShipping')
    await review('Asha', 'reviewed', 4)
    await review('Ravi', 'reviewed', 5)
    await review('Meera', 'reviewed', 5)
    await review('Asha', 'mixed', 2)
    await review('Ravi', 'mixed', 5, 1)
    await review('Meera', 'mixed', 1)
    await review('Kabir', 'mixed', 1)

    await migration.up(db)

    const rows = await db.selectFrom('products').select(['id', 'average_review', 'review_count']).orderBy('id').execute()
    expect(rows).toEqual([
      { id: 'gone', average_review: 0, review_count: 0 },
      { id: 'mixed', average_review: 2, review_count: 1 },
      { id: 'reviewed', average_review: 4.67, review_count: 3 },
      { id: 'typed', average_review: 0, review_count: 0 },
    ])
  })
})
