import { describe, expect, it } from 'vitest'
import { apiListingInput, apiListingQuerySchema, toListingQuery } from './api-listing'

const parse = (query: string) => apiListingQuerySchema.safeParse(apiListingInput(new URLSearchParams(query)))

describe('apiListingQuerySchema', () => {
  it('reads comma lists, repeated parameters and sortBy; blanks select nothing', () => {
    const parsed = parse('category=jewellery,home-decor&category=jewellery&price=under-500&category=&sortBy=title-ztoa&page=2')
    expect(parsed.success).toBe(true)
    expect(toListingQuery(parsed.data as never)).toEqual({
      filters: { category: ['jewellery', 'home-decor'], price: ['under-500'], availability: [] },
      sort: 'title-ztoa',
    })
    expect(parse('sortBy=').data?.sortBy).toBe('price-lowtohigh')
  })

  it('refuses unknown values, filter names and sort orders, naming the field', () => {
    for (const [query, field] of [
      ['category=men', 'category'],
      ['category=jewellery,men', 'category'],
      ['price=cheap', 'price'],
      ['availability=soon', 'availability'],
      ['sortBy=newest', 'sortBy'],
      ['brand=acme', 'brand'],
    ] as const) {
      const parsed = parse(query)
      expect(parsed.success, query).toBe(false)
      expect(parsed.error?.issues.map((i) => i.path.join('.')), query).toEqual([field])
    }
    expect(parse('category=men').error?.issues[0]?.message).toBe(
      "Unknown category 'men'. One of: jewellery, home-decor, gifting-memories, special-occasion.",
    )
  })

  it('refuses prototype names as plain unknown filters, without touching any object (fuzz finding)', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const parsed = parse(`${name}=null&salePrice=x`)
      expect(parsed.success, name).toBe(false)
      expect(parsed.error?.issues.map((i) => i.path.join('.')).sort(), name).toEqual([name, 'salePrice'].sort())
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('reads a parameter whose values are all blank as no filter, whatever its name', () => {
    // The query a client of the contract's kind sends once its filters are cleared.
    const parsed = parse('category=&brand=&price=&availability=&sortBy=price-lowtohigh')
    expect(parsed.success).toBe(true)
    expect(toListingQuery(parsed.data as never)).toEqual({ filters: { category: [], price: [], availability: [] }, sort: 'price-lowtohigh' })
    expect(parse('brand=%20&brand=').success).toBe(true)
    // A value makes it a filter again: unknown, so refused.
    expect(parse('brand=&brand=acme').error?.issues.map((i) => i.path.join('.'))).toEqual(['brand'])
  })
})
