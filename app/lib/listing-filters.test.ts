import { describe, expect, it } from 'vitest'
import { DEFAULT_SORT, filterChips, type ListingQuery, listingHeading, listingSearch, parseListingQuery } from './listing-filters'

const parse = (search: string) => parseListingQuery(new URLSearchParams(search))

const EMPTY = { category: [], price: [], availability: [] }

describe('parseListingQuery', () => {
  it('defaults to no filters, price-lowtohigh and page 1', () => {
    expect(parse('')).toEqual({ filters: EMPTY, sort: 'price-lowtohigh', page: 1 })
    expect(DEFAULT_SORT).toBe('price-lowtohigh')
  })

  it('reads comma-separated values', () => {
    expect(parse('category=jewellery,home-decor&price=under-500,above-2500&availability=in-stock').filters).toEqual({
      category: ['jewellery', 'home-decor'],
      price: ['under-500', 'above-2500'],
      availability: ['in-stock'],
    })
  })

  it('reads repeated parameters, and a mix of both forms, without duplicates', () => {
    expect(parse('category=jewellery&category=gifting-memories').filters.category).toEqual([
      'jewellery',
      'gifting-memories',
    ])
    expect(parse('category=jewellery,home-decor&category=special-occasion&category=jewellery').filters.category).toEqual([
      'jewellery',
      'home-decor',
      'special-occasion',
    ])
  })

  it('ignores unknown groups and values, blanks and stray spaces', () => {
    expect(parse('category=toys,jewellery,,%20home-decor%20&price=free&availability=soon&colour=red').filters).toEqual({
      category: ['jewellery', 'home-decor'],
      price: [],
      availability: [],
    })
    // Values are case-sensitive ids.
    expect(parse('category=Jewellery').filters.category).toEqual([])
  })

  it('reads every known sort and falls back to the default for anything else', () => {
    for (const sort of ['price-lowtohigh', 'price-hightolow', 'title-atoz', 'title-ztoa'] as const) {
      expect(parse(`sortBy=${sort}`).sort).toBe(sort)
    }
    expect(parse('sortBy=cheapest').sort).toBe('price-lowtohigh')
    expect(parse('sortBy=').sort).toBe('price-lowtohigh')
    expect(parse('sort=title-atoz').sort).toBe('price-lowtohigh')
  })

  it('reads a page number and treats a bad one as page 1', () => {
    expect(parse('page=3').page).toBe(3)
    for (const bad of ['0', '-2', '1.5', 'abc', '', '1e3x', 'Infinity', '100001', '99999999999999999999']) {
      expect(parse(`page=${bad}`).page).toBe(1)
    }
  })
})

describe('listingSearch', () => {
  it('leaves out defaults', () => {
    expect(listingSearch({ filters: EMPTY, sort: 'price-lowtohigh', page: 1 })).toBe('')
  })

  it('writes comma lists, a non-default sort and page', () => {
    const search = listingSearch({
      filters: { category: ['jewellery', 'home-decor'], price: ['500-1000'], availability: ['on-sale'] },
      sort: 'title-ztoa',
      page: 2,
    })
    const params = new URLSearchParams(search)
    expect(search.startsWith('?')).toBe(true)
    expect(params.get('category')).toBe('jewellery,home-decor')
    expect(params.get('price')).toBe('500-1000')
    expect(params.get('availability')).toBe('on-sale')
    expect(params.get('sortBy')).toBe('title-ztoa')
    expect(params.get('page')).toBe('2')
  })

  it('round-trips through parseListingQuery', () => {
    const queries: ListingQuery[] = [
      { filters: EMPTY, sort: 'price-lowtohigh', page: 1 },
      { filters: { ...EMPTY, category: ['special-occasion'] }, sort: 'price-hightolow', page: 1 },
      {
        filters: { category: ['jewellery', 'gifting-memories'], price: ['under-500', '1000-2500'], availability: ['in-stock', 'on-sale'] },
        sort: 'title-atoz',
        page: 7,
      },
    ]
    for (const query of queries) {
      expect(parse(listingSearch(query).replace(/^\?/, ''))).toEqual(query)
    }
  })

  it('normalises a messy URL to its canonical form', () => {
    expect(listingSearch(parse('category=jewellery&category=toys&sortBy=bad&page=zero'))).toBe('?category=jewellery')
  })
})

describe('listingHeading', () => {
  it('is All Products without a category, whatever else is chosen', () => {
    expect(listingHeading(parse('').filters)).toBe('All Products')
    expect(listingHeading(parse('availability=on-sale&price=under-500').filters)).toBe('All Products')
  })

  it("names the chosen categories, in the shop's order", () => {
    expect(listingHeading(parse('category=jewellery').filters)).toBe('Jewellery')
    expect(listingHeading(parse('category=special-occasion,home-decor').filters)).toBe('Home Decor and Special Occasion')
    expect(listingHeading(parse('category=gifting-memories,jewellery,home-decor').filters)).toBe(
      'Jewellery, Home Decor and Gifting & Memories',
    )
  })
})

describe('filterChips', () => {
  it('is one chip a chosen value, each linking to the listing without it, sort kept, page 1', () => {
    const query = parse('category=jewellery,home-decor&availability=on-sale&sortBy=title-atoz&page=3')
    expect(filterChips(query)).toEqual([
      { group: 'category', id: 'jewellery', label: 'Jewellery', without: '?category=home-decor&availability=on-sale&sortBy=title-atoz' },
      { group: 'category', id: 'home-decor', label: 'Home Decor', without: '?category=jewellery&availability=on-sale&sortBy=title-atoz' },
      { group: 'availability', id: 'on-sale', label: 'On sale', without: '?category=jewellery%2Chome-decor&sortBy=title-atoz' },
    ])
  })

  it('is none without filters; the last chip leads to the whole listing', () => {
    expect(filterChips(parse('sortBy=title-atoz'))).toEqual([])
    expect(filterChips(parse('price=under-500'))).toEqual([{ group: 'price', id: 'under-500', label: 'Under ₹500', without: '' }])
  })
})
