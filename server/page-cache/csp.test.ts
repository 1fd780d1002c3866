import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildPage, inlineScriptHashes } from './csp'
import type { CachedPage } from './store'

const sha = (text: string) => createHash('sha256').update(text).digest('base64')
const meta = { contentType: 'text/html', generation: 0, product: null, origin: 'http://shop.example' }

describe('buildPage', () => {
  const nonce = 'abc123=='
  const html = `<html><head><script>document.documentElement.classList.add('js')</script><script type="application/ld+json">{"a":1}</script><link rel="modulepreload" href="/assets/x.js"/></head><body><script nonce="${nonce}">window.x = 1</script><script type="module" nonce="${nonce}" async="">import("/assets/e.js")</script><script src="/assets/y.js" nonce="${nonce}"></script></body></html>`
  const csp = `default-src 'self';script-src 'self' 'nonce-${nonce}' 'sha256-${sha("document.documentElement.classList.add('js')")}' https://checkout.razorpay.com;object-src 'none'`

  it('swaps the nonce for the hash of each inline script that runs, and keeps three equal encodings', async () => {
    const built = await buildPage(Buffer.from(html), { ...meta, nonce, csp, generation: 3 })
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

  it('refuses a page without the nonce in its policy, or with the nonce elsewhere in the page', async () => {
    expect(await buildPage(Buffer.from(html), { ...meta, nonce, csp: "script-src 'self'" })).toBeNull()
    expect(await buildPage(Buffer.from(`${html}<p>${nonce}</p>`), { ...meta, nonce, csp })).toBeNull()
  })

  it('hashes data blocks never and scripts by their exact text', () => {
    const n = `nonce="${nonce}"`
    expect(inlineScriptHashes(`<script type="application/json" ${n}>{}</script><script ${n}>a()</script><script type="text/javascript" ${n}>b()</script>`, nonce)).toEqual([sha('a()'), sha('b()')])
  })

  it("hashes only the scripts that carried this response's nonce: a script injected into the page stays blocked", async () => {
    const injected = `<p>Nice bowl</p><script>steal(document.cookie)</script><script nonce="guessed">steal(1)</script><script type="module">steal(2)</script>`
    const built = await buildPage(Buffer.from(html.replace('<body>', `<body>${injected}`)), { ...meta, nonce, csp })
    const policy = (built as CachedPage).csp
    for (const text of ['steal(document.cookie)', 'steal(1)', 'steal(2)']) expect(policy).not.toContain(sha(text))
    expect(policy).toContain(`'sha256-${sha('window.x = 1')}'`)
    expect(policy.match(/sha256-/g)?.length).toBe(3)
  })
})
