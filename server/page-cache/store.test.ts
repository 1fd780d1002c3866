import { describe, expect, it } from 'vitest'
import { buildAnswer, weakEtag } from './answers'
import { type CachedPage, PageCache, type PageCacheOptions } from './store'

function page(bytes: number, generation = 0, product: string | null = null, origin = 'http://shop.example'): CachedPage {
  const identity = Buffer.alloc(bytes, 'a')
  return { etag: weakEtag(identity), csp: '', contentType: 'text/html', identity, br: Buffer.alloc(0), gzip: Buffer.alloc(0), generation, product, origin }
}

const answerMeta = { csp: "default-src 'none'", contentType: 'application/json', generation: 0, product: null, origin: 'http://shop.example' }

/** The memory kept pages really hold: the whole backing store of each of their buffers, once. */
function heldBytes(pages: CachedPage[]): number {
  const stores = new Set<ArrayBufferLike>()
  for (const p of pages) for (const bytes of [p.identity, p.br, p.gzip]) stores.add(bytes.buffer)
  return [...stores].reduce((sum, store) => sum + store.byteLength, 0)
}

const never = () => false

/** A cache on a clock the test moves: nothing in these tests depends on how fast the machine is. */
function cacheOnClock(maxBytes: number, ttlMs: number, options: PageCacheOptions = {}) {
  const clock = { ms: 1_000_000 }
  const cache = new PageCache(maxBytes, ttlMs, { changed: never, now: () => clock.ms, ...options })
  return { cache, clock }
}

describe('PageCache', () => {
  it('stays within its bytes under endless unique keys, dropping the least recently used', () => {
    const { cache } = cacheOnClock(100_000, 60_000)
    cache.set('home', page(10_000))
    for (let i = 0; i < 10_000; i++) {
      cache.set(`/shop/search?keyword=${i}`, page(5_000))
      if (i % 3 === 0) cache.get('home') // kept warm
      expect(cache.bytes).toBeLessThanOrEqual(100_000)
    }
    expect(cache.get('home')).toBeDefined()
    expect(cache.get('/shop/search?keyword=0')).toBeUndefined()
    expect(cache.get('/shop/search?keyword=9999')).toBeDefined()
    expect(cache.count).toBeLessThanOrEqual(20)
    expect(cache.evictions).toBeGreaterThan(9_000)
  })

  it("drops the JSON lists, not the pages, when only some products' exact stock moved", () => {
    let exactMoved = false
    const changed = (_since: number, _product: string | null, { exactStock }: { exactStock: boolean }) => exactMoved && exactStock
    const { cache } = cacheOnClock(1_000_000, 60_000, { changed })
    cache.set('/shop/listing', page(10))
    cache.set('/api/shop/products/get', { ...page(10), contentType: 'application/json; charset=utf-8' })
    exactMoved = true
    expect(cache.get('/shop/listing')?.contentType).toBe('text/html')
    expect(cache.get('/api/shop/products/get')).toBeUndefined()
  })

  it('drops a page changed since its render, refuses one rendered before the change, and expires pages', () => {
    let generation = 1
    let product: string | null = null
    // A write at `generation` to all (product null) or to one product's rows.
    const changed = (since: number, about: string | null) => generation > since && (product === null || about === null || about === product)
    const { cache, clock } = cacheOnClock(1_000_000, 60_000, { changed })
    expect(cache.set('a', page(10, 1))).toBe(true)
    expect(cache.set('p1', page(10, 1, 'p1'))).toBe(true)
    expect(cache.set('p2', page(10, 1, 'p2'))).toBe(true)
    generation = 2
    product = 'p1'
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('p1')).toBeUndefined()
    expect(cache.get('p2')).toBeDefined()
    product = null
    expect(cache.get('p2')).toBeUndefined()
    expect(cache.bytes).toBe(0)
    expect(cache.set('b', page(10, 1))).toBe(false)
    cache.set('c', page(10, 2))
    clock.ms += 59_999
    expect(cache.get('c')).toBeDefined()
    clock.ms += 2
    expect(cache.get('c')).toBeUndefined()
  })

  it('counts each kept answer at no less than the memory it holds: small answers cannot outgrow the bound', async () => {
    const { cache } = cacheOnClock(1_000_000, 60_000)
    for (let i = 0; i < 2_000; i++) cache.set(`/api/common/feature/get?page=${i}`, await buildAnswer(Buffer.from(JSON.stringify({ success: true, data: [], page: i })), answerMeta))
    const kept = Array.from({ length: 2_000 }, (_, i) => cache.get(`/api/common/feature/get?page=${i}`)).filter((p): p is CachedPage => p !== undefined)
    expect(kept.length).toBe(cache.count)
    expect(heldBytes(kept)).toBeLessThanOrEqual(cache.bytes)
    expect(cache.bytes).toBeLessThanOrEqual(1_000_000)
  })

  it('counts the headers kept with a page, set before it goes in', () => {
    const { cache } = cacheOnClock(1_000_000, 60_000)
    cache.set('bare', page(100))
    const bare = cache.bytes
    cache.set('dressed', { ...page(100), headers: [['content-security-policy', 'x'.repeat(5_000)]] })
    expect(cache.bytes - bare).toBeGreaterThanOrEqual(bare + 5_000)
  })

  it('keeps at most its number of entries, however small they are', () => {
    const { cache } = cacheOnClock(100_000_000, 60_000, { maxEntries: 100 })
    for (let i = 0; i < 1_000; i++) cache.set(`k${i}`, page(10))
    expect(cache.count).toBe(100)
    expect(cache.get('k999')).toBeDefined()
    expect(cache.get('k0')).toBeUndefined()
  })

  it('lets go of expired pages and pages a write changed without being asked for them', () => {
    let generation = 1
    const { cache, clock } = cacheOnClock(1_000_000, 1_000, { changed: (since) => generation > since })
    for (let i = 0; i < 100; i++) cache.set(`old${i}`, page(100, 1))
    clock.ms += 5_000
    cache.set('new', page(100, 1))
    expect(cache.count).toBe(1)
    generation = 2
    cache.sweep()
    expect(cache.count).toBe(0)
    expect(cache.bytes).toBe(0)
  })

  it("keeps pages of a few hosts at most: another host's page is not kept while they hold pages", () => {
    const { cache, clock } = cacheOnClock(1_000_000, 60_000, { maxOrigins: 2 })
    expect(cache.set('a', page(10, 0, null, 'http://a.example'))).toBe(true)
    expect(cache.set('b', page(10, 0, null, 'http://b.example'))).toBe(true)
    expect(cache.set('c', page(10, 0, null, 'http://c.example'))).toBe(false)
    expect(cache.set('a2', page(10, 0, null, 'http://a.example'))).toBe(true)
    expect(cache.keepsPagesOf('http://c.example')).toBe(false)
    clock.ms += 30_000
    expect(cache.set('a', page(10, 0, null, 'http://a.example'))).toBe(true)
    expect(cache.set('a2', page(10, 0, null, 'http://a.example'))).toBe(true)
    clock.ms += 30_001
    cache.sweep()
    // b expired; a and a2 were kept again half-way and live on.
    expect(cache.count).toBe(2)
    expect(cache.keepsPagesOf('http://c.example')).toBe(true)
    expect(cache.set('c', page(10, 0, null, 'http://c.example'))).toBe(true)
    expect(cache.keepsPagesOf('http://d.example')).toBe(false)
  })

  it('does not keep a page bigger than a quarter of the bound', () => {
    const { cache } = cacheOnClock(1_000, 60_000)
    expect(cache.set('big', page(400))).toBe(false)
    expect(cache.count).toBe(0)
  })
})
