// The page cache's place in the request: hits are answered before React Router (or any other
// middleware) runs; a miss notes what server/render.ts needs to keep the page it renders.
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { shopGeneration } from '~/infra/shop-writes.server'
import { type PageRequest, pageRequest } from './keys'
import { type PageShopper, sendPersonalPage } from './personal'
import { sendPage } from './send'
import type { CachedPage, PageCache } from './store'

/** res.locals of a request whose page may go into the cache once rendered. */
export interface PageCacheLocals {
  pageKey?: string
  /** The origin the key holds: the page is built for it (server/render.ts). */
  pageOrigin?: string
  pageGeneration?: number
  pageProduct?: string | null
  /** The shopper the kept page goes to once rendered (for nobody), with her pieces spliced in (ADR 076, ADR 106). */
  pagePersonal?: PageShopper | null
  /** The product page is the signed-in shoppers' variant (ADR 076). */
  pageSignedIn?: boolean
  /**
   * Tells the requests waiting for this miss to wait until `kept` settles rather than until the
   * miss's answer is sent: an answer sent ahead of its kept copies (ADR 110). Only on the miss that
   * renders for the others.
   */
  pageKeptAfter?: (kept: Promise<unknown>) => void
}

/** Whom the page goes to with pieces of her own, or null for the kept page as it is. */
function shopperOf({ url, theme, personal, delivery }: PageRequest): PageShopper | null {
  return personal || delivery ? { url, theme, personal, delivery } : null
}

/** A kept page for this request: as it is for a visitor, with her pieces for a shopper (or rendered for her when it has no hole). */
function answerHit(req: Request, res: Response, next: NextFunction, cache: PageCache, page: CachedPage, found: PageRequest): void {
  cache.hits++
  const shopper = shopperOf(found)
  if (!shopper) {
    sendPage(req, res, page, 'HIT')
    return
  }
  sendPersonalPage(req, res, page, shopper, 'HIT')
    .then((sent) => (sent ? undefined : next()))
    .catch(next)
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
        if (hit) return answerHit(req, res, next, cache, hit, found)
        // An odd URL of a kept page (a no-JS filter form) is answered with the canonical URL's page.
        if (req.originalUrl !== found.url) req.url = req.originalUrl = found.url
        // After a change every visitor misses at once: one render per page, the others wait for it.
        const rendering = cache.rendering.get(key)
        if (rendering) {
          void rendering.then(() => {
            const page = cache.get(key)
            if (page) answerHit(req, res, next, cache, page, found)
            else renderMiss(res, next, cache, found)
          })
          return
        }
        let done = () => {}
        const promise = new Promise<void>((resolve) => {
          done = resolve
        })
        cache.rendering.set(key, promise)
        const settle = () => {
          if (cache.rendering.get(key) === promise) cache.rendering.delete(key)
          done()
        }
        let handedOver = false
        res.on('close', () => {
          if (!handedOver) settle()
        })
        const locals = res.locals as PageCacheLocals
        locals.pageKeptAfter = (kept) => {
          handedOver = true
          kept.then(settle, settle)
        }
        renderMiss(res, next, cache, found)
      })
      .catch(next)
  }
}

/** A miss: notes the key, the generation the render begins at and whom the page goes to, then renders it for nobody. */
function renderMiss(res: Response, next: NextFunction, cache: PageCache, found: PageRequest): void {
  cache.misses++
  const locals = res.locals as PageCacheLocals
  locals.pageKey = found.key
  locals.pageOrigin = found.origin
  locals.pageGeneration = shopGeneration()
  locals.pageProduct = found.product
  locals.pagePersonal = shopperOf(found)
  locals.pageSignedIn = found.signedIn
  next()
}
