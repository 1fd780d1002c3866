// The catalogue service on a fresh database with a small hand-made fixture (not the demo seed).
import { describe, expect, it } from 'vitest'
import { insertProducts, type ProductFixture } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { getProduct, listProducts, searchProducts } from './catalog.server'
import { NotFound } from '~/domain/errors'

/** Prices in paise. Effective prices: p6 20000, p7 25000, p5 40000, p2 45000, p4 60000, p1 120000, p8 130000, p3 300000. */
const PRODUCTS: ProductFixture[] = [
  { id: 'p1', title: 'Resin Pendant', category: 'jewellery', price: 120_000, stock: 5, description: 'Pressed gold leaf in clear resin.' },
  { id: 'p2', title: 'agate Coaster', category: 'home-decor', price: 80_000, sale: 45_000, stock: 0, description: 'A slice of agate.' },
  { id: 'p3', title: 'Birthday Frame', category: 'gifting-memories', price: 300_000, stock: 3, description: 'Keeps a photo.' },
  { id: 'p4', title: 'Wedding Tray', category: 'special-occasion', price: 60_000, stock: 10, description: 'For the ceremony, with a pendant stand.' },
  { id: 'p5', title: 'Zebra Earrings', category: 'jewellery', price: 40_000, stock: 2, description: 'Black and white.' },
  { id: 'p6', title: '100% Handmade Bookmark', category: 'gifting-memories', price: 20_000, stock: 7, description: 'Pressed flowers.' },
  { id: 'p7', title: 'Bookmark_Set', category: 'gifting-memories', price: 25_000, stock: 7, description: 'Three bookmarks.' },
  { id: 'p8', title: 'Back\\slash Clock', category: 'home-decor', price: 150_000, sale: 130_000, stock: 1, description: 'A clock.' },
  { id: 'p9', title: 'Gold Deleted Ring', category: 'jewellery', price: 10_000, stock: 5, description: 'Gone.', deleted: true },
]

const BY_EFFECTIVE_PRICE = ['p6', 'p7', 'p5', 'p2', 'p4', 'p1', 'p8', 'p3']
const BY_TITLE_NOCASE = ['p6', 'p2', 'p8', 'p3', 'p7', 'p1', 'p4', 'p5']

const ids = (items: { id: string }[]) => items.map((i) => i.id)

let db: DB

withTestDb(
  async (fresh) => {
    db = fresh
    await insertProducts(
      db,
      PRODUCTS.map((p) => (p.id === 'p1' ? { ...p, images: ['/img/p1-a.webp', '/img/p1-b.webp'] } : p)),
    )
  },
  { perFile: true },
)

describe('listProducts filters', () => {
  it('lists every live product by default, cheapest effective price first', async () => {
    const page = await listProducts(db)
    expect(ids(page.items)).toEqual(BY_EFFECTIVE_PRICE)
    expect(page).toMatchObject({ total: 8, page: 1, pageCount: 1, pageSize: 24 })
  })

  it('filters by one category', async () => {
    const page = await listProducts(db, { filters: { category: ['jewellery'], price: [], availability: [] } })
    expect(ids(page.items)).toEqual(['p5', 'p1'])
    expect(page.total).toBe(2)
  })

  it('filters by several categories', async () => {
    const page = await listProducts(db, {
      filters: { category: ['jewellery', 'home-decor'], price: [], availability: [] },
    })
    expect(ids(page.items)).toEqual(['p5', 'p2', 'p1', 'p8'])
  })

  it('filters price bands on the effective price (the sale price when above 0)', async () => {
    const under500 = await listProducts(db, { filters: { category: [], price: ['under-500'], availability: [] } })
    // p2 costs 800 but sells at 450.
    expect(ids(under500.items)).toEqual(['p6', 'p7', 'p5', 'p2'])
    const mid = await listProducts(db, { filters: { category: [], price: ['500-1000'], availability: [] } })
    expect(ids(mid.items)).toEqual(['p4'])
    const upper = await listProducts(db, { filters: { category: [], price: ['1000-2500'], availability: [] } })
    // p8 costs 1500 but sells at 1300.
    expect(ids(upper.items)).toEqual(['p1', 'p8'])
    const two = await listProducts(db, {
      filters: { category: [], price: ['under-500', 'above-2500'], availability: [] },
    })
    expect(ids(two.items)).toEqual(['p6', 'p7', 'p5', 'p2', 'p3'])
  })

  it('filters in-stock and on-sale availability', async () => {
    const inStock = await listProducts(db, { filters: { category: [], price: [], availability: ['in-stock'] } })
    expect(ids(inStock.items)).toEqual(BY_EFFECTIVE_PRICE.filter((id) => id !== 'p2'))
    const onSale = await listProducts(db, { filters: { category: [], price: [], availability: ['on-sale'] } })
    expect(ids(onSale.items)).toEqual(['p2', 'p8'])
    const both = await listProducts(db, {
      filters: { category: [], price: [], availability: ['in-stock', 'on-sale'] },
    })
    expect(ids(both.items)).toEqual(['p8'])
  })

  it('combines groups with AND', async () => {
    const page = await listProducts(db, {
      filters: { category: ['jewellery', 'home-decor'], price: ['1000-2500'], availability: ['in-stock'] },
    })
    expect(ids(page.items)).toEqual(['p1', 'p8'])
  })

  it('cards carry prices in paise, stock and the first image by position', async () => {
    const page = await listProducts(db, { filters: { category: ['jewellery', 'home-decor'], price: [], availability: [] } })
    expect(page.items.find((c) => c.id === 'p1')).toEqual({
      id: 'p1',
      title: 'Resin Pendant',
      category: 'jewellery',
      pricePaise: 120_000,
      salePricePaise: 0,
      totalStock: 5,
      image: '/img/p1-a.webp',
      needsChoice: false,
    })
    expect(page.items.find((c) => c.id === 'p2')).toMatchObject({ salePricePaise: 45_000, totalStock: 0, image: null })
  })
})

describe('price band edges', () => {
  let edges: DB
  withTestDb(
    async (fresh) => {
      edges = fresh
      await insertProducts(edges, [
        { id: 'e1', title: 'Just under', category: 'jewellery', price: 49_999, stock: 1 },
        { id: 'e2', title: 'Exactly 500', category: 'jewellery', price: 50_000, stock: 1 },
        { id: 'e3', title: 'Sale to 500', category: 'jewellery', price: 90_000, sale: 50_000, stock: 1 },
        { id: 'e4', title: 'Exactly 2500', category: 'jewellery', price: 250_000, stock: 1 },
      ])
    },
    { perFile: true },
  )

  it('includes a band minimum and excludes its maximum', async () => {
    const list = async (band: 'under-500' | '500-1000' | '1000-2500' | 'above-2500') =>
      ids((await listProducts(edges, { filters: { category: [], price: [band], availability: [] } })).items)
    expect(await list('under-500')).toEqual(['e1'])
    expect(await list('500-1000')).toEqual(['e2', 'e3'])
    expect(await list('1000-2500')).toEqual([])
    expect(await list('above-2500')).toEqual(['e4'])
  })
})

describe('listProducts sorting', () => {
  it('price-lowtohigh sorts by effective price', async () => {
    expect(ids((await listProducts(db, { sort: 'price-lowtohigh' })).items)).toEqual(BY_EFFECTIVE_PRICE)
  })

  it('price-hightolow sorts by effective price, descending', async () => {
    expect(ids((await listProducts(db, { sort: 'price-hightolow' })).items)).toEqual([...BY_EFFECTIVE_PRICE].reverse())
  })

  it('title-atoz ignores case', async () => {
    expect(ids((await listProducts(db, { sort: 'title-atoz' })).items)).toEqual(BY_TITLE_NOCASE)
  })

  it('title-ztoa ignores case', async () => {
    expect(ids((await listProducts(db, { sort: 'title-ztoa' })).items)).toEqual([...BY_TITLE_NOCASE].reverse())
  })
})

describe('listProducts pagination', () => {
  it('returns the requested page with total and page count', async () => {
    const first = await listProducts(db, { pageSize: 3 })
    expect(ids(first.items)).toEqual(['p6', 'p7', 'p5'])
    const second = await listProducts(db, { pageSize: 3, page: 2 })
    expect(ids(second.items)).toEqual(['p2', 'p4', 'p1'])
    expect(second).toMatchObject({ total: 8, page: 2, pageSize: 3, pageCount: 3 })
    const third = await listProducts(db, { pageSize: 3, page: 3 })
    expect(ids(third.items)).toEqual(['p8', 'p3'])
  })

  it('answers a page beyond the end with no items but the real total', async () => {
    const beyond = await listProducts(db, { pageSize: 3, page: 4 })
    expect(beyond.items).toEqual([])
    expect(beyond).toMatchObject({ total: 8, page: 4, pageCount: 3 })
  })

  it('counts filtered products only, and has one (empty) page when nothing matches', async () => {
    const page = await listProducts(db, {
      pageSize: 3,
      filters: { category: ['special-occasion'], price: ['under-500'], availability: [] },
    })
    expect(page).toMatchObject({ items: [], total: 0, pageCount: 1 })
  })

  it('treats page numbers below 1 as page 1', async () => {
    const page = await listProducts(db, { pageSize: 3, page: 0 })
    expect(page.page).toBe(1)
    expect(ids(page.items)).toEqual(['p6', 'p7', 'p5'])
  })
})

describe('listProducts titleOrCategory (the admin grid search)', () => {
  it('keeps products whose title or category (id or label) contains the text, literally, and pages them', async () => {
    const page = (titleOrCategory: string, extra: { page?: number; pageSize?: number } = {}) =>
      listProducts(db, { sort: 'title-atoz', titleOrCategory, ...extra })
    expect(ids((await page('BOOKMARK')).items)).toEqual(['p6', 'p7'])
    expect(ids((await page('home decor')).items)).toEqual(['p2', 'p8'])
    expect(ids((await page('gifting-memories')).items)).toEqual(['p6', 'p3', 'p7'])
    // Descriptions are not searched, and LIKE's wildcards are plain characters.
    expect((await page('gold leaf')).total).toBe(0)
    expect(ids((await page('_')).items)).toEqual(['p7'])
    const second = await page('o', { page: 2, pageSize: 2 })
    expect(second.total).toBe(6)
    expect(second.pageCount).toBe(3)
    expect(ids(second.items)).toEqual(['p8', 'p3'])
  })
})

describe('deleted products', () => {
  it('are never listed, counted, found by search or opened', async () => {
    const page = await listProducts(db, { filters: { category: ['jewellery'], price: [], availability: [] } })
    expect(ids(page.items)).not.toContain('p9')
    expect(page.total).toBe(2)
    expect(await searchProducts(db, 'Deleted')).toEqual([])
    expect(await searchProducts(db, 'Gone')).toEqual([])
    await expect(getProduct(db, 'p9')).rejects.toBeInstanceOf(NotFound)
  })
})

describe('searchProducts', () => {
  it('matches title, description and category, case-insensitively', async () => {
    // "gold leaf" is in p1's description only.
    expect(ids(await searchProducts(db, 'GOLD'))).toEqual(['p1'])
    expect(ids(await searchProducts(db, 'gold leaf'))).toEqual(['p1'])
    expect(ids(await searchProducts(db, 'zebra'))).toEqual(['p5'])
  })

  it('matches a category by its words or its id', async () => {
    expect(ids(await searchProducts(db, 'home decor'))).toEqual(['p2', 'p8'])
    expect(ids(await searchProducts(db, 'Home-Decor'))).toEqual(['p2', 'p8'])
    expect(ids(await searchProducts(db, 'special occasion'))).toEqual(['p4'])
  })

  it("matches '%', '_' and '\\' only literally", async () => {
    expect(ids(await searchProducts(db, '%'))).toEqual(['p6'])
    expect(ids(await searchProducts(db, '100%'))).toEqual(['p6'])
    expect(ids(await searchProducts(db, '_'))).toEqual(['p7'])
    // p7 holds 'Bookmark_' itself; p6 only the word 'bookmark', so it comes after.
    expect(ids(await searchProducts(db, 'Bookmark_'))).toEqual(['p7', 'p6'])
    expect(ids(await searchProducts(db, '\\'))).toEqual(['p8'])
    expect(ids(await searchProducts(db, 'k\\s'))).toEqual(['p8'])
    expect(await searchProducts(db, '%%')).toEqual([])
    expect(await searchProducts(db, 'a_a')).toEqual([])
  })

  it('ranks title matches first, then by effective price', async () => {
    // p6 and p7 have it in the title (p7's description too); cheaper first.
    expect(ids(await searchProducts(db, 'bookmark'))).toEqual(['p6', 'p7'])
    // "pressed" is in p1's and p6's descriptions only.
    expect(ids(await searchProducts(db, 'pressed'))).toEqual(['p6', 'p1'])
    // "pendant" is in p1's title (1200) and p4's description (600): the title match comes first.
    expect(ids(await searchProducts(db, 'pendant'))).toEqual(['p1', 'p4'])
    // "resin" is in p1's title and description only.
    expect(ids(await searchProducts(db, 'resin'))).toEqual(['p1'])
  })

  it('trims the keyword and answers an empty one with nothing', async () => {
    expect(ids(await searchProducts(db, '  zebra  '))).toEqual(['p5'])
    expect(await searchProducts(db, '')).toEqual([])
    expect(await searchProducts(db, '   ')).toEqual([])
  })

  it('honours the limit', async () => {
    expect(await searchProducts(db, 'o', 2)).toHaveLength(2)
  })
})

describe('getProduct', () => {
  let detailDb: DB
  withTestDb(
    async (fresh) => {
      detailDb = fresh
      const product = { title: 'Product full', description: 'About full', price: 99_900, sale: 89_900, stock: 4, averageReview: 4.5 }
      await insertProducts(detailDb, [
        { ...product, id: 'full', varietyType: 'size' },
        { ...product, id: 'plain', title: 'Product plain', description: 'About plain' },
        { ...product, id: 'typed-empty', title: 'Product typed-empty', description: 'About typed-empty', varietyType: 'choice' },
      ])
      // Stored in reverse, so only the reads' order by position can put them right.
      const full = <T extends object>(rows: T[]) => rows.map((row, position) => ({ ...row, product_id: 'full', position })).reverse()
      await detailDb.insertInto('product_images').values(full([{ url: '/img/a.webp' }, { url: '/img/b.webp' }, { url: '/img/c.webp' }])).execute()
      await detailDb.insertInto('product_colors').values(full([{ name: 'Gold' }, { name: 'Teal' }])).execute()
      await detailDb
        .insertInto('product_varieties')
        .values(
          full([
            { name: 'Small', price_paise: 99_900, sale_price_paise: 89_900 },
            { name: 'Large', price_paise: 149_900, sale_price_paise: 0 },
          ]),
        )
        .execute()
    },
    { perFile: true },
  )

  it('returns images, colors and variety options in position order', async () => {
    const detail = await getProduct(detailDb, 'full')
    expect(detail).toEqual({
      id: 'full',
      title: 'Product full',
      description: 'About full',
      category: 'home-decor',
      pricePaise: 99_900,
      salePricePaise: 89_900,
      totalStock: 4,
      averageReview: 4.5,
      image: '/img/a.webp',
      colorImages: {},
      needsChoice: true,
      images: ['/img/a.webp', '/img/b.webp', '/img/c.webp'],
      colors: ['Gold', 'Teal'],
      variety: {
        type: 'size',
        options: [
          { name: 'Small', pricePaise: 99_900, salePricePaise: 89_900, madeToOrderDays: null },
          { name: 'Large', pricePaise: 149_900, salePricePaise: 0, madeToOrderDays: null },
        ],
      },
      optionLabel: 'Size',
      ownOptionLabel: '',
      option2: null,
      variants: [],
      madeToOrderDays: 0,
      personalization: [],
      countryOfOrigin: 'India',
      materials: '',
      ownPackage: { weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null },
    })
  })

  it('has no variety, images or colors when none are stored', async () => {
    const detail = await getProduct(detailDb, 'plain')
    expect(detail).toMatchObject({ image: null, images: [], colors: [], variety: null, needsChoice: false })
    expect((await getProduct(detailDb, 'typed-empty')).variety).toBeNull()
  })

  it('throws NotFound for unknown ids, whatever they look like', async () => {
    for (const id of ['nope', '', '%', "' or 1=1 --", '\u0000', 'x'.repeat(5000)]) {
      await expect(getProduct(detailDb, id)).rejects.toBeInstanceOf(NotFound)
    }
  })
})
