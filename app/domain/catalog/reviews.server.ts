// Verified-buyer reviews (ADR 041, 062): a shopper with a delivered order for a product rates
// it 1 to 5 with an optional text, once per product (a second write edits the first), and may
// delete it; the admin hides a review (with a reason) or shows it again. Every write recomputes the
// product's average and count of counted reviews (shown, by a verified buyer) in the same
// transaction, the product row locked first (PostgreSQL), so concurrent reviews never leave a stale
// average. Nothing else writes the average: it is never typed.
import { sql } from 'kysely'
import { compiledOnce } from '../../../db/compiled-once'
import type { DB, Trx } from '../../../db/database'
import { lockRows } from '../../../db/dialect'
import { PRODUCT_MESSAGES } from '~/lib/catalog'
import { newId } from '~/lib/ids.server'
import { ADMIN_REVIEWS_PAGE_SIZE, REVIEW_MESSAGES, REVIEW_VALUES, REVIEWS_PAGE_SIZE } from '~/lib/reviews'
import { hideReviewSchema, type ReviewInput, reviewSchema } from '~/schemas/review'
import { Forbidden, NotFound, parseInput } from '~/domain/errors'
import { onePage, pageCountOf, wholePage } from '~/domain/paging.server'

export interface ReviewItem {
  id: string
  productId: string
  userId: string
  userName: string
  reviewValue: number
  reviewMessage: string
  /** ISO 8601. */
  createdAt: string
  /** ISO 8601; later than createdAt once its author edited it. */
  updatedAt: string
}

/** The viewer's own review, with what the admin decided about it. */
export interface OwnReview extends ReviewItem {
  hidden: boolean
  hiddenReason: string
}

/** The numbers above a product's reviews: counted reviews only (shown, by verified buyers). */
export interface ReviewSummary {
  /** The product's average_review: the counted reviews' average, two decimals; 0 when count is 0. */
  average: number
  count: number
  /** How many shown reviews gave each value, from 5 stars down to 1. */
  distribution: { value: number; count: number }[]
}

/** What the product page shows about reviews, for one viewer. */
export interface ProductReviews extends ReviewSummary {
  items: ReviewItem[]
  page: number
  pageCount: number
  /** The signed-in shopper's own review of the product, shown or hidden. */
  own: OwnReview | null
  /** The signed-in shopper has received the product (a delivered order holds it). */
  canReview: boolean
}

/** A review as the admin lists it: every review, hidden ones too, with the product's title. */
export interface AdminReviewItem extends OwnReview {
  productTitle: string
  email: string
  hiddenAt: string | null
}

const REVIEW_COLUMNS = [
  'r.id',
  'r.product_id',
  'r.user_id',
  'u.user_name',
  'r.review_value',
  'r.review_message',
  'r.created_at',
  'r.updated_at',
  'r.hidden',
  'r.hidden_reason',
] as const

interface ReviewRow {
  id: string
  product_id: string
  user_id: string
  user_name: string
  review_value: number
  review_message: string
  created_at: string
  updated_at: string | null
  hidden: number
  hidden_reason: string
}

function toItem(row: ReviewRow): ReviewItem {
  return {
    id: row.id,
    productId: row.product_id,
    userId: row.user_id,
    userName: row.user_name,
    reviewValue: row.review_value,
    reviewMessage: row.review_message,
    createdAt: row.created_at,
    updatedAt: row.updated_at ?? row.created_at,
  }
}

function toOwn(row: ReviewRow): OwnReview {
  return { ...toItem(row), hidden: row.hidden === 1, hiddenReason: row.hidden_reason }
}

async function requireProduct(db: DB, productId: string): Promise<void> {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!product) throw new NotFound(PRODUCT_MESSAGES.notFound)
}

/**
 * The reviews that count, of `reviews as r` (the page's list, the stars and the average alike): shown
 * (not hidden by the admin) and by a verified buyer, whose delivered order holds the product. Only such
 * a buyer can write one, yet the rule is checked again here, so a review whose delivered order is gone
 * (a row imported or written by hand) never counts: every star on the site is a verified buyer's
 * (ADR 062; migration 0110 applies the same rule to the existing rows).
 */
const COUNTED = sql<boolean>`r.hidden = 0 and exists (
  select 1 from orders o inner join order_lines l on l.order_id = o.id
  where o.user_id = r.user_id and l.product_id = r.product_id and o.order_status = 'delivered')`

/** The query for a product's counted reviews with their authors, newest first. */
function shownReviews(db: DB, productId: string) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(REVIEW_COLUMNS)
    .where('r.product_id', '=', productId)
    .where(COUNTED)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
}

/** A product's counted reviews, newest first; NotFound when the product is unknown or deleted. */
export async function listReviews(db: DB, productId: string): Promise<ReviewItem[]> {
  await requireProduct(db, productId)
  const rows = await shownReviews(db, productId).execute()
  return rows.map(toItem)
}

/** A delivered order of the user's holding the product: what makes her a verified buyer of it. */
function deliveredOrderOf(db: DB, userId: string, productId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .select('o.id')
    .where('o.user_id', '=', userId)
    .where('o.order_status', '=', 'delivered')
    .where('l.product_id', '=', productId)
}

/** True when the user has an order with status delivered that holds the product. */
export async function hasReceived(db: DB, userId: string, productId: string): Promise<boolean> {
  const row = await deliveredOrderOf(db, userId, productId).limit(1).executeTakeFirst()
  return row !== undefined
}

/**
 * Whether the review area of a product's page is the user's own: her review, or the form she may fill
 * in. Otherwise it is what every signed-in shopper sees (the page cache keeps that page, ADR 076).
 */
export async function hasOwnReviewArea(db: DB, userId: string, productId: string): Promise<boolean> {
  const [row] = await ownReviewArea(db, { userId, productId })
  // 1 or 0 on either database (PostgreSQL's booleans are read as numbers: db/postgres.ts).
  return Boolean(row?.own)
}

// One statement, compiled once: the page cache asks it for every signed-in view of a product page (issue 29, ADR 118).
const ownReviewArea = compiledOnce((db: DB, { userId, productId }: { userId: string; productId: string }) =>
  db.selectNoFrom((eb) =>
    eb
      .or([
        eb.exists(eb.selectFrom('reviews as r').select('r.id').where('r.product_id', '=', productId).where('r.user_id', '=', userId)),
        eb.exists(deliveredOrderOf(db, userId, productId)),
      ])
      .as('own'),
  ),
)

async function ownRow(db: DB, userId: string, productId: string): Promise<ReviewRow | undefined> {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(REVIEW_COLUMNS)
    .where('r.product_id', '=', productId)
    .where('r.user_id', '=', userId)
    .executeTakeFirst()
}

/**
 * Writes the product's count and average of counted reviews from the reviews themselves. Runs inside
 * the transaction of the write, after the product row was locked. With none left the average is 0
 * ('No reviews yet', and no stars).
 */
async function recomputeProduct(trx: Trx, productId: string): Promise<void> {
  const totals = await trx
    .selectFrom('reviews as r')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('r.review_value').as('sum')])
    .where('r.product_id', '=', productId)
    .where(COUNTED)
    .executeTakeFirstOrThrow()
  const count = Number(totals.count)
  const average = count > 0 ? Math.round((Number(totals.sum) / count) * 100) / 100 : 0
  await trx.updateTable('products').set({ review_count: count, average_review: average }).where('id', '=', productId).execute()
}

/**
 * Writes again the average and count of each product from its counted reviews, inside the caller's
 * transaction: for reviews written in bulk (the demo seed), a few products at a time.
 */
export async function recountReviews(trx: Trx, productIds: readonly string[]): Promise<void> {
  const ids = [...new Set(productIds)].sort()
  await lockRows(trx, 'products', ids)
  for (const id of ids) await recomputeProduct(trx, id)
}

/**
 * Writes the shopper's review of a product: the first one is added, a later one edits it (one per
 * shopper and product). Refused with NotFound for an unknown product, Forbidden when no delivered
 * order of theirs holds it, Invalid for a bad value or a text over the limit.
 */
export async function saveReview(
  db: DB,
  userId: string,
  productId: string,
  input: ReviewInput,
): Promise<{ review: OwnReview; created: boolean }> {
  const { reviewValue, reviewMessage } = parseInput(reviewSchema, input)
  await requireProduct(db, productId)
  if (!(await hasReceived(db, userId, productId))) throw new Forbidden(REVIEW_MESSAGES.notReceived)
  const created = await db.transaction().execute(async (trx) => {
    await lockRows(trx, 'products', [productId])
    const now = new Date().toISOString()
    const existing = await ownRow(trx, userId, productId)
    if (existing) {
      await trx
        .updateTable('reviews')
        .set({ review_value: reviewValue, review_message: reviewMessage, updated_at: now })
        .where('id', '=', existing.id)
        .execute()
    } else {
      await trx
        .insertInto('reviews')
        .values({
          id: newId(),
          product_id: productId,
          user_id: userId,
          review_value: reviewValue,
          review_message: reviewMessage,
          created_at: now,
          updated_at: now,
        })
        .execute()
    }
    await recomputeProduct(trx, productId)
    return !existing
  })
  const row = await ownRow(db, userId, productId)
  if (!row) throw new NotFound(REVIEW_MESSAGES.notFound)
  return { review: toOwn(row), created }
}

/** Deletes the shopper's own review of a product; NotFound when they have none. */
export async function deleteReview(db: DB, userId: string, productId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRows(trx, 'products', [productId])
    const result = await trx.deleteFrom('reviews').where('product_id', '=', productId).where('user_id', '=', userId).executeTakeFirst()
    if (Number(result.numDeletedRows) === 0) throw new NotFound(REVIEW_MESSAGES.noReview)
    await recomputeProduct(trx, productId)
  })
}

/** Hides a review from the product page (its author still sees it, with the reason); the average follows. */
export async function hideReview(db: DB, reviewId: string, input: { reason: unknown }): Promise<void> {
  const { reason } = parseInput(hideReviewSchema, input)
  await setHidden(db, reviewId, { hidden: 1, hidden_reason: reason, hidden_at: new Date().toISOString() })
}

/** Shows a hidden review again. */
export async function showReview(db: DB, reviewId: string): Promise<void> {
  await setHidden(db, reviewId, { hidden: 0, hidden_reason: '', hidden_at: null })
}

async function setHidden(db: DB, reviewId: string, values: { hidden: number; hidden_reason: string; hidden_at: string | null }) {
  await db.transaction().execute(async (trx) => {
    const review = await trx.selectFrom('reviews').select('product_id').where('id', '=', reviewId).executeTakeFirst()
    if (!review) throw new NotFound(REVIEW_MESSAGES.notFound)
    await lockRows(trx, 'products', [review.product_id])
    await trx.updateTable('reviews').set(values).where('id', '=', reviewId).execute()
    await recomputeProduct(trx, review.product_id)
  })
}

/** The stars summary of a product: its average and count, and each value's count of counted reviews. */
export async function reviewSummary(db: DB, productId: string): Promise<ReviewSummary> {
  const [product, counts] = await Promise.all([
    db
      .selectFrom('products')
      .select(['average_review', 'review_count'])
      .where('id', '=', productId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('reviews as r')
      .select((eb) => ['r.review_value', eb.fn.countAll<number>().as('count')])
      .where('r.product_id', '=', productId)
      .where(COUNTED)
      .groupBy('r.review_value')
      .execute(),
  ])
  if (!product) throw new NotFound(PRODUCT_MESSAGES.notFound)
  const byValue = new Map(counts.map((c) => [Number(c.review_value), Number(c.count)]))
  return {
    average: product.average_review,
    count: product.review_count,
    distribution: [...REVIEW_VALUES].reverse().map((value) => ({ value, count: byValue.get(value) ?? 0 })),
  }
}

/** Everything the product page shows about reviews: the summary, one page of the latest, and the viewer's own. */
export async function productReviews(
  db: DB,
  productId: string,
  { page = 1, viewerId = null }: { page?: number; viewerId?: string | null } = {},
): Promise<ProductReviews> {
  const summary = await reviewSummary(db, productId)
  const pageCount = pageCountOf(summary.count, REVIEWS_PAGE_SIZE)
  const shownPage = wholePage(page, pageCount)
  const [rows, own, canReview] = await Promise.all([
    onePage(shownReviews(db, productId), shownPage, REVIEWS_PAGE_SIZE).execute(),
    viewerId ? ownRow(db, viewerId, productId) : undefined,
    viewerId ? hasReceived(db, viewerId, productId) : false,
  ])
  return { ...summary, items: rows.map(toItem), page: shownPage, pageCount, own: own ? toOwn(own) : null, canReview }
}

/** Every review for the admin, newest first, hidden ones too (or only hidden ones), one page at a time. */
export async function listAllReviews(
  db: DB,
  { page = 1, hiddenOnly = false }: { page?: number; hiddenOnly?: boolean } = {},
): Promise<{ items: AdminReviewItem[]; page: number; pageCount: number; total: number }> {
  let count = db.selectFrom('reviews').select((eb) => eb.fn.countAll<number>().as('n'))
  if (hiddenOnly) count = count.where('hidden', '=', 1)
  const total = Number((await count.executeTakeFirstOrThrow()).n)
  const pageCount = pageCountOf(total, ADMIN_REVIEWS_PAGE_SIZE)
  const shownPage = wholePage(page, pageCount)
  let query = db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select([...REVIEW_COLUMNS, 'u.email', 'p.title', 'r.hidden_at'])
  if (hiddenOnly) query = query.where('r.hidden', '=', 1)
  const rows = await onePage(query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc'), shownPage, ADMIN_REVIEWS_PAGE_SIZE).execute()
  return {
    items: rows.map((row) => ({ ...toOwn(row), productTitle: row.title, email: row.email, hiddenAt: row.hidden_at })),
    page: shownPage,
    pageCount,
    total,
  }
}
