import { describe, expect, it } from 'vitest'
import { weakEtag, weakEtagWithout } from './answers'

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
