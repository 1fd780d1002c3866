import { describe, expect, it } from 'vitest'
import { routePaths } from '../tests/helpers/route-paths'
import { PRODUCT_ID, pathPattern, ROUTE_PATHS } from './route-paths'

describe('route paths', () => {
  it('names only paths app/routes.ts defines: a renamed route fails here until renamed in server/', () => {
    const defined = new Set(routePaths().map((route) => route.path.replace(/\/$/, '') || '/'))
    const missing = Object.entries(ROUTE_PATHS).filter(([, path]) => !defined.has(path))
    expect(missing).toEqual([])
  })

  it('matches a path with its parameters, the data request and the trailing slash only when asked', () => {
    const edit = pathPattern(ROUTE_PATHS.adminProductEdit, { data: true, trailingSlash: true })
    for (const path of ['/admin/products/p1/edit', '/admin/products/p1/edit.data', '/admin/products/p1/edit/']) expect(edit.test(path), path).toBe(true)
    for (const path of ['/admin/products/p1/edit.json', '/admin/products/a/b/edit', '/admin/products//edit', '/admin/products/p1/editx']) expect(edit.test(path), path).toBe(false)
    const product = pathPattern(ROUTE_PATHS.product, { params: { id: PRODUCT_ID } })
    expect(product.exec('/shop/product/wave-bowl')?.groups).toEqual({ id: 'wave-bowl' })
    for (const path of ['/shop/product/wave-bowl/', '/shop/product/wave.bowl', `/shop/product/${'x'.repeat(65)}`, '/shop/productx/a']) expect(product.test(path), path).toBe(false)
    const search = pathPattern(ROUTE_PATHS.apiSearch)
    expect(search.exec('/api/shop/search/moon')?.groups).toEqual({ keyword: 'moon' })
    expect(search.test('/api/shop/search')).toBe(false)
  })
})
