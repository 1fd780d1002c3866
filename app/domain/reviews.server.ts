// Product reviews as shoppers read them: newest first, with the reviewer's name.
import type { DB } from '../../db/database'
import { PRODUCT_MESSAGES } from '~/lib/catalog'
import { NotFound } from './errors'

export interface ReviewItem {
  id: string
  productId: string
  userId: string
  userName: string
  reviewValue: number
  reviewMessage: string
  /** ISO 8601. */
  createdAt: string
}

/** A product's reviews, newest first; NotFound when the product is unknown or deleted. */
export async function listReviews(db: DB, productId: string): Promise<ReviewItem[]> {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!product) throw new NotFound(PRODUCT_MESSAGES.notFound)
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.product_id',
      'r.user_id',
      'u.user_name',
      'r.review_value',
      'r.review_message',
      'r.created_at',
    ])
    .where('r.product_id', '=', productId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    userId: row.user_id,
    userName: row.user_name,
    reviewValue: row.review_value,
    reviewMessage: row.review_message,
    createdAt: row.created_at,
  }))
}
