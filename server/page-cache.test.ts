import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildPage, type CachedPage, chooseEncoding, inlineScriptHashes, notModified, PageCache, weakEtag } from './page-cache'

const sha = (text: string) => createHash('sha256').update(text).digest('base64')

function page(bytes: number, generation = 0, ttlMs = 60_000, product: string | null = null): CachedPage {
  const identity = Buffer.alloc(bytes, 'a')
  return { etag: weakEtag(identity), csp: '', contentType: 'text/html', identity, br: Buffer.alloc(0), gzip: Buffer.alloc(0), bytes, generation, product, expiresAt: Date.now() + ttlMs }
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
    const built = buildPage(Buffer.from(html), { nonce, csp, contentType: 'text/html', generation: 3, product: null, ttlMs: 1000 })
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
    expect(buildPage(Buffer.from(html), { nonce, csp: "script-src 'self'", contentType: 'text/html', generation: 0, product: null, ttlMs: 1 })).toBeNull()
    expect(buildPage(Buffer.from(`${html}<p>${nonce}</p>`), { nonce, csp, contentType: 'text/html', generation: 0, product: null, ttlMs: 1 })).toBeNull()
  })

  it('hashes data blocks never and scripts by their exact text', () => {
    expect(inlineScriptHashes('<script type="application/json">{}</script><script>a()</script><script type="text/javascript">b()</script>')).toEqual([sha('a()'), sha('b()')])
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
