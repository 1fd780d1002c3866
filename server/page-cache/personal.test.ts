import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { DELIVERY_HOLE, fillHole, fillHoles, findHole, HEADER_HOLE, HOLE_START, sendPersonalPage } from './personal'
import type { CachedPage } from './store'
import { recordedResponse } from '../../tests/helpers/recorded-response'

const header = (text: string) => `${HOLE_START} class="h"><nav>${text}</nav></header>`
const page = (inner: string) => Buffer.from(`<html><body>${inner}<main><header class="grid">About</header></main></body></html>`)

describe('the header hole of a kept page', () => {
  it("is the shop header's element, up to its own end tag: a later <header> in the page is not part of it", () => {
    const html = page(header('Login'))
    const hole = findHole(html)
    expect(html.subarray(hole?.start, hole?.end).toString()).toBe(header('Login'))
    expect(fillHole(html, header('Logged in as Asha'))?.toString()).toBe(page(header('Logged in as Asha')).toString())
  })

  it('keeps a name in any script whole: the piece goes in as its UTF-8 bytes', () => {
    const html = page(header('Login'))
    expect(fillHole(html, header('आशा ₹ 🎁'))?.toString()).toBe(page(header('आशा ₹ 🎁')).toString())
  })

  it('is refused when the page has none, two, or the header given is not one', () => {
    expect(fillHole(page('<header class="h">x</header>'), header('x'))).toBeNull()
    expect(fillHole(page(header('a') + header('b')), header('x'))).toBeNull()
    expect(fillHole(page(header('a')), '<div>x</div>')).toBeNull()
  })
})

describe('the holes of a kept product page', () => {
  const section = (text: string) => `${DELIVERY_HOLE.start} class="d"><p>${text}</p></section>`
  const product = (head: string, delivery: string) => Buffer.from(`<html><body>${head}<main>${delivery}<section>Reviews</section></main></body></html>`)

  it('fills the header and the delivery section, given in either order, each up to its own end tag', () => {
    const html = product(header('Login'), section(''))
    const filled = product(header('Logged in as Asha'), section('Delivery to 560038'))
    const pieces = [
      { hole: DELIVERY_HOLE, bytes: Buffer.from(section('Delivery to 560038')) },
      { hole: HEADER_HOLE, bytes: Buffer.from(header('Logged in as Asha')) },
    ]
    expect(fillHoles(html, pieces)?.toString()).toBe(filled.toString())
    expect(fillHoles(html, pieces.reverse())?.toString()).toBe(filled.toString())
    expect(fillHoles(html, [{ hole: DELIVERY_HOLE, bytes: Buffer.from(section('x')) }])?.toString()).toBe(product(header('Login'), section('x')).toString())
  })

  it('is refused when the delivery hole is missing or the piece is not its element', () => {
    expect(fillHoles(page(header('a')), [{ hole: DELIVERY_HOLE, bytes: Buffer.from(section('x')) }])).toBeNull()
    expect(fillHoles(product(header('a'), section('')), [{ hole: DELIVERY_HOLE, bytes: Buffer.from(header('x')) }])).toBeNull()
  })
})

describe("a shopper's answer", () => {
  it('goes out in the same turn of the event loop as her request, compressed as she asked (ADR 109)', async () => {
    const html = Buffer.from(`<html><body>${header('Login')}<main>${'<p>Ocean resin coaster</p>'.repeat(3000)}</main></body></html>`)
    const page: CachedPage = { etag: 'W/"kept"', csp: '', contentType: 'text/html; charset=utf-8', identity: html, br: html, gzip: html, generation: 0, product: null, origin: 'http://shop.test' }
    const { res, sent } = recordedResponse()
    let turned = false
    setImmediate(() => {
      turned = true
    })
    const user = { id: 'u1', userName: 'Asha Rao', email: 'asha@example.com', role: 'user' as const }
    const shopper = { url: '/shop/home', theme: 'light' as const, personal: { user, cartCount: 2 }, delivery: null }
    const req = { method: 'GET', headers: { 'accept-encoding': 'br, gzip' } }
    expect(await sendPersonalPage(req as never, res, page, shopper, 'HIT')).toBe(true)
    // On libuv's pool the answer waited for the loop's next turn (a setImmediate ran first).
    expect(turned).toBe(false)
    expect(sent.headers['content-encoding']).toBe('br')
    const body = brotliDecompressSync(sent.body ?? Buffer.alloc(0)).toString()
    expect(body).toContain('Asha Rao')
    expect(body).toContain('Ocean resin coaster')
    expect(sent.headers['content-length']).toBe(sent.body?.length)
  })
})
