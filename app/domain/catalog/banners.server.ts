// The home page's banners (the spec's feature images), in their display order.
import type { DB } from '../../../db/database'
import { newId } from '~/lib/ids.server'
import { BANNER_MESSAGES } from '~/lib/banners'
import { NotFound } from '~/domain/errors'

export interface BannerItem {
  id: string
  image: string
  position: number
}

export async function listBanners(db: DB): Promise<BannerItem[]> {
  return db
    .selectFrom('feature_images')
    .select(['id', 'image', 'position'])
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** Adds a banner at the end of the carousel. */
export async function addBanner(db: DB, image: string): Promise<BannerItem> {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('feature_images')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirst()
    const row = { id: newId(), image, position: Number(last?.position ?? -1) + 1 }
    await trx.insertInto('feature_images').values(row).execute()
    return row
  })
}

export async function deleteBanner(db: DB, id: string): Promise<void> {
  const result = await db.deleteFrom('feature_images').where('id', '=', id).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) throw new NotFound(BANNER_MESSAGES.notFound)
}
