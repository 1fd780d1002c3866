import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildAnswer, weakEtag, weakEtagWithout } from './answers'

describe("a page's validator without its nonce", () => {
  it('is the validator of the page with every occurrence of the nonce taken out, wherever they stand', () => {
    const nonce = 'Zm9vYmFy+/=='
    for (const page of [
      `<html><script nonce="${nonce}">a()</script><p>₹1,299.00</p><script nonce="${nonce}">b()</script></html>`,
      `${nonce}<p>at the start and the end</p>${nonce}`,
      `${nonce}${nonce}`,
      '<p>no nonce at all</p>',
    ]) {
      expect(weakEtagWithout(Buffer.from(page), nonce)).toBe(weakEtag(page.replaceAll(nonce, '')))
    }
  })

  it('differs when the page does, and not when only the nonce does', () => {
    const page = (nonce: string, text: string) => Buffer.from(`<script nonce="${nonce}">x()</script><p>${text}</p>`)
    expect(weakEtagWithout(page('one', 'Tide bowl'), 'one')).toBe(weakEtagWithout(page('two', 'Tide bowl'), 'two'))
    expect(weakEtagWithout(page('one', 'Tide bowl'), 'one')).not.toBe(weakEtagWithout(page('one', 'Leaf coaster'), 'one'))
    expect(weakEtagWithout(Buffer.from('abc'), '')).toBe(weakEtag('abc'))
  })
})

describe('a kept answer', () => {
  const meta = { csp: '', contentType: 'application/json', generation: 3, product: null, origin: 'http://shop.test' }
  const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ title: `Tide bowl ${i}` })) }))

  it('holds its body in both encodings, each in memory of its own', async () => {
    const answer = await buildAnswer(body, meta)
    expect(answer.etag).toBe(weakEtag(body))
    expect(brotliDecompressSync(answer.br).equals(body)).toBe(true)
    expect(gunzipSync(answer.gzip).equals(body)).toBe(true)
    for (const copy of [answer.identity, answer.br, answer.gzip]) expect(copy.buffer.byteLength).toBe(copy.length)
  })

  it('keeps the copy its miss was answered with as it is and makes only the other (ADR 110)', async () => {
    const made = Buffer.from('the bytes the miss sent')
    const answer = await buildAnswer(body, meta, 'W/"given"', { br: made })
    expect(answer.br.equals(made)).toBe(true)
    expect(gunzipSync(answer.gzip).equals(body)).toBe(true)
    expect(answer.etag).toBe('W/"given"')
  })
})
