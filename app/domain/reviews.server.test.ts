import { describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { insertProducts, insertUsers } from '../../tests/helpers/fixtures'
import { withTestDb } from '../../tests/helpers/test-db'
import { NotFound } from './errors'
import { listReviews } from './reviews.server'

let db: DB

withTestDb(async (fresh) => {
  db = fresh
  await insertProducts(db, [{ id: 'reviewed' }, { id: 'quiet' }, { id: 'gone', deleted: true }])
  await insertUsers(
    db,
    ['Asha', 'Ravi', 'Meera'].map((name) => ({ id: `u-${name}`, userName: name, email: `${name.toLowerCase()}@example.com` })),
  )
  await db
    .insertInto('reviews')
    .values([
      { id: 'r1', product_id: 'reviewed', user_id: 'u-Asha', review_value: 5, review_message: 'Lovely', created_at: '2026-01-01T10:00:00.000Z' },
      { id: 'r2', product_id: 'reviewed', user_id: 'u-Ravi', review_value: 3, review_message: '', created_at: '2026-03-01T10:00:00.000Z' },
      { id: 'r3', product_id: 'reviewed', user_id: 'u-Meera', review_value: 4, review_message: 'Nice', created_at: '2026-02-01T10:00:00.000Z' },
      { id: 'r4', product_id: 'gone', user_id: 'u-Asha', review_value: 1, review_message: '', created_at: '2026-02-01T10:00:00.000Z' },
    ])
    .execute()
})

describe('listReviews', () => {
  it("lists a product's reviews newest first, with the reviewer's name", async () => {
    const reviews = await listReviews(db, 'reviewed')
    expect(reviews.map((r) => r.id)).toEqual(['r2', 'r3', 'r1'])
    expect(reviews[0]).toEqual({
      id: 'r2',
      productId: 'reviewed',
      userId: 'u-Ravi',
      userName: 'Ravi',
      reviewValue: 3,
      reviewMessage: '',
      createdAt: '2026-03-01T10:00:00.000Z',
    })
    expect(reviews[2]).toMatchObject({ userName: 'Asha', reviewValue: 5, reviewMessage: 'Lovely' })
  })

  it('answers an empty list for a product without reviews', async () => {
    expect(await listReviews(db, 'quiet')).toEqual([])
  })

  it('stamps new reviews with an ISO 8601 time', async () => {
    await db.insertInto('reviews').values({ id: 'r5', product_id: 'quiet', user_id: 'u-Asha', review_value: 4 }).execute()
    const [review] = await listReviews(db, 'quiet')
    expect(review?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('throws NotFound for an unknown or deleted product', async () => {
    await expect(listReviews(db, 'nope')).rejects.toBeInstanceOf(NotFound)
    await expect(listReviews(db, 'gone')).rejects.toBeInstanceOf(NotFound)
  })
})
