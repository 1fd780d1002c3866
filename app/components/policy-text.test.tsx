// A policy's text on the page: headings, paragraphs and bullets, and whatever was typed escaped (ADR 081).
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PolicyText } from './policy-text'

describe('PolicyText', () => {
  it('shows headings, paragraphs and bullets', () => {
    const html = renderToStaticMarkup(<PolicyText text={'## Returns\nWithin 7 days.\n\n- Photos\n- Order number'} />)
    expect(html).toContain('>Returns</h2>')
    expect(html).toContain('>Within 7 days.</p>')
    expect(html).toMatch(/<ul[^>]*><li[^>]*>Photos<\/li><li[^>]*>Order number<\/li><\/ul>/)
  })

  it('escapes markup the owner typed: a script is words, never an element', () => {
    const html = renderToStaticMarkup(<PolicyText text={'## <script>alert(1)</script>\n<img src=x onerror=alert(1)>\n- <b>bold</b>'} />)
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<b>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })
})
