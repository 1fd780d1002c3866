// The page cache (ADR 042): the rendered HTML of the browse pages (home, listing, search, product,
// about), rendered for nobody, and the anonymous catalogue /api answers kept in memory,
// precompressed, keyed by everything they depend on, served with a weak ETag (304 on revisit) before
// React Router runs, and dropped when the shop's generation moves (a write to a table a browse page
// reads, app/infra/shop-writes.server.ts) or after a short TTL; the least recently used go first once
// the entries' memory or their number passes the bound (ADR 049). Cached pages carry script hashes
// instead of the per-response nonce. A signed-in shopper or a guest with a cart gets the same page
// with her header spliced in (ADR 076). Each job in a file of its own:
//   store.ts      the LRU of kept pages and its bounds
//   urls.ts       which URLs are kept, under which canonical query
//   keys.ts       which requests may share a kept page, and its key
//   answers.ts    a kept answer's three encodings and its validator
//   csp.ts        a page's nonce turned into its scripts' hashes
//   negotiate.ts  304 and the encoding a client takes
//   send.ts       answering with a kept page
//   personal.ts   a kept page for a shopper: her header spliced in (ADR 076)
//   middleware.ts hits before React Router, misses noted for server/render.ts
export { type AnswerMeta, buildAnswer, weakEtag, weakEtagWithout } from './answers'
export { buildPage, inlineScriptHashes } from './csp'
export { keptPageCookies, originOf, type PageRequest, pageOrigin, pageRequest } from './keys'
export { type PageCacheLocals, pageCacheHits } from './middleware'
export { chooseEncoding, compressFor, type Encoding, notModified } from './negotiate'
export { findHole, fillHole, forgetPersonalAnswers, HOLE_START, sendPersonalPage } from './personal'
export { type KeptHeaders, keepHeaders, sendFirstAnswer, sendNewPage, sendPage } from './send'
export { type CachedPage, MAX_PAGE_ENTRIES, MAX_PAGE_ORIGINS, PAGE_CACHE_BYTES, PageCache, type PageCacheOptions, pageTtlMs } from './store'
export { isApiPath, keptQuery, productOf } from './urls'
