import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { buildAnswer, buildPage, type CachedPage, chooseEncoding, inlineScriptHashes, keptQuery, notModified, originOf, PageCache, pageOrigin, weakEtag } from './page-cache'

const sha = (text: string) => createHash('sha256').update(text).digest('base64')

function page(bytes: number, generation = 0, ttlMs = 60_000, product: string | null = null, origin = 'http://shop.example'): CachedPage {
  const identity = Buffer.alloc(bytes, 'a')
  return { etag: weakEtag(identity), csp: '', contentType: 'text/html', identity, br: Buffer.alloc(0), gzip: Buffer.alloc(0), generation, product, origin, expiresAt: Date.now() + ttlMs }
}

const answerMeta = { csp: "default-src 'none'", contentType: 'application/json', generation: 0, product: null, origin: 'http://shop.example', ttlMs: 60_000 }

/** The memory kept pages really hold: the whole backing store of each of their buffers, once. */
function heldBytes(pages: CachedPage[]): number {
  const stores = new Set<ArrayBufferLike>()
  for (const p of pages) for (const bytes of [p.identity, p.br, p.gzip]) stores.add(bytes.buffer)
  return [...stores].reduce((sum, store) => sum + store.byteLength, 0)
}

const never = () => false

describe('PageCache', () => {
  it('stays within its bytes under endless unique keys, dropping the least recently used', () => {
    const cache = new PageCache(100_000, 60_000, never)
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
    const cache = new PageCache(1_000_000, 60_000, changed)
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
    const cache = new PageCache(1_000_000, 60_000, changed)
    expect(cache.set('a', page(10, 1))).toBe(true)
    expect(cache.set('p1', page(10, 1, 60_000, 'p1'))).toBe(true)
    expect(cache.set('p2', page(10, 1, 60_000, 'p2'))).toBe(true)
    generation = 2
    product = 'p1'
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('p1')).toBeUndefined()
    expect(cache.get('p2')).toBeDefined()
    product = null
    expect(cache.get('p2')).toBeUndefined()
    expect(cache.bytes).toBe(0)
    expect(cache.set('b', page(10, 1))).toBe(false)
    cache.set('c', page(10, 2, -1))
    expect(cache.get('c')).toBeUndefined()
  })

  it('counts each kept answer at no less than the memory it holds: small answers cannot outgrow the bound', () => {
    const cache = new PageCache(1_000_000, 60_000, never)
    for (let i = 0; i < 2_000; i++) cache.set(`/api/common/feature/get?page=${i}`, buildAnswer(Buffer.from(JSON.stringify({ success: true, data: [], page: i })), answerMeta))
    const kept = Array.from({ length: 2_000 }, (_, i) => cache.get(`/api/common/feature/get?page=${i}`)).filter((p): p is CachedPage => p !== undefined)
    expect(kept.length).toBe(cache.count)
    expect(heldBytes(kept)).toBeLessThanOrEqual(cache.bytes)
    expect(cache.bytes).toBeLessThanOrEqual(1_000_000)
  })

  it('keeps at most its number of entries, however small they are', () => {
    const cache = new PageCache(100_000_000, 60_000, never, { maxEntries: 100 })
    for (let i = 0; i < 1_000; i++) cache.set(`k${i}`, page(10))
    expect(cache.count).toBe(100)
    expect(cache.get('k999')).toBeDefined()
    expect(cache.get('k0')).toBeUndefined()
  })

  it('lets go of expired pages and pages a write changed without being asked for them', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] })
    try {
      let generation = 1
      const cache = new PageCache(1_000_000, 1_000, (since) => generation > since)
      for (let i = 0; i < 100; i++) cache.set(`old${i}`, page(100, 1, 1_000))
      vi.setSystemTime(1_005_000)
      cache.set('new', page(100, 1, 1_000))
      expect(cache.count).toBe(1)
      generation = 2
      cache.sweep()
      expect(cache.count).toBe(0)
      expect(cache.bytes).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it("keeps pages of a few hosts at most: another host's page is not kept while they hold pages", () => {
    const cache = new PageCache(1_000_000, 60_000, never, { maxOrigins: 2 })
    expect(cache.set('a', page(10, 0, 60_000, null, 'http://a.example'))).toBe(true)
    expect(cache.set('b', page(10, 0, 60_000, null, 'http://b.example'))).toBe(true)
    expect(cache.set('c', page(10, 0, 60_000, null, 'http://c.example'))).toBe(false)
    expect(cache.set('a2', page(10, 0, 60_000, null, 'http://a.example'))).toBe(true)
    expect(cache.keepsPagesOf('http://c.example')).toBe(false)
    cache.set('b', page(10, 0, -1, null, 'http://b.example'))
    cache.sweep()
    expect(cache.keepsPagesOf('http://c.example')).toBe(true)
    expect(cache.set('c', page(10, 0, 60_000, null, 'http://c.example'))).toBe(true)
  })

  it('does not keep a page bigger than a quarter of the bound', () => {
    const cache = new PageCache(1_000, 60_000, never)
    expect(cache.set('big', page(400))).toBe(false)
    expect(cache.count).toBe(0)
  })
})

describe('buildPage', () => {
  const nonce = 'abc123=='
  const html = `<html><head><script>document.documentElement.classList.add('js')</script><script type="application/ld+json">{"a":1}</script><link rel="modulepreload" href="/assets/x.js"/></head><body><script nonce="${nonce}">window.x = 1</script><script type="module" nonce="${nonce}" async="">import("/assets/e.js")</script><script src="/assets/y.js" nonce="${nonce}"></script></body></html>`
  const csp = `default-src 'self';script-src 'self' 'nonce-${nonce}' 'sha256-${sha("document.documentElement.classList.add('js')")}' https://checkout.razorpay.com;object-src 'none'`

  it('swaps the nonce for the hash of each inline script that runs, and keeps three equal encodings', () => {
    const built = buildPage(Buffer.from(html), { nonce, csp, contentType: 'text/html', generation: 3, product: null, origin: 'http://shop.example', ttlMs: 1000 })
    expect(built).not.toBeNull()
    const p = built as CachedPage
    expect(p.identity.toString()).not.toContain('nonce')
    expect(p.csp).not.toContain('nonce')
    expect(p.csp).toContain(`'sha256-${sha('window.x = 1')}'`)
    expect(p.csp).toContain(`'sha256-${sha('import("/assets/e.js")')}'`)
    expect(p.csp).not.toContain(sha('{"a":1}'))
    expect(p.csp.match(/sha256-/g)?.length).toBe(3)
    expect(p.csp).toContain("object-src 'none'")
    expect(brotliDecompressSync(p.br).equals(p.identity)).toBe(true)
    expect(gunzipSync(p.gzip).equals(p.identity)).toBe(true)
    expect(p.generation).toBe(3)
  })

  it('refuses a page without the nonce in its policy, or with the nonce elsewhere in the page', () => {
    expect(buildPage(Buffer.from(html), { nonce, csp: "script-src 'self'", contentType: 'text/html', generation: 0, product: null, origin: 'http://shop.example', ttlMs: 1 })).toBeNull()
    expect(buildPage(Buffer.from(`${html}<p>${nonce}</p>`), { nonce, csp, contentType: 'text/html', generation: 0, product: null, origin: 'http://shop.example', ttlMs: 1 })).toBeNull()
  })

  it('hashes data blocks never and scripts by their exact text', () => {
    const n = `nonce="${nonce}"`
    expect(inlineScriptHashes(`<script type="application/json" ${n}>{}</script><script ${n}>a()</script><script type="text/javascript" ${n}>b()</script>`, nonce)).toEqual([sha('a()'), sha('b()')])
  })

  it("hashes only the scripts that carried this response's nonce: a script injected into the page stays blocked", () => {
    const injected = `<p>Nice bowl</p><script>steal(document.cookie)</script><script nonce="guessed">steal(1)</script><script type="module">steal(2)</script>`
    const built = buildPage(Buffer.from(html.replace('<body>', `<body>${injected}`)), { nonce, csp, contentType: 'text/html', generation: 0, product: null, origin: 'http://shop.example', ttlMs: 1000 })
    const policy = (built as CachedPage).csp
    for (const text of ['steal(document.cookie)', 'steal(1)', 'steal(2)']) expect(policy).not.toContain(sha(text))
    expect(policy).toContain(`'sha256-${sha('window.x = 1')}'`)
    expect(policy.match(/sha256-/g)?.length).toBe(3)
  })
})

describe('the keys pages are kept under', () => {
  it('one query per answer for the catalogue /api calls: page=01 is page=1, blank parameters are absent, unknown values are never kept', () => {
    const features = '/api/common/feature/get'
    for (const same of ['page=01', 'page=001', 'page=1', 'page=1&utm_source=', 'page=1&page_=']) expect(keptQuery(features, same), same).toBe('page=1')
    expect(keptQuery(features, 'page=')).toBe('')
    expect(keptQuery(features, '')).toBe('')
    for (const odd of ['page=abc', 'page=0', 'page=1.5', 'page=21', 'page=99999', 'page=1&page=2', 'page=1&utm=x']) expect(keptQuery(features, odd), odd).toBeNull()
    expect(keptQuery('/api/shop/review/wave-bowl', 'page=002')).toBe('page=2')
    expect(keptQuery('/api/shop/search/moon', 'page=3&x=')).toBe('page=3')

    const products = '/api/shop/products/get'
    const key = (search: string) => keptQuery(products, search)
    expect(key('category=&sortBy=price-hightolow')).toBe(key('sortBy=price-hightolow'))
    expect(key('category=&brand=&sortBy=price-hightolow')).toBe(key('sortBy=price-hightolow'))
    expect(key('category=jewellery,home-decor&page=02')).toBe(key('category=home-decor&category=jewellery&page=2'))
    expect(key('sortBy=price-lowtohigh')).toBe(key(''))
    expect(key('category=jewellery')).not.toBe(key(''))
    expect(key('page=1')).not.toBe(key(''))
    for (const odd of ['category=bogus', 'sortBy=bogus', 'brand=x', 'page=0', 'page=21', 'sortBy=price-hightolow&sortBy=price-lowtohigh']) expect(key(odd), odd).toBeNull()
  })

  it('takes an origin only from a plain host and port, one spelling for each', () => {
    expect(originOf('http', 'Shop.Example:80')).toBe('http://shop.example')
    expect(originOf('https', 'shop.example:8443')).toBe('https://shop.example:8443')
    expect(originOf('http', '127.0.0.1:3000')).toBe('http://127.0.0.1:3000')
    expect(originOf('http', '[::1]:3000')).toBe('http://[::1]:3000')
    for (const bad of ['evil.example/x', 'a@evil.example', 'a b', '', undefined, `${'x'.repeat(300)}.example`, 'shop.example:99999', 'shop.example:']) expect(originOf('http', bad), String(bad)).toBeNull()
    expect(originOf('javascript', 'shop.example')).toBeNull()
  })

  it("builds and keeps a page for PUBLIC_URL's origin whatever the Host, else for the host the request names", () => {
    // Express's req.host is X-Forwarded-Host from a trusted proxy, else Host.
    const req = (protocol: string, host: string) => ({ protocol, host }) as never
    expect(pageOrigin(req('http', 'evil.example'), 'https://shop.example')).toBe('https://shop.example')
    expect(pageOrigin(req('http', 'a b'), 'https://shop.example/store')).toBe('https://shop.example')
    expect(pageOrigin(req('https', 'Shop.Example:443'), null)).toBe('https://shop.example')
    expect(pageOrigin(req('http', 'evil.example/x'), null)).toBeNull()
  })
})

describe('negotiation', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('br, gzip, deflate')).toBe('br')
    expect(chooseEncoding('gzip, deflate')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('gzip;q=0.5, br;q=0.1')).toBe('gzip')
    expect(chooseEncoding('identity')).toBe('identity')
    expect(chooseEncoding(undefined)).toBe('identity')
    expect(chooseEncoding('*')).toBe('br')
  })

  it('matches If-None-Match weakly, in lists and with *', () => {
    const req = (value?: string) => ({ headers: value === undefined ? {} : { 'if-none-match': value } }) as never
    expect(notModified(req('W/"x"'), 'W/"x"')).toBe(true)
    expect(notModified(req('"x"'), 'W/"x"')).toBe(true)
    expect(notModified(req('W/"y", W/"x"'), 'W/"x"')).toBe(true)
    expect(notModified(req('*'), 'W/"x"')).toBe(true)
    expect(notModified(req('W/"y"'), 'W/"x"')).toBe(false)
    expect(notModified(req(), 'W/"x"')).toBe(false)
  })
})
