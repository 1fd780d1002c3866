// Verified-buyer reviews: eligibility (a delivered order holding the product), one review per
// shopper and product (a second write edits), the product's average and count kept in the same
// transaction (also under concurrent writes), deleting one's own, and the admin hiding one.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import type { OrderStatus } from '../../../db/schema'
import { insertProducts, insertUsers, uploadUrl } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { REVIEW_MESSAGES } from '~/lib/reviews'
import { type ProductInput, productSchema } from '~/schemas/product'
import { createProduct, updateProduct } from './admin-products.server'
import { getProduct } from './catalog.server'
import { Forbidden, Invalid, NotFound } from '~/domain/errors'
import {
  deleteReview,
  hasOwnReviewArea,
  hasReceived,
  hideReview,
  listAllReviews,
  listReviews,
  productReviews,
  saveReview,
  showReview,
} from './reviews.server'

let db: DB
const NAMES = ['Asha', 'Ravi', 'Meera', 'Kabir', 'Zoya', 'Dev', 'Isha', 'Arjun', 'Tara', 'Neel', 'Lina', 'Om']
const user = (name: string) => ({ id: `u-${name}`, userName: name, email: `${name.toLowerCase()}@example.com` })

let orderSeq = 0
/** An order of `name`'s holding `productId`, in `status`. */
async function orderOf(name: string, productId: string, status: OrderStatus = 'delivered') {
  const id = `o-${++orderSeq}`
  await insertOrder(db, { id, user: user(name), date: new Date('2026-11-01T10:00:00.000Z'), status })
  await db.updateTable('order_lines').set({ product_id: productId }).where('order_id', '=', id).execute()
}

async function productRow(id: string) {
  return db.selectFrom('products').select(['average_review', 'review_count']).where('id', '=', id).executeTakeFirstOrThrow()
}

withTestDb(async (fresh) => {
  db = fresh
  orderSeq = 0
  await insertProducts(db, [
    { id: 'vase', averageReview: 4.7, images: [uploadUrl('a')] },
    { id: 'quiet' },
    { id: 'gone', deleted: true },
  ])
  await insertUsers(db, NAMES.map(user))
})

describe('eligibility', () => {
  it('refuses a shopper with no order of the product (403), and one whose order is not delivered yet', async () => {
    const none = saveReview(db, 'u-Asha', 'vase', { reviewValue: 5, reviewMessage: '' })
    await expect(none).rejects.toBeInstanceOf(Forbidden)
    await expect(none).rejects.toThrow(REVIEW_MESSAGES.notReceived)
    for (const status of ['pending', 'confirmed', 'inProcess', 'inShipping', 'rejected', 'cancelled'] as const) {
      await orderOf('Asha', 'vase', status)
    }
    await orderOf('Asha', 'quiet', 'delivered')
    expect(await hasReceived(db, 'u-Asha', 'vase')).toBe(false)
    await expect(saveReview(db, 'u-Asha', 'vase', { reviewValue: 5, reviewMessage: '' })).rejects.toBeInstanceOf(Forbidden)
    expect((await productRow('vase')).review_count).toBe(0)
  })

  it("refuses another shopper's delivered order: eligibility is the shopper's own", async () => {
    await orderOf('Ravi', 'vase')
    expect(await hasReceived(db, 'u-Ravi', 'vase')).toBe(true)
    await expect(saveReview(db, 'u-Asha', 'vase', { reviewValue: 4, reviewMessage: '' })).rejects.toBeInstanceOf(Forbidden)
  })

  it("says a product page's review area is hers with her review or a delivered order of it, not for another's or an undelivered one", async () => {
    expect(await hasOwnReviewArea(db, 'u-Asha', 'vase')).toBe(false)
    await orderOf('Asha', 'vase', 'inShipping')
    await orderOf('Asha', 'quiet', 'delivered')
    await orderOf('Ravi', 'vase', 'delivered')
    expect(await hasOwnReviewArea(db, 'u-Asha', 'vase')).toBe(false)
    expect(await hasOwnReviewArea(db, 'u-Asha', 'quiet')).toBe(true)
    expect(await hasOwnReviewArea(db, 'u-Ravi', 'vase')).toBe(true)
    // Her review stays hers after the order is no longer delivered (an admin's correction).
    await saveReview(db, 'u-Ravi', 'vase', { reviewValue: 5, reviewMessage: 'Lovely' })
    await db.updateTable('orders').set({ order_status: 'cancelled' }).where('user_id', '=', 'u-Ravi').execute()
    expect(await hasOwnReviewArea(db, 'u-Ravi', 'vase')).toBe(true)
    expect(await hasOwnReviewArea(db, 'u-Meera', 'vase')).toBe(false)
  })

  it('answers NotFound for an unknown or deleted product', async () => {
    await orderOf('Asha', 'gone')
    await expect(saveReview(db, 'u-Asha', 'gone', { reviewValue: 4, reviewMessage: '' })).rejects.toBeInstanceOf(NotFound)
    await expect(saveReview(db, 'u-Asha', 'nope', { reviewValue: 4, reviewMessage: '' })).rejects.toBeInstanceOf(NotFound)
  })
})

describe('saveReview', () => {
  it('adds the first review, and a second one edits it instead of adding a duplicate', async () => {
    await orderOf('Asha', 'vase')
    const first = await saveReview(db, 'u-Asha', 'vase', { reviewValue: 5, reviewMessage: '  Lovely colours  ' })
    expect(first.created).toBe(true)
    expect(first.review).toMatchObject({ userName: 'Asha', reviewValue: 5, reviewMessage: 'Lovely colours', hidden: false })
    // A value left in the row from before (4.7, typed once) gives way to the first review.
    expect(await productRow('vase')).toEqual({ average_review: 5, review_count: 1 })

    const second = await saveReview(db, 'u-Asha', 'vase', { reviewValue: 3, reviewMessage: 'Smaller than I thought' })
    expect(second.created).toBe(false)
    expect(second.review.id).toBe(first.review.id)
    expect(second.review.createdAt).toBe(first.review.createdAt)
    expect(second.review.updatedAt >= first.review.updatedAt).toBe(true)
    const rows = await db.selectFrom('reviews').selectAll().where('product_id', '=', 'vase').execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ review_value: 3, review_message: 'Smaller than I thought' })
    expect(await productRow('vase')).toEqual({ average_review: 3, review_count: 1 })
  })

  it('refuses a value outside 1 to 5 or not whole, and a text over 1,000 characters, changing nothing', async () => {
    await orderOf('Asha', 'vase')
    for (const reviewValue of [0, 6, 4.5, -1, Number.NaN, '5 stars', null, undefined]) {
      const attempt = saveReview(db, 'u-Asha', 'vase', { reviewValue, reviewMessage: '' } as never)
      await expect(attempt).rejects.toBeInstanceOf(Invalid)
      await expect(attempt).rejects.toMatchObject({ errors: { reviewValue: [REVIEW_MESSAGES.valueRequired] } })
    }
    const long = saveReview(db, 'u-Asha', 'vase', { reviewValue: 4, reviewMessage: 'x'.repeat(1001) })
    await expect(long).rejects.toMatchObject({ errors: { reviewMessage: [REVIEW_MESSAGES.messageTooLong] } })
    expect(await db.selectFrom('reviews').selectAll().execute()).toEqual([])
    // Exactly 1,000 is allowed; a form's '4' is 4.
    const ok = await saveReview(db, 'u-Asha', 'vase', { reviewValue: '4', reviewMessage: 'y'.repeat(1000) } as never)
    expect(ok.review.reviewValue).toBe(4)
  })

  it('keeps the average and count right under concurrent reviews of one product', async () => {
    for (const name of NAMES) await orderOf(name, 'vase')
    const values = NAMES.map((_, i) => (i % 5) + 1)
    // Everyone at once, some of them twice (the second write edits: still one review each).
    await Promise.all([
      ...NAMES.map((name, i) => saveReview(db, `u-${name}`, 'vase', { reviewValue: 1, reviewMessage: `first ${i}` })),
    ])
    await Promise.all(NAMES.map((name, i) => saveReview(db, `u-${name}`, 'vase', { reviewValue: values[i] as number, reviewMessage: '' })))
    const expected = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100
    expect(await productRow('vase')).toEqual({ average_review: expected, review_count: NAMES.length })
    expect(await db.selectFrom('reviews').select('id').execute()).toHaveLength(NAMES.length)
    // Deletes racing with edits leave the numbers of what remains.
    await Promise.all([
      deleteReview(db, 'u-Asha', 'vase'),
      deleteReview(db, 'u-Ravi', 'vase'),
      saveReview(db, 'u-Meera', 'vase', { reviewValue: 5, reviewMessage: '' }),
    ])
    const left = await listReviews(db, 'vase')
    const average = Math.round((left.reduce((sum, r) => sum + r.reviewValue, 0) / left.length) * 100) / 100
    expect(await productRow('vase')).toEqual({ average_review: average, review_count: NAMES.length - 2 })
    expect((await getProduct(db, 'vase')).averageReview).toBe(average)
  })
})

describe('deleteReview', () => {
  it("deletes the shopper's own review; the product goes back to no reviews", async () => {
    await orderOf('Asha', 'vase')
    await orderOf('Ravi', 'vase')
    await saveReview(db, 'u-Asha', 'vase', { reviewValue: 5, reviewMessage: '' })
    await saveReview(db, 'u-Ravi', 'vase', { reviewValue: 2, reviewMessage: '' })
    expect(await productRow('vase')).toEqual({ average_review: 3.5, review_count: 2 })
    await deleteReview(db, 'u-Asha', 'vase')
    expect(await productRow('vase')).toEqual({ average_review: 2, review_count: 1 })
    await expect(deleteReview(db, 'u-Asha', 'vase')).rejects.toBeInstanceOf(NotFound)
    await deleteReview(db, 'u-Ravi', 'vase')
    expect(await productRow('vase')).toEqual({ average_review: 0, review_count: 0 })
  })

  it("cannot delete another shopper's review", async () => {
    await orderOf('Ravi', 'vase')
    await saveReview(db, 'u-Ravi', 'vase', { reviewValue: 2, reviewMessage: '' })
    await expect(deleteReview(db, 'u-Asha', 'vase')).rejects.toBeInstanceOf(NotFound)
    expect(await listReviews(db, 'vase')).toHaveLength(1)
  })
})

describe('hiding', () => {
  it('takes a hidden review out of the list, the average and the count; its author still sees it with the reason', async () => {
    await orderOf('Asha', 'vase')
    await orderOf('Ravi', 'vase')
    const { review } = await saveReview(db, 'u-Asha', 'vase', { reviewValue: 1, reviewMessage: 'Call me on 98450 12345' })
    await saveReview(db, 'u-Ravi', 'vase', { reviewValue: 5, reviewMessage: 'Beautiful' })
    // Newest first: written in the same millisecond, the two would tie.
    await sql`update reviews set created_at = ${'2026-11-01T10:00:00.000Z'} where user_id = ${'u-Asha'}`.execute(db)
    await expect(hideReview(db, review.id, { reason: '   ' })).rejects.toMatchObject({ errors: { reason: [REVIEW_MESSAGES.hideReasonRequired] } })
    await expect(hideReview(db, 'nope', { reason: 'Spam' })).rejects.toBeInstanceOf(NotFound)

    await hideReview(db, review.id, { reason: 'Personal phone number' })
    expect(await productRow('vase')).toEqual({ average_review: 5, review_count: 1 })
    expect((await listReviews(db, 'vase')).map((r) => r.userName)).toEqual(['Ravi'])
    const asha = await productReviews(db, 'vase', { viewerId: 'u-Asha' })
    expect(asha.items.map((r) => r.userName)).toEqual(['Ravi'])
    expect(asha.own).toMatchObject({ id: review.id, hidden: true, hiddenReason: 'Personal phone number' })
    const admin = await listAllReviews(db)
    expect(admin.items.map((r) => [r.userName, r.hidden, r.hiddenReason, r.productTitle])).toEqual([
      ['Ravi', false, '', 'Resin vase'],
      ['Asha', true, 'Personal phone number', 'Resin vase'],
    ])
    expect((await listAllReviews(db, { hiddenOnly: true })).items.map((r) => r.userName)).toEqual(['Asha'])
    // An edit by its author keeps it hidden: the admin decides when it shows again.
    await saveReview(db, 'u-Asha', 'vase', { reviewValue: 2, reviewMessage: 'Edited' })
    expect(await productRow('vase')).toEqual({ average_review: 5, review_count: 1 })

    await showReview(db, review.id)
    expect(await productRow('vase')).toEqual({ average_review: 3.5, review_count: 2 })
    expect((await productReviews(db, 'vase', { viewerId: 'u-Asha' })).own).toMatchObject({ hidden: false, hiddenReason: '' })
  })
})

describe('productReviews', () => {
  it('gives the summary with each value counted, pages of the latest five, and whether the viewer may review', async () => {
    const values = [5, 5, 4, 3, 5, 1, 4]
    for (const [i, value] of values.entries()) {
      const name = NAMES[i] as string
      await orderOf(name, 'vase')
      await saveReview(db, `u-${name}`, 'vase', { reviewValue: value, reviewMessage: `Review ${i}` })
      await sql`update reviews set created_at = ${`2026-11-0${i + 1}T10:00:00.000Z`} where user_id = ${`u-${name}`}`.execute(db)
    }
    const first = await productReviews(db, 'vase', { viewerId: 'u-Asha' })
    expect(first).toMatchObject({ count: 7, average: 3.86, page: 1, pageCount: 2, canReview: true })
    expect(first.distribution).toEqual([
      { value: 5, count: 3 },
      { value: 4, count: 2 },
      { value: 3, count: 1 },
      { value: 2, count: 0 },
      { value: 1, count: 1 },
    ])
    expect(first.items.map((r) => r.reviewMessage)).toEqual(['Review 6', 'Review 5', 'Review 4', 'Review 3', 'Review 2'])
    expect(first.own?.reviewMessage).toBe('Review 0')
    const second = await productReviews(db, 'vase', { page: 2 })
    expect(second.items.map((r) => r.reviewMessage)).toEqual(['Review 1', 'Review 0'])
    expect(second).toMatchObject({ own: null, canReview: false })
    // A page past the end shows the last one.
    expect((await productReviews(db, 'vase', { page: 99 })).page).toBe(2)
    expect(await productReviews(db, 'quiet', { viewerId: 'u-Asha' })).toMatchObject({ count: 0, average: 0, items: [], canReview: false })
    await expect(productReviews(db, 'gone')).rejects.toBeInstanceOf(NotFound)
  })
})

describe('an average typed by the admin (ADR 062)', () => {
  const form = (averageReview: string) =>
    productSchema.parse({ title: 'Resin vase', description: 'A vase', category: 'home-decor', price: '100', salePrice: '0', totalStock: '5', averageReview })

  it('is ignored on a new product, on one without reviews and on one with reviews', async () => {
    const typed = { ...form('4.9'), averageReview: 4.9 } as ProductInput
    const created = await createProduct(db, typed)
    expect(await productRow(created.id)).toEqual({ average_review: 0, review_count: 0 })
    await updateProduct(db, created.id, typed)
    expect(await productRow(created.id)).toEqual({ average_review: 0, review_count: 0 })
    await orderOf('Asha', 'vase')
    await saveReview(db, 'u-Asha', 'vase', { reviewValue: 2, reviewMessage: '' })
    await updateProduct(db, 'vase', form('5'))
    expect(await productRow('vase')).toEqual({ average_review: 2, review_count: 1 })
  })
})

describe('which reviews count (ADR 062)', () => {
  /** A review row as an import or a hand edit might leave it: no check of who wrote it. */
  const rowOf = (name: string, value: number, hidden = 0) =>
    db
      .insertInto('reviews')
      .values({ id: `r-${name}`, product_id: 'vase', user_id: `u-${name}`, review_value: value, review_message: '', created_at: '2026-11-02T10:00:00.000Z', hidden })
      .execute()

  it("counts only shown reviews of verified buyers: hidden ones and non-buyers' rows are out of the average, the stars and the list", async () => {
    await orderOf('Asha', 'vase')
    await orderOf('Ravi', 'vase')
    await orderOf('Meera', 'vase', 'inShipping')
    await orderOf('Kabir', 'quiet')
    await rowOf('Ravi', 1, 1)
    await rowOf('Meera', 1)
    await rowOf('Kabir', 2)
    await rowOf('Zoya', 1)
    await saveReview(db, 'u-Asha', 'vase', { reviewValue: 4, reviewMessage: 'Lovely' })
    expect(await productRow('vase')).toEqual({ average_review: 4, review_count: 1 })
    const summary = await productReviews(db, 'vase')
    expect(summary).toMatchObject({ count: 1, average: 4, pageCount: 1 })
    expect(summary.distribution.filter((d) => d.count > 0)).toEqual([{ value: 4, count: 1 }])
    expect(summary.items.map((r) => r.userName)).toEqual(['Asha'])
    expect((await listReviews(db, 'vase')).map((r) => r.userName)).toEqual(['Asha'])
    expect((await getProduct(db, 'vase')).averageReview).toBe(4)
    // Meera's piece arrives: her review counts from the next write on.
    await db.updateTable('orders').set({ order_status: 'delivered' }).where('user_id', '=', 'u-Meera').execute()
    await deleteReview(db, 'u-Asha', 'vase')
    expect(await productRow('vase')).toEqual({ average_review: 1, review_count: 1 })
  })

  it('gives no average and no stars to a product with no counted review, whatever its row held before', async () => {
    await orderOf('Asha', 'vase')
    await rowOf('Kabir', 5)
    await saveReview(db, 'u-Asha', 'vase', { reviewValue: 3, reviewMessage: '' })
    await deleteReview(db, 'u-Asha', 'vase')
    expect(await productRow('vase')).toEqual({ average_review: 0, review_count: 0 })
    expect(await productReviews(db, 'vase')).toMatchObject({ count: 0, average: 0, items: [] })
    expect((await getProduct(db, 'vase')).averageReview).toBe(0)
  })
})

describe('listReviews', () => {
  it("lists a product's shown reviews newest first, with the reviewer's name", async () => {
    for (const name of ['Asha', 'Ravi', 'Meera']) await orderOf(name, 'vase')
    await db
      .insertInto('reviews')
      .values([
        { id: 'r1', product_id: 'vase', user_id: 'u-Asha', review_value: 5, review_message: 'Lovely', created_at: '2026-01-01T10:00:00.000Z' },
        { id: 'r2', product_id: 'vase', user_id: 'u-Ravi', review_value: 3, review_message: '', created_at: '2026-03-01T10:00:00.000Z' },
        { id: 'r3', product_id: 'vase', user_id: 'u-Meera', review_value: 4, review_message: 'Nice', created_at: '2026-02-01T10:00:00.000Z' },
        { id: 'r4', product_id: 'gone', user_id: 'u-Asha', review_value: 1, review_message: '', created_at: '2026-02-01T10:00:00.000Z' },
      ])
      .execute()
    const reviews = await listReviews(db, 'vase')
    expect(reviews.map((r) => r.id)).toEqual(['r2', 'r3', 'r1'])
    expect(reviews[0]).toEqual({
      id: 'r2',
      productId: 'vase',
      userId: 'u-Ravi',
      userName: 'Ravi',
      reviewValue: 3,
      reviewMessage: '',
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
    })
    expect(await listReviews(db, 'quiet')).toEqual([])
    await expect(listReviews(db, 'nope')).rejects.toBeInstanceOf(NotFound)
    await expect(listReviews(db, 'gone')).rejects.toBeInstanceOf(NotFound)
  })
})
