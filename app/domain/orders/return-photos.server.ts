// Photos of a return's damage (issue 31, ADR 101): prepared by the custom-order photo pipeline
// (media.server.ts, purpose 'return'), stored in the return's own transaction (nothing is written for
// an ask the domain refuses), and served only to the order's shopper and the admin by the order
// pages' routes; /uploads never serves them (cachedStoredFile). Erased with the shopper's account.
import type { DB } from '../../../db/database'
import { inJsonList } from '../../../db/dialect'
import { parseUploadUrl } from '~/lib/images'
import type { SessionUser } from '~/lib/user'
import { eraseStoredImages, type PreparedImage, saveImageRows } from '~/domain/catalog/media.server'
import { NotFound } from '~/domain/errors'

/** Stores a return's photos with it (the caller's transaction, after the ask was accepted). */
export async function storeReturnPhotos(trx: DB, returnId: string, photos: readonly PreparedImage[]): Promise<void> {
  if (photos.length === 0) return
  await saveImageRows(trx, photos)
  await trx
    .insertInto('return_photos')
    .values(photos.map((photo, position) => ({ return_id: returnId, position, image_url: photo.url })))
    .execute()
}

/** The photos of these returns, in order, by return id (one query). */
export async function returnPhotosOf(db: DB, returnIds: string[]): Promise<Map<string, string[]>> {
  const byReturn = new Map<string, string[]>()
  if (returnIds.length === 0) return byReturn
  const rows = await db.selectFrom('return_photos').select(['return_id', 'image_url']).where(inJsonList('return_id', returnIds)).orderBy('return_id').orderBy('position').execute()
  for (const row of rows) byReturn.set(row.return_id, [...(byReturn.get(row.return_id) ?? []), row.image_url])
  return byReturn
}

/** Whether a return carries photos (refunding without a pickup needs them). */
export async function hasReturnPhotos(db: DB, returnId: string): Promise<boolean> {
  return (await db.selectFrom('return_photos').select('position').where('return_id', '=', returnId).executeTakeFirst()) !== undefined
}

/**
 * The bytes of one of an order's return photos for `viewer`: the admin, or the shopper whose order it
 * is. Anyone else, another order's photo, any other file name or a width never stored: NotFound (a
 * 404, which says nothing about whether the photo exists).
 */
export async function returnPhotoFile(db: DB, orderId: string, name: string, viewer: SessionUser): Promise<Buffer> {
  const upload = parseUploadUrl(`/uploads/${name}`)
  if (!upload) throw new NotFound('Not found.')
  let query = db
    .selectFrom('return_photos')
    .innerJoin('returns', 'returns.id', 'return_photos.return_id')
    .innerJoin('orders', 'orders.id', 'returns.order_id')
    .select('return_photos.image_url')
    .where('orders.id', '=', orderId)
    .where('return_photos.image_url', 'like', `${upload.base}-%`)
  if (viewer.role !== 'admin') query = query.where('orders.user_id', '=', viewer.id)
  if (!(await query.executeTakeFirst())) throw new NotFound('Not found.')
  const file = await db.selectFrom('stored_files').select('content').where('name', '=', name).executeTakeFirst()
  if (!file) throw new NotFound('Not found.')
  return Buffer.from(file.content)
}

/**
 * Erases the photos of these orders' returns (a deleted account, ADR 095): their rows, and their
 * stored files unless another row names the same bytes. Inside the caller's transaction; the caller
 * sweeps the caches once it commits. Resolves to the photos' urls.
 */
export async function eraseReturnPhotos(trx: DB, orderIds: string[]): Promise<string[]> {
  if (orderIds.length === 0) return []
  const returnIds = (await trx.selectFrom('returns').select('id').where(inJsonList('order_id', orderIds)).execute()).map((r) => r.id)
  if (returnIds.length === 0) return []
  const urls = (await trx.selectFrom('return_photos').select('image_url').where(inJsonList('return_id', returnIds)).execute()).map((r) => r.image_url)
  if (urls.length === 0) return []
  await trx.deleteFrom('return_photos').where(inJsonList('return_id', returnIds)).execute()
  await eraseStoredImages(trx, urls)
  return urls
}
