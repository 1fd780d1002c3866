// The page cache for visitors without a session (ADR 042): the rendered HTML of the browse pages
// (home, listing, search, product, about) kept in memory, precompressed (brotli, gzip and identity),
// keyed by everything those pages depend on, served with a weak ETag (304 on revisit) before React
// Router runs, and dropped when the shop's generation moves (any write to a table a browse page reads,
// app/infra/shop-writes.server.ts) or after a short TTL. Least recently used entries go first once the
// entries' memory or their number passes the bound (ADR 049). Cached pages carry script hashes instead
// of the per-response nonce.
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { isbot } from 'isbot'
import { countCartLines } from '~/domain/cart/cart.server'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { changedSince, shopGeneration } from '~/infra/shop-writes.server'
import { DEFAULT_SORT, type ListingQuery, listingSearch, parseListingQuery } from '~/lib/listing-filters'
import { MAX_KEYWORD_LENGTH } from '~/lib/search'
import { apiListingInput, apiListingQuerySchema, toListingQuery } from '~/schemas/api-listing'
import { pageSchema } from '~/schemas/pagination'
import { SESSION_COOKIE_NAME, sessionStorage } from '~/web/cookies.server'
import { themeOfCookieHeader } from '~/web/theme.server'

export interface CachedPage {
  /** Every header of the answer but the encoding's (the security headers included), set once at the miss. */
  headers?: [string, string][]
  etag: string
  /** The page's Content-Security-Policy: the shop's policy with the page's inline scripts by hash. */
  csp: string
  contentType: string
  /** Each in memory of its own, exactly its size (see exactCopy). */
  identity: Buffer
  br: Buffer
  gzip: Buffer
  /** shopGeneration() when the render began: a write after it may have changed the page. */
  generation: number
  /** The product a product page or product /api answer is about (only that product's writes drop it), else null. */
  product: string | null
  /** The origin the page was built for and is kept under (pageOrigin). */
  origin: string
  expiresAt: number
}

/**
 * What an entry holds besides its buffers' bytes and its strings' characters: the entry object, three
 * Buffer and ArrayBuffer objects with their backing-store records, the headers' arrays and the Map's
 * slots. Measured at about 1.9 kB of heap for a small /api answer with its headers, their strings
 * included (ADR 049).
 */
const ENTRY_OVERHEAD_BYTES = 2_048

/** The memory an entry holds: every buffer's whole backing store, every string and the objects around them. */
function entryCost(key: string, page: CachedPage): number {
  let strings = key.length + page.etag.length + page.csp.length + page.contentType.length + page.origin.length
  for (const [name, value] of page.headers ?? []) strings += name.length + value.length
  return page.identity.buffer.byteLength + page.br.buffer.byteLength + page.gzip.buffer.byteLength + strings + ENTRY_OVERHEAD_BYTES
}

/** How many entries the cache keeps at most: small answers are bounded by their number before their bytes. */
export const MAX_PAGE_ENTRIES = 4_096
/**
 * How many origins (hosts) may hold pages at once: with PUBLIC_URL unset each Host a client sends is
 * another set of pages, and Host values are the client's to choose (ADR 049).
 */
export const MAX_PAGE_ORIGINS = 8

/** JSON answers show each product's exact stock (`totalStock`); a page shows only its badges (ADR 050). */
function exactStockOf(page: CachedPage): { exactStock: boolean } {
  return { exactStock: page.contentType.startsWith('application/json') }
}

/**
 * An LRU of pages bounded by the memory its entries really hold (see entryCost) and by their number;
 * expired pages and pages a write changed are swept away whether or not they are asked for again.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>()
  private readonly costs = new Map<string, number>()
  /** The number of entries of each origin that holds any. */
  private readonly origins = new Map<string, number>()
  private size = 0
  private sweptAt = Date.now()
  readonly maxEntries: number
  readonly maxOrigins: number
  hits = 0
  misses = 0
  evictions = 0
  /** Pages being rendered for a miss: the same page asked meanwhile waits for it instead of rendering too. */
  readonly rendering = new Map<string, Promise<void>>()

  constructor(
    readonly maxBytes: number,
    readonly ttlMs: number,
    private readonly changed: (since: number, product: string | null, options: { exactStock: boolean }) => boolean = changedSince,
    { maxEntries = MAX_PAGE_ENTRIES, maxOrigins = MAX_PAGE_ORIGINS }: { maxEntries?: number; maxOrigins?: number } = {},
  ) {
    this.maxEntries = maxEntries
    this.maxOrigins = maxOrigins
  }

  get bytes(): number {
    return this.size
  }

  get count(): number {
    return this.entries.size
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key)
    if (!page) return undefined
    if (this.changed(page.generation, page.product, exactStockOf(page)) || Date.now() >= page.expiresAt) {
      this.remove(key, page)
      return undefined
    }
    this.entries.delete(key)
    this.entries.set(key, page)
    return page
  }

  /** Whether a page of `origin` may be kept: its origin holds pages already, or there is room for one more. */
  keepsPagesOf(origin: string): boolean {
    return this.origins.has(origin) || this.origins.size < this.maxOrigins
  }

  /** Keeps the page unless the shop changed it since its render began, it is too big, or its origin is one too many. */
  set(key: string, page: CachedPage): boolean {
    if (Date.now() - this.sweptAt >= this.ttlMs) this.sweep()
    if (this.changed(page.generation, page.product, exactStockOf(page))) return false
    const cost = entryCost(key, page)
    if (cost > this.maxBytes / 4) return false
    const old = this.entries.get(key)
    if (old) this.remove(key, old)
    if (!this.keepsPagesOf(page.origin)) return false
    this.entries.set(key, page)
    this.costs.set(key, cost)
    this.origins.set(page.origin, (this.origins.get(page.origin) ?? 0) + 1)
    this.size += cost
    for (const [oldest, entry] of this.entries) {
      if (this.size <= this.maxBytes && this.entries.size <= this.maxEntries) break
      this.remove(oldest, entry)
      this.evictions++
    }
    return true
  }

  /** Drops every expired page and every page a write changed (server/app.ts runs it every TTL; set does too). */
  sweep(): void {
    const now = Date.now()
    this.sweptAt = now
    for (const [key, page] of this.entries) if (now >= page.expiresAt || this.changed(page.generation, page.product, exactStockOf(page))) this.remove(key, page)
  }

  clear(): void {
    this.entries.clear()
    this.costs.clear()
    this.origins.clear()
    this.size = 0
  }

  private remove(key: string, page: CachedPage): void {
    if (!this.entries.delete(key)) return
    this.size -= this.costs.get(key) ?? 0
    this.costs.delete(key)
    const left = (this.origins.get(page.origin) ?? 1) - 1
    if (left > 0) this.origins.set(page.origin, left)
    else this.origins.delete(page.origin)
  }
}

/**
 * Each cached path and the query string its page is kept under, or null when the page is rendered
 * afresh and never kept. Most pages are kept only under the query their own links write (anything
 * else, e.g. `?utm=...` or repeated keys, is odd: endless odd URLs cannot fill the cache). The
 * listing is kept under its canonical query: a filter form sent without JS (`?category=a&category=b
 * &sortBy=<default>`) or a tracking tag is answered with the canonical URL's kept page, which shows
 * the very same products and differs only in where its no-JS forms come back to (the canonical URL);
 * a miss renders the canonical URL's page (PageRequest.url) and keeps it. The catalogue /api calls
 * are kept under their canonical query too (ADR 049): `page=01` is `page=1`, a blank parameter is
 * none, as the calls themselves read them.
 */
const CACHED_PAGES: Array<[RegExp, (search: string) => string | null]> = [
  [/^\/shop\/(home|about-us)$/, (search) => (search === '' ? '' : null)],
  [/^\/shop\/listing$/, (search) => (search.length > 2_000 ? null : keptListingQuery(parseListingQuery(new URLSearchParams(search))))],
  [
    /^\/shop\/search$/,
    (search) => {
      if (search === '') return ''
      const params = new URLSearchParams(search)
      const keyword = params.get('keyword')
      return keyword !== null && keyword.length <= MAX_KEYWORD_LENGTH && new URLSearchParams({ keyword }).toString() === search ? search : null
    },
  ],
  [/^\/shop\/product\/[A-Za-z0-9_-]{1,64}$/, (search) => (search === '' || /^reviews=[1-9][0-9]{0,3}$/.test(search) ? search : null)],
  // The anonymous catalogue calls of /api: the same answer for every visitor, dropped with the pages.
  [/^\/api\/shop\/products\/get$/, productsQuery],
  [/^\/api\/shop\/products\/get\/[A-Za-z0-9_-]{1,64}$/, (search) => (search === '' ? '' : null)],
  [/^\/api\/shop\/search\/[^/?]{1,300}$/, pageOnlyQuery],
  [/^\/api\/shop\/review\/[A-Za-z0-9_-]{1,64}$/, pageOnlyQuery],
  [/^\/api\/common\/feature\/get$/, pageOnlyQuery],
]

/**
 * Listing pages and /api list pages past this one are rendered afresh and never kept: shoppers seldom
 * page that far, and `?page=<any number>` would otherwise be endless canonical URLs, each kept,
 * pushing the pages everyone sees out of the LRU.
 */
const MAX_KEPT_PAGE = 20

function keptListingQuery(query: ListingQuery): string | null {
  return query.page > MAX_KEPT_PAGE ? null : listingSearch(query).slice(1)
}

/** Longer /api queries are answered afresh and never kept (and never parsed here). */
const MAX_API_QUERY = 1_000

/**
 * An /api list call's `page` as the call reads it (app/api/lists.server.ts, the same schema): '' for
 * none (absent or blank), else `page=<n>`; null when it is repeated, refused or past MAX_KEPT_PAGE.
 */
function apiPage(params: URLSearchParams): string | null {
  const values = params.getAll('page')
  if (values.length > 1) return null
  const raw = values[0]
  if (raw === undefined || raw === '') return ''
  const page = pageSchema.safeParse(raw)
  return page.success && page.data <= MAX_KEPT_PAGE ? `page=${page.data}` : null
}

/** The canonical query of a call that takes `page` only: blank parameters are none; any other value is odd. */
function pageOnlyQuery(search: string): string | null {
  if (search === '') return ''
  if (search.length > MAX_API_QUERY) return null
  const params = new URLSearchParams(search)
  for (const [name, value] of params) if (name !== 'page' && value.trim() !== '') return null
  return apiPage(params)
}

/**
 * The canonical query of the products API, read by the API's own parser (app/schemas/api-listing.ts):
 * each filter's values sorted, blank parameters and the default sort left out; null when the call
 * would refuse it (an unknown filter or value) or it is odd.
 */
function productsQuery(search: string): string | null {
  if (search === '') return ''
  if (search.length > MAX_API_QUERY) return null
  const params = new URLSearchParams(search)
  if (params.getAll('sortBy').length > 1) return null
  const parsed = apiListingQuerySchema.safeParse(apiListingInput(params))
  const page = apiPage(params)
  if (!parsed.success || page === null) return null
  const { filters, sort } = toListingQuery(parsed.data)
  const parts = (['category', 'price', 'availability'] as const)
    .filter((name) => filters[name].length > 0)
    .map((name) => `${name}=${[...filters[name]].sort().join(',')}`)
  if (sort !== DEFAULT_SORT) parts.push(`sortBy=${sort}`)
  if (page) parts.push(page)
  return parts.join('&')
}

/** Whether a kept answer is a catalogue /api answer (JSON, no page policy to rewrite). */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/')
}

/** The query string a page is kept under (see CACHED_PAGES), or null when it is never kept. */
export function keptQuery(path: string, search: string): string | null {
  for (const [pattern, canonical] of CACHED_PAGES) if (pattern.test(path)) return canonical(search)
  return null
}

/** The cookies a cacheable request may carry: the theme and a guest's cart session. */
function readCookies(header: string | undefined): Map<string, string> | null {
  const cookies = new Map<string, string>()
  if (!header) return cookies
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    const name = (eq === -1 ? part : part.slice(0, eq)).trim()
    if (!name) continue
    // A login session, a flash toast, the sign-up email or any cookie we do not know: never cached.
    if (name !== 'theme' && name !== SESSION_COOKIE_NAME) return null
    if (cookies.has(name)) return null
    cookies.set(name, eq === -1 ? '' : part.slice(eq + 1).trim())
  }
  return cookies
}

/** A request whose page may come from the cache: its key and the guest cart counted for it. */
export interface PageRequest {
  key: string
  /** The origin the page is built for (pageOrigin): part of the key. */
  origin: string
  guestId: string | null
  cartLines: number
  /** The product the page is about, when it shows one product only (see productOf). */
  product: string | null
  /** The URL the page is rendered and kept for: the path and the canonical query (see CACHED_PAGES). */
  url: string
}

/**
 * The pages about one product and nothing else of the catalogue: its page and its /api answers
 * (product, reviews). A write confined to another product's rows leaves them (ADR 046).
 */
const PRODUCT_PAGES = [/^\/shop\/product\/([A-Za-z0-9_-]{1,64})$/, /^\/api\/shop\/products\/get\/([A-Za-z0-9_-]{1,64})$/, /^\/api\/shop\/review\/([A-Za-z0-9_-]{1,64})$/]

export function productOf(path: string): string | null {
  for (const pattern of PRODUCT_PAGES) {
    const id = pattern.exec(path)?.[1]
    if (id) return id
  }
  return null
}

/** A plain host[:port]: a DNS name or IPv4 address, or an IPv6 address in brackets. */
const PLAIN_HOST = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/

/** The origin of a protocol and a Host value, in one spelling (lower case, no default port); null unless both are plain. */
export function originOf(protocol: string, host: string | undefined): string | null {
  if ((protocol !== 'http' && protocol !== 'https') || !host || host.length > 255 || !PLAIN_HOST.test(host)) return null
  try {
    return new URL(`${protocol}://${host}`).origin
  } catch {
    return null
  }
}

/**
 * The origin a request's page is built for and kept under (ADR 049): PUBLIC_URL's when it is set,
 * whatever the Host; else the request's own protocol and host, where Express reads X-Forwarded-Proto
 * and X-Forwarded-Host only from a proxy TRUST_PROXY trusts. Null when that host is not a plain one.
 */
export function pageOrigin(req: Request, publicUrl: string | null = getConfig().PUBLIC_URL ?? null): string | null {
  return publicUrl ? new URL(publicUrl).origin : originOf(req.protocol, req.host)
}

/**
 * The cache key of a request, or null when its page must not come from (or go into) the cache: not
 * a GET/HEAD of a browse page with its canonical query, a host that is not plain, an Authorization
 * header, a login session, a flash toast or any unknown cookie. The key holds the origin (the product
 * page's JSON-LD names it, and the page is built for it: server/render.ts), path and query, the theme,
 * the guest cart's line count (the header's badge), whether a crawler asks (it gets the whole page at
 * once) and whether the request came over HTTPS; with it, the guest cart it counted: a page is kept
 * only if that count still holds after the render.
 */
export async function pageRequest(req: Request): Promise<PageRequest | null> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null
  const url = req.originalUrl
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  const search = q === -1 ? '' : url.slice(q + 1)
  const kept = keptQuery(path, search)
  if (kept === null) return null
  if (req.headers.authorization) return null
  const origin = pageOrigin(req)
  if (!origin) return null
  const cookieHeader = req.headers.cookie
  const cookies = readCookies(cookieHeader)
  if (!cookies) return null
  let cartLines = 0
  let guestId: string | null = null
  const sessionCookie = cookies.get(SESSION_COOKIE_NAME)
  if (sessionCookie !== undefined) {
    // (The session cookie remembers the values it verified: app/web/cookies.server.ts.)
    const session = await sessionStorage().getSession(`${SESSION_COOKIE_NAME}=${sessionCookie}`)
    if (session.get('sessionId')) return null
    guestId = session.get('guestId') ?? null
    if (guestId) cartLines = await countCartLines(getDb(), { guestId })
  }
  const theme = cookies.has('theme') ? await themeOfCookieHeader(cookieHeader ?? null) : 'system'
  const bot = crawler(req.headers['user-agent'])
  const page = kept ? `${path}?${kept}` : path
  // `tls`: HSTS goes with HTTPS answers only (server/security-headers.ts), and with PUBLIC_URL the origin does not say.
  const key = `${origin}${page} theme=${theme} cart=${cartLines} bot=${bot} tls=${req.secure ? 1 : 0}`
  return { key, origin, guestId, cartLines, product: productOf(path), url: page }
}

/** Whether the guest's cart still has the lines the key counted (the guest may have added one meanwhile). */
export async function cartUnchanged(locals: PageCacheLocals): Promise<boolean> {
  if (!locals.pageGuestId) return true
  return (await countCartLines(getDb(), { guestId: locals.pageGuestId })) === locals.pageCartLines
}

const crawlers = new Map<string, 0 | 1>()

/** isbot's answer for a user agent, remembered for the last few hundred agents (its pattern is long). */
function crawler(agent: string | undefined): 0 | 1 {
  if (!agent) return 0
  let known = crawlers.get(agent)
  if (known === undefined) {
    known = isbot(agent) ? 1 : 0
    if (crawlers.size >= 500) crawlers.delete(crawlers.keys().next().value as string)
    crawlers.set(agent, known)
  }
  return known
}

/** A weak validator for a body: the same bytes give the same tag. */
export function weakEtag(body: Buffer | string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** Whether the request's If-None-Match names this tag (weak comparison, `*` included). */
export function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match']
  if (!header) return false
  if (header.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare)
}

type Encoding = 'br' | 'gzip' | 'identity'

/** The best encoding the client accepts: brotli, then gzip, else none (q=0 refuses one). */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity'
  const accepted = new Map<string, number>()
  for (const part of String(header).split(',')) {
    const [name = '', ...params] = part.split(';')
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name.trim().toLowerCase(), qParam ? Number(qParam.slice(2)) || 0 : 1)
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0
  const br = quality('br')
  const gzip = quality('gzip')
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return 'identity'
}

/** The script elements that run (not data blocks such as JSON-LD, not files). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
const TYPE = /\btype\s*=\s*["']?([^"'\s>]*)/i
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript'])

/**
 * The base64 SHA-256 of each inline script that runs and carries this response's nonce: the scripts
 * the app wrote (React Router's, React's). A script injected into the page cannot know the nonce, so
 * it is never hashed and stays blocked on the kept page as on the fresh one (ADR 049). The root's
 * constant script has no nonce: the policy allows it by its own hash (server/security-headers.ts).
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>()
  const ours = ` nonce="${nonce}"`
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? ''
    const text = match[2] ?? ''
    if (!nonce || !attributes.includes(ours) || /\bsrc\s*=/i.test(attributes)) continue
    const type = TYPE.exec(attributes)?.[1]?.toLowerCase() ?? ''
    if (!SCRIPT_TYPES.has(type)) continue
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'))
  }
  return [...hashes]
}

/** How hard the cached copies are compressed: once per page and generation, so a cheap miss matters too. */
const BROTLI_QUALITY = 6
const GZIP_LEVEL = 6

/**
 * Turns a rendered page (with this response's nonce) into a cacheable one: the nonce attributes go,
 * and the policy names each inline script by its hash instead. Null when the page is not fit (no
 * nonce in the policy, or the nonce appears anywhere else in the page).
 */
export function buildPage(
  body: Buffer,
  { nonce, csp, ...rest }: { nonce: string } & AnswerMeta,
): CachedPage | null {
  const nonceSource = `'nonce-${nonce}'`
  if (!nonce || !csp.includes(nonceSource)) return null
  const rendered = body.toString('utf8')
  // Hashed before the nonce goes: only the scripts that carried it.
  const scripts = inlineScriptHashes(rendered, nonce)
  const html = rendered.replaceAll(` nonce="${nonce}"`, '')
  if (html.includes(nonce)) return null
  const present = new Set(csp.split(/\s+/))
  const hashes = scripts.map((h) => `'sha256-${h}'`).filter((h) => !present.has(h))
  const policy = csp.replace(nonceSource, hashes.join(' ')).replace(/ {2,}/g, ' ')
  return buildAnswer(Buffer.from(html, 'utf8'), { ...rest, csp: policy })
}

/** What a kept answer says besides its body; `generation`, `product` and `origin` come from the miss (PageCacheLocals). */
export interface AnswerMeta {
  csp: string
  contentType: string
  generation: number
  product: string | null
  origin: string
  ttlMs: number
}

/**
 * `bytes` in memory of its own, exactly its size. zlib's output is a slice of a 16 KiB chunk and a
 * small Buffer a slice of an 8 KiB pool: kept as they are, a 100-byte answer held 32 KiB (ADR 049).
 */
function exactCopy(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes
  const copy = Buffer.allocUnsafeSlow(bytes.length)
  bytes.copy(copy)
  return copy
}

/**
 * A body made cacheable as it is, with its policy: a catalogue /api answer (JSON has no inline
 * scripts), or a page whose nonce buildPage has turned into hashes.
 */
export function buildAnswer(
  body: Buffer,
  { csp, contentType, generation, product, origin, ttlMs }: AnswerMeta,
): CachedPage {
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })
  const gzip = gzipSync(body, { level: GZIP_LEVEL })
  return {
    etag: weakEtag(body),
    csp,
    contentType,
    identity: exactCopy(body),
    br: exactCopy(br),
    gzip: exactCopy(gzip),
    generation,
    product,
    origin,
    expiresAt: Date.now() + ttlMs,
  }
}

/** Bodies smaller than this go as they are: compressing them saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024

/**
 * A whole answer compressed at once for the client (brotli q5 with the size known up front, or gzip 6):
 * for a body already in memory this is several times cheaper than a compression stream per response.
 */
export function compressFor(req: IncomingMessage, body: Buffer): { encoding: Encoding; bytes: Buffer } {
  const encoding = body.length < COMPRESS_FROM_BYTES ? 'identity' : chooseEncoding(req.headers['accept-encoding'])
  if (encoding === 'br') {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length }
    return { encoding, bytes: brotliCompressSync(body, { params }) }
  }
  if (encoding === 'gzip') return { encoding, bytes: gzipSync(body, { level: GZIP_LEVEL }) }
  return { encoding, bytes: body }
}

const PER_ANSWER = new Set(['content-encoding', 'content-length', 'x-cache', 'date', 'connection', 'keep-alive', 'transfer-encoding'])

/**
 * Answers the miss with the page just kept: its own policy and validator on top of the headers the
 * security middleware set, which the page keeps so a hit needs no middleware at all.
 */
export function sendNewPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  if (page.csp) res.setHeader('Content-Security-Policy', page.csp)
  res.setHeader('Content-Type', page.contentType)
  res.setHeader('Cache-Control', 'private, no-cache')
  res.setHeader('Vary', 'Accept-Encoding')
  res.setHeader('ETag', page.etag)
  page.headers = Object.entries(res.getHeaders())
    .filter(([name, value]) => !PER_ANSWER.has(name) && value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)])
  sendPage(req, res, page, 'MISS')
}

/** Answers with a kept page: the encoding the client prefers, or 304 with headers only. */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: 'HIT' | 'MISS'): void {
  for (const [name, value] of page.headers ?? []) res.setHeader(name, value)
  res.setHeader('X-Cache', state)
  if (notModified(req, page.etag)) {
    res.statusCode = 304
    res.removeHeader('Content-Type')
    res.end()
    return
  }
  const encoding = chooseEncoding(req.headers['accept-encoding'])
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  res.statusCode = 200
  res.end(req.method === 'HEAD' ? undefined : body)
}

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
            } else render(req, res, next, cache, found)
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
        render(req, res, next, cache, found)
      })
      .catch(next)
  }
}

/** A miss: notes the key, the generation the render begins at and the guest cart it counted, then renders. */
function render(_req: Request, res: Response, next: NextFunction, cache: PageCache, found: PageRequest): void {
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
