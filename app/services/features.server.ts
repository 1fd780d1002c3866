// The home page banner's feature images, in their display order.
import type { DB } from '../../db/database'

export interface FeatureImageItem {
  id: string
  image: string
  position: number
}

export async function listFeatureImages(db: DB): Promise<FeatureImageItem[]> {
  return db
    .selectFrom('feature_images')
    .select(['id', 'image', 'position'])
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}
