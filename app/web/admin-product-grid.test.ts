// The product grid's place in a url: what the sheet's Close, Cancel and save go back to, and never
// a way off the site whatever the query holds.
import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from '~/lib/user'
import { gridPath, gridPlace, gridSearch } from './admin-product-grid'

const query = (search: string) => new URL(`https://shop.example/admin/products/p1/edit${search}`).searchParams

describe('gridPath', () => {
  it("goes back to the grid's search and page", () => {
    expect(gridPath(query(''))).toBe('/admin/products')
    expect(gridPath(query('?q=earrings'))).toBe('/admin/products?q=earrings')
    expect(gridPath(query('?q=home+decor&page=2'))).toBe('/admin/products?q=home+decor&page=2')
    expect(gridPath(query('?page=3'))).toBe('/admin/products?page=3')
  })

  it('keeps only the search and a valid page: other parameters and bad pages are dropped', () => {
    expect(gridPath(query('?q=%20ring%20&page=1&delete=p2&redirectTo=https://evil.example'))).toBe('/admin/products?q=ring')
    for (const page of ['0', '-1', 'two', '1.5', '9999999']) expect(gridPath(query(`?page=${page}`)), page).toBe('/admin/products')
    expect(gridPlace(query(`?q=${'x'.repeat(500)}`)).q.length).toBeLessThan(500)
  })

  it('is always a path on this site, whatever the search holds', () => {
    for (const q of ['//evil.example', '/\\evil.example', 'https://evil.example', '\r\nLocation: https://evil.example', '../../auth/login', '?a=b#c', '%2F%2Fevil']) {
      const path = gridPath(new URLSearchParams({ q }))
      expect(path.startsWith('/admin/products?q='), path).toBe(true)
      expect(safeRedirectPath(path), path).toBe(path)
      expect(new URL(path, 'https://shop.example').pathname).toBe('/admin/products')
      expect(new URL(path, 'https://shop.example').searchParams.get('q')).toBe(q.trim())
    }
  })
})

describe('gridSearch', () => {
  it('adds extra parameters first, then the search and page', () => {
    expect(gridSearch({ q: 'ring', page: 2 }, { delete: 'p1' })).toBe('?delete=p1&q=ring&page=2')
    expect(gridSearch({ q: '', page: 1 })).toBe('')
  })
})
