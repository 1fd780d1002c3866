import { describe, expect, it } from 'vitest'
import { bannerLinkChoices, checkBannerLink, indiaLocalToIso, isBannerLive, isoToIndiaLocal, offerPiecesLink } from './banners'

describe('checkBannerLink', () => {
  it.each([
    ['/shop/listing?category=jewellery', '/shop/listing?category=jewellery'],
    ['/shop/listing?category=home-decor,jewellery&sort=price-lowtohigh', '/shop/listing?category=home-decor,jewellery&sort=price-lowtohigh'],
    ['/shop/listing', '/shop/listing'],
    ['/shop/search?keyword=rakhi%20thread', '/shop/search?keyword=rakhi%20thread'],
    ['  /shop/product/Ab_9-x#reviews ', '/shop/product/Ab_9-x'],
  ])('takes the shop path %s', (link, path) => {
    expect(checkBannerLink(link)?.path).toBe(path)
  })

  it('names the product a product link leads to', () => {
    expect(checkBannerLink('/shop/product/abc')).toEqual({ path: '/shop/product/abc', productId: 'abc' })
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example/shop/listing',
    'http://localhost/shop/listing',
    '//evil.example/shop/listing',
    '///evil.example',
    '/\\evil.example',
    '/shop/listing\\..\\..\\admin',
    '/shop/\tlisting',
    '/shop/list\ning',
    '/shop/../admin/products',
    '/shop/product/x/../../../admin',
    '/shop/%2e%2e/admin',
    '/shop/product/a/b',
    '/shop/search',
    '/shop/search?keyword=%20',
    '/shop/listing?category=weapons',
    '/admin/products',
    '/api/shop/products/get',
    'shop/listing',
    '',
    `/shop/search?keyword=${'a'.repeat(400)}`,
  ])('refuses %j', (link) => {
    expect(checkBannerLink(link)).toBeNull()
  })
})

describe('India times', () => {
  it('reads a datetime-local field as India time (UTC+5:30) and shows it back', () => {
    expect(indiaLocalToIso('2026-11-01T00:00')).toBe('2026-10-31T18:30:00.000Z')
    expect(isoToIndiaLocal('2026-10-31T18:30:00.000Z')).toBe('2026-11-01T00:00')
    expect(isoToIndiaLocal(null)).toBe('')
  })

  it.each(['2026-11-31T10:00', '2026-11-01', 'tomorrow', '2026-11-01T25:00', '2026-11-01T10:00:00Z'])('refuses %j', (value) => {
    expect(indiaLocalToIso(value)).toBeNull()
  })

  it('is live from the start to before the end', () => {
    const schedule = { startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-11-02T00:00:00.000Z' }
    expect(isBannerLive(schedule, new Date('2026-10-31T23:59:59.999Z'))).toBe(false)
    expect(isBannerLive(schedule, new Date('2026-11-01T00:00:00.000Z'))).toBe(true)
    expect(isBannerLive(schedule, new Date('2026-11-02T00:00:00.000Z'))).toBe(false)
    expect(isBannerLive({ startsAt: null, endsAt: null }, new Date())).toBe(true)
  })
})

describe('offerPiecesLink and bannerLinkChoices', () => {
  it('leads to the pieces an offer covers', () => {
    expect(offerPiecesLink({ name: 'Diwali', scope: 'categories', scopeItems: ['home-decor', 'jewellery'] })).toBe(
      '/shop/listing?category=home-decor,jewellery&availability=on-sale',
    )
    expect(offerPiecesLink({ name: 'One piece', scope: 'products', scopeItems: ['abc'] })).toBe('/shop/product/abc')
    expect(offerPiecesLink({ name: 'Two pieces', scope: 'products', scopeItems: ['abc', 'def'] })).toBe('/shop/listing?availability=on-sale')
    expect(offerPiecesLink({ name: 'Everything', scope: 'shop', scopeItems: [] })).toBe('/shop/listing?availability=on-sale')
  })

  it('offers only links a banner may have, the offers first', () => {
    const choices = bannerLinkChoices([{ name: 'Diwali sale', scope: 'categories', scopeItems: ['home-decor'] }])
    expect(choices[0]).toEqual({ label: 'Diwali sale: its pieces', path: '/shop/listing?category=home-decor&availability=on-sale' })
    expect(choices.map((c) => c.label)).toContain('Everything on sale')
    for (const choice of choices) expect(checkBannerLink(choice.path)?.path).toBe(choice.path)
  })
})
