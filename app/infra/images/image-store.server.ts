// The image store the catalog's rules are handed (app/domain/catalog/image-store.ts): sharp for the
// codec, a directory for the cache. getImageStore() is the process's one store, on UPLOADS_DIR.
import type { ImageStore } from '~/domain/catalog/image-store'
import { getConfig } from '~/infra/config.server'
import { diskCache } from './disk-cache.server'
import { sharpCodec } from './sharp-codec.server'

export function createImageStore(directory: string): ImageStore {
  return { ...sharpCodec, ...diskCache(directory) }
}

let store: ImageStore | undefined

export function getImageStore(): ImageStore {
  store ??= createImageStore(getConfig().UPLOADS_DIR)
  return store
}
