// The kept pages: an LRU (lru-cache) bounded by the memory its entries really hold, by their number
// and by their age, that also lets go of pages a shop write changed and keeps pages of a few origins
// only (ADR 049).
import { LRUCache } from 'lru-cache'
import { changedSince } from '~/infra/shop-writes.server'

export interface CachedPage {
  /** Every header of the answer but the encoding's (the security headers included), set once at the miss. */
  headers?: [string, string][]
  etag: string
  /** The page's Content-Security-Policy: the shop's policy with the page's inline scripts by hash. */
  csp: string
  contentType: string
  /** Each in memory of its own, exactly its size (see exactCopy in answers.ts). */
  identity: Buffer
  br: Buffer
  gzip: Buffer
  /** shopGeneration() when the render began: a write after it may have changed the page. */
  generation: number
  /** The product a product page or product /api answer is about (only that product's writes drop it), else null. */
  product: string | null
  /** The origin the page was built for and is kept under (pageOrigin). */
  origin: string
}

/** The bound of the kept pages' memory: all three encodings and the objects around them (ADR 049). */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024

/** How many entries the cache keeps at most: small answers are bounded by their number before their bytes. */
export const MAX_PAGE_ENTRIES = 4_096

/**
 * How many origins (hosts) may hold pages at once: with PUBLIC_URL unset each Host a client sends is
 * another set of pages, and Host values are the client's to choose (ADR 049).
 */
export const MAX_PAGE_ORIGINS = 8

/**
 * How long a page is kept. One process sees every write (its own, and on SQLite other connections'
 * through data_version), so a minute; on PostgreSQL another machine's writes are seen by nobody here,
 * so pages live briefly (siblings on this machine are told at once: server/process/sibling-writes.ts).
 */
export function pageTtlMs({ postgres, ttlSeconds }: { postgres: boolean; ttlSeconds?: number }): number {
  if (ttlSeconds !== undefined) return ttlSeconds * 1000
  return postgres ? 5_000 : 60_000
}

/**
 * What an entry holds besides its buffers' bytes and its strings' characters: the entry object, three
 * Buffer and ArrayBuffer objects with their backing-store records, the headers' arrays and the LRU's
 * slots. Measured at about 1.9 kB of heap for a small /api answer with its headers, their strings
 * included (ADR 049).
 */
const ENTRY_OVERHEAD_BYTES = 2_048

/** The memory an entry holds: every buffer's whole backing store, every string and the objects around them. */
export function entryCost(key: string, page: CachedPage): number {
  let strings = key.length + page.etag.length + page.csp.length + page.contentType.length + page.origin.length
  for (const [name, value] of page.headers ?? []) strings += name.length + value.length
  return page.identity.buffer.byteLength + page.br.buffer.byteLength + page.gzip.buffer.byteLength + strings + ENTRY_OVERHEAD_BYTES
}

/** JSON answers show each product's exact stock (`totalStock`); a page shows only its badges (ADR 050). */
function exactStockOf(page: CachedPage): { exactStock: boolean } {
  return { exactStock: page.contentType.startsWith('application/json') }
}

export type ChangedSince = (since: number, product: string | null, options: { exactStock: boolean }) => boolean

export interface PageCacheOptions {
  maxEntries?: number
  maxOrigins?: number
  /** Whether the shop changed what a page shows since its render (app/infra/shop-writes.server.ts). */
  changed?: ChangedSince
  /** The clock pages age by, in milliseconds (tests move it instead of waiting). */
  now?: () => number
}

/**
 * An LRU of pages bounded by the memory its entries really hold (see entryCost), by their number and
 * by the TTL; expired pages and pages a write changed are swept away whether or not they are asked
 * for again.
 */
export class PageCache {
  private readonly lru: LRUCache<string, CachedPage>
  private readonly changed: ChangedSince
  private readonly now: () => number
  /** The number of entries of each origin that holds any. */
  private readonly origins = new Map<string, number>()
  private sweptAt: number
  readonly maxOrigins: number
  hits = 0
  misses = 0
  evictions = 0
  /** Pages being rendered for a miss: the same page asked meanwhile waits for it instead of rendering too. */
  readonly rendering = new Map<string, Promise<void>>()

  constructor(
    readonly maxBytes: number,
    readonly ttlMs: number,
    { maxEntries = MAX_PAGE_ENTRIES, maxOrigins = MAX_PAGE_ORIGINS, changed = changedSince, now = () => performance.now() }: PageCacheOptions = {},
  ) {
    this.changed = changed
    this.now = now
    this.maxOrigins = maxOrigins
    this.sweptAt = now()
    this.lru = new LRUCache<string, CachedPage>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (page, key) => entryCost(key, page),
      ttl: ttlMs,
      // Every look at the clock reads it: the default remembers it for a millisecond.
      ttlResolution: 0,
      perf: { now },
      // However an entry goes (evicted, expired, replaced, dropped), its origin holds one page fewer.
      dispose: (page, _key, reason) => {
        if (reason === 'evict') this.evictions++
        this.forget(page.origin)
      },
    })
  }

  get maxEntries(): number {
    return this.lru.max
  }

  get bytes(): number {
    return this.lru.calculatedSize
  }

  get count(): number {
    return this.lru.size
  }

  get(key: string): CachedPage | undefined {
    const page = this.lru.get(key)
    if (page && this.changedSinceRender(page)) {
      this.lru.delete(key)
      return undefined
    }
    return page
  }

  /** Whether a page of `origin` may be kept: its origin holds pages already, or there is room for one more. */
  keepsPagesOf(origin: string): boolean {
    return this.origins.has(origin) || this.origins.size < this.maxOrigins
  }

  /** Keeps the page unless the shop changed it since its render began, it is too big, or its origin is one too many. */
  set(key: string, page: CachedPage): boolean {
    if (this.now() - this.sweptAt >= this.ttlMs) this.sweep()
    if (this.changedSinceRender(page)) return false
    if (entryCost(key, page) > this.maxBytes / 4) return false
    this.lru.delete(key)
    if (!this.keepsPagesOf(page.origin)) return false
    this.origins.set(page.origin, (this.origins.get(page.origin) ?? 0) + 1)
    this.lru.set(key, page)
    return true
  }

  /** Drops every expired page and every page a write changed (the server runs it every TTL; set does too). */
  sweep(): void {
    this.sweptAt = this.now()
    this.lru.purgeStale()
    const changed: string[] = []
    for (const [key, page] of this.lru.entries()) if (this.changedSinceRender(page)) changed.push(key)
    for (const key of changed) this.lru.delete(key)
  }

  clear(): void {
    this.lru.clear()
  }

  private changedSinceRender(page: CachedPage): boolean {
    return this.changed(page.generation, page.product, exactStockOf(page))
  }

  private forget(origin: string): void {
    const left = (this.origins.get(origin) ?? 1) - 1
    if (left > 0) this.origins.set(origin, left)
    else this.origins.delete(origin)
  }
}
