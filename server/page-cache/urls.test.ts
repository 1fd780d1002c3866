import { describe, expect, it } from 'vitest'
import { originOf, pageOrigin } from './keys'
import { keptQuery, productOf } from './urls'

describe('the keys pages are kept under', () => {
  it('keeps the browse pages under the query their own links write, and nothing else', () => {
    expect(keptQuery('/shop/home', '')).toBe('')
    expect(keptQuery('/shop/about-us', '')).toBe('')
    expect(keptQuery('/shop/home', 'utm=1')).toBeNull()
    expect(keptQuery('/shop/search', 'keyword=moon')).toBe('keyword=moon')
    expect(keptQuery('/shop/search', 'keyword=moon&utm=1')).toBeNull()
    expect(keptQuery('/shop/product/wave-bowl', 'reviews=2')).toBe('reviews=2')
    expect(keptQuery('/shop/product/wave-bowl', 'reviews=0')).toBeNull()
    expect(keptQuery('/shop/listing', 'category=jewellery&category=jewellery&junk=1')).toBe(keptQuery('/shop/listing', 'category=jewellery'))
    expect(keptQuery('/shop/listing', 'page=21')).toBeNull()
    for (const path of ['/shop/cart', '/shop/account', '/shop/home/', '/shop/product/a.b', '/api/shop/search', '/api/shop/cart/get/u1']) expect(keptQuery(path, ''), path).toBeNull()
  })

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

  it('knows the product a page or answer is about, and no product for a list', () => {
    expect(productOf('/shop/product/wave-bowl')).toBe('wave-bowl')
    expect(productOf('/api/shop/products/get/wave-bowl')).toBe('wave-bowl')
    expect(productOf('/api/shop/review/moon-pendant')).toBe('moon-pendant')
    for (const path of ['/shop/listing', '/api/shop/products/get', '/api/shop/search/wave-bowl']) expect(productOf(path), path).toBeNull()
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
