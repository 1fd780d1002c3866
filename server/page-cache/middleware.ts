// The page cache's place in the request: hits are answered before React Router (or any other
// middleware) runs; a miss notes what server/render.ts needs to keep the page it renders.
import type { NextFunction, RequestHandler, Response } from 'express'
import { shopGeneration } from '~/infra/shop-writes.server'
import { type PageRequest, pageRequest } from './keys'
import { sendPage } from './send'
import type { PageCache } from './store'

/** res.locals of a request whose page may go into the cache once rendered. */
export interface PageCacheLocals {
  pageKey?: string
  /** The origin the key holds: the page is built for it (server/render.ts). */
  pageOrigin?: string
  pageGeneration?: number
  pageProduct?: string | null
  pageGuestId?: string | null
  pageCartLines?: number
}

/** Serves hits before React Router runs; a miss notes its key and the generation it renders at. */
export function pageCacheHits(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    pageRequest(req)
      .then((found) => {
        // A page of one host too many is answered afresh, never kept (MAX_PAGE_ORIGINS).
        if (!found || !cache.keepsPagesOf(found.origin)) return next()
        const { key } = found
        const hit = cache.get(key)
        if (hit) {
          cache.hits++
          return sendPage(req, res, hit, 'HIT')
        }
        // An odd URL of a kept page (a no-JS filter form) is answered with the canonical URL's page.
        if (req.originalUrl !== found.url) req.url = req.originalUrl = found.url
        // After a change every visitor misses at once: one render per page, the others wait for it.
        const rendering = cache.rendering.get(key)
        if (rendering) {
          void rendering.then(() => {
            const page = cache.get(key)
            if (page) {
              cache.hits++
              sendPage(req, res, page, 'HIT')
            } else renderMiss(res, next, cache, found)
          })
          return
        }
        let done = () => {}
        const promise = new Promise<void>((resolve) => {
          done = resolve
        })
        cache.rendering.set(key, promise)
        res.on('close', () => {
          if (cache.rendering.get(key) === promise) cache.rendering.delete(key)
          done()
        })
        renderMiss(res, next, cache, found)
      })
      .catch(next)
  }
}

/** A miss: notes the key, the generation the render begins at and the guest cart it counted, then renders. */
function renderMiss(res: Response, next: NextFunction, cache: PageCache, found: PageRequest): void {
  cache.misses++
  const locals = res.locals as PageCacheLocals
  locals.pageKey = found.key
  locals.pageOrigin = found.origin
  locals.pageGeneration = shopGeneration()
  locals.pageProduct = found.product
  locals.pageGuestId = found.guestId
  locals.pageCartLines = found.cartLines
  next()
}
