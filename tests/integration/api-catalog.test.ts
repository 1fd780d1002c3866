// The shop catalogue /api (products, product, search, reviews, features) over real HTTP against the
// built server, seeded with the demo shop. One server for the whole file: seeding renders images.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { dialectOf } from '../../db/dialect'
import { insertProducts, insertUsers } from '../helpers/fixtures'
import { insertOrder } from '../helpers/order-fixtures'
import { expectShape, PRODUCT } from '../helpers/api-shape'
import { type RunningServer, startServer } from './server'

interface Card {
  _id: string
  title: string
  category: string
  price: number
  salePrice: number
  totalStock: number
  image: string
}

interface Listing {
  success: boolean
  data: Card[]
  total: number
  /** Without `page`. */
  capped: boolean
  cap: number
  /** With `page`. */
  pagination: { page: number; pageSize: number; total: number; pageCount: number }
}

let server: RunningServer
/** The server's own database file, opened beside it to check answers against the rows (WAL allows it). */
let db: DB

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1' })
  db = openDatabase(server.database)
}, 120_000)

afterAll(async () => {
  await db?.destroy()
  await server?.stop()
})

async function getJson<T = Record<string, unknown>>(path: string, expectedStatus = 200): Promise<T> {
  const response = await fetch(server.url + path)
  expect(response.status, `GET ${path}`).toBe(expectedStatus)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return (await response.json()) as T
}

const effective = (c: { price: number; salePrice: number }) => (c.salePrice > 0 ? c.salePrice : c.price)

/** Every matching product: the answer without `page` (the demo catalogue is far below the cap). */
async function allCards(query = ''): Promise<Card[]> {
  const all = await getJson<Listing>(`/api/shop/products/get${query}`)
  expect(all.capped).toBe(false)
  expect(all.data).toHaveLength(all.total)
  return all.data
}

async function liveProductCount(category?: string) {
  let q = db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null)
  if (category) q = q.where('category', '=', category as 'jewellery')
  return Number((await q.executeTakeFirstOrThrow()).n)
}

describe('GET /api/shop/products/get', () => {
  it('lists cards sorted by effective price, low to high, by default', async () => {
    const body = await getJson<Listing>('/api/shop/products/get?page=1')
    expect(body.success).toBe(true)
    expect(body.data.length).toBe(body.pagination.pageSize)
    const cards = await allCards()
    const prices = cards.map(effective)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    // At least one sale makes the effective price differ from the list price.
    expect(cards.some((c) => c.salePrice > 0 && c.salePrice < c.price)).toBe(true)
    expect(cards.length).toBe(await liveProductCount())
  })

  it('answers whole Products with the SPEC field names and rupee prices', async () => {
    const [card] = (await getJson<Listing>('/api/shop/products/get')).data
    expectShape(card, PRODUCT, 'listed product')
    expect(card?.image).toMatch(/^\/uploads\/.+\.webp$/)
    const row = await db
      .selectFrom('products')
      .select(['price_paise', 'sale_price_paise'])
      .where('id', '=', card?._id ?? '')
      .executeTakeFirstOrThrow()
    expect(card?.price).toBe(row.price_paise / 100)
    expect(card?.salePrice).toBe(row.sale_price_paise / 100)
  })

  it('filters by category, as a comma list or as repeated parameters', async () => {
    const one = await allCards('?category=jewellery')
    expect(one.length).toBe(await liveProductCount('jewellery'))
    expect(new Set(one.map((c) => c.category))).toEqual(new Set(['jewellery']))

    const comma = await allCards('?category=jewellery,home-decor')
    const repeated = await allCards('?category=jewellery&category=home-decor')
    expect(new Set(comma.map((c) => c.category))).toEqual(new Set(['jewellery', 'home-decor']))
    expect(comma.length).toBe((await liveProductCount('jewellery')) + (await liveProductCount('home-decor')))
    expect(repeated.map((c) => c._id)).toEqual(comma.map((c) => c._id))
  })

  it('refuses unknown filter values, sortBy values and a bad page with 400, never the whole catalogue', async () => {
    const body = await getJson<{ success: boolean; errors: Record<string, string[]> }>(
      '/api/shop/products/get?category=toys&sortBy=nonsense&page=-3',
      400,
    )
    expect(body.success).toBe(false)
    expect(Object.keys(body.errors).sort()).toEqual(['category', 'sortBy'])
    const page = await getJson<{ errors: Record<string, string[]> }>('/api/shop/products/get?page=-3', 400)
    expect(Object.keys(page.errors)).toEqual(['page'])
  })

  it('paginates with page, pageSize, total and pageCount', async () => {
    const first = await getJson<Listing>('/api/shop/products/get?page=1')
    const total = await liveProductCount()
    expect(first.pagination).toEqual({
      page: 1,
      pageSize: 24,
      total,
      pageCount: Math.ceil(total / 24),
    })
    expect(first.pagination.pageCount).toBeGreaterThanOrEqual(2)
    const second = await getJson<Listing>('/api/shop/products/get?page=2')
    expect(second.pagination.page).toBe(2)
    expect(second.data.length).toBe(Math.min(24, total - 24))
    const firstIds = new Set(first.data.map((c) => c._id))
    expect(second.data.some((c) => firstIds.has(c._id))).toBe(false)
    const beyond = await getJson<Listing>('/api/shop/products/get?page=99')
    expect(beyond.data).toEqual([])
    expect(beyond.pagination).toMatchObject({ page: 99, total })
  })

  it('sorts by title, Z to A', async () => {
    const titles = (await allCards('?sortBy=title-ztoa')).map((c) => c.title)
    const expected = [...titles].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : a.toLowerCase() > b.toLowerCase() ? -1 : 0))
    expect(titles).toEqual(expected)
    expect(titles.length).toBeGreaterThan(1)
  })

  it('sorts by effective price, high to low', async () => {
    const prices = (await allCards('?sortBy=price-hightolow')).map(effective)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
  })
})

describe('GET /api/shop/products/get/:id', () => {
  it('answers the full product with _id, rupee prices, pictures, colours and variety', async () => {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'variety_type'])
      .where('variety_type', 'is not', null)
      .execute()
    const types = new Set(rows.map((r) => r.variety_type))
    expect(types).toEqual(new Set(['choice', 'size', 'pack']))
    // Products with one stock: those with stock per variant add it to each option (ADR 061, api-variant-stock.test.ts).
    const perVariant = new Set((await db.selectFrom('product_variants').select('product_id').execute()).map((v) => v.product_id))

    for (const type of ['choice', 'size', 'pack'] as const) {
      const id = rows.find((r) => r.variety_type === type && !perVariant.has(r.id))?.id ?? ''
      const body = await getJson<{ success: boolean; data: Record<string, unknown> }>(`/api/shop/products/get/${id}`)
      expect(body.success).toBe(true)
      const product = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      const images = await db.selectFrom('product_images').select('url').where('product_id', '=', id).orderBy('position').execute()
      const colors = await db.selectFrom('product_colors').select('name').where('product_id', '=', id).orderBy('position').execute()
      const options = await db.selectFrom('product_varieties').selectAll().where('product_id', '=', id).orderBy('position').execute()
      expect(body.data).toMatchObject({
        _id: id,
        title: product.title,
        description: product.description,
        category: product.category,
        price: product.price_paise / 100,
        salePrice: product.sale_price_paise / 100,
        totalStock: product.total_stock,
        averageReview: product.average_review,
        image: images[0]?.url,
        images: images.map((i) => i.url),
        colors: colors.map((c) => c.name),
      })
      const variety =
        type === 'choice'
          ? { type, options: options.map((o) => ({ name: o.name, price: o.price_paise / 100, salePrice: o.sale_price_paise / 100 })), sizes: [], packs: [] }
          : type === 'size'
            ? { type, options: [], sizes: options.map((o) => ({ size: o.name, price: o.price_paise / 100, salePrice: o.sale_price_paise / 100 })), packs: [] }
            : { type, options: [], sizes: [], packs: options.map((o) => ({ packName: o.name, price: o.price_paise / 100 })) }
      expect(body.data.variety).toEqual(variety)
    }
  })

  it('answers variety null for a product without one', async () => {
    const plain = await db.selectFrom('products').select('id').where('variety_type', 'is', null).executeTakeFirstOrThrow()
    const body = await getJson<{ data: { variety: unknown; _id: string } }>(`/api/shop/products/get/${plain.id}`)
    expect(body.data).toMatchObject({ _id: plain.id, variety: null })
  })

  it('answers 404 JSON for an unknown id', async () => {
    expect(await getJson('/api/shop/products/get/no-such-product', 404)).toMatchObject({ success: false })
  })

  it('answers 404 JSON for a deleted product', async () => {
    await insertProducts(db, [
      { id: 'deleted-product', title: 'Deleted Galaxy Pendant', description: 'Withdrawn.', category: 'jewellery', price: 100, stock: 1, deleted: true },
    ])
    expect(await getJson('/api/shop/products/get/deleted-product', 404)).toMatchObject({ success: false })
    expect(await getJson('/api/shop/review/deleted-product', 404)).toMatchObject({ success: false })
    // Search forgives, so live galaxy pieces may answer; the deleted product never does.
    const search = await getJson<{ data: Card[] }>(`/api/shop/search/${encodeURIComponent('Deleted Galaxy')}`)
    expect(search.data.map((c) => c._id)).not.toContain('deleted-product')
  })

  it('answers malformed ids with 404, never 500', async () => {
    for (const id of ['%00', 'x'.repeat(5000), '%27%20or%201%3D1%20--', '%25', '%F0%9F%92%8E', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await fetch(`${server.url}/api/shop/products/get/${id}`)
      expect(response.status, id.slice(0, 40)).toBe(404)
      expect(await response.json()).toMatchObject({ success: false })
    }
  })

  it('answers an invalid percent-encoding without a server error or a stack trace', async () => {
    // React Router decodes what it can: an unknown id is a 404, a search for '100%' just searches.
    const expected: Record<string, number> = {
      '/api/shop/products/get/%E2%82': 404,
      '/api/shop/search/100%': 200,
      '/api/shop/review/%ZZ': 404,
    }
    for (const [path, status] of Object.entries(expected)) {
      const response = await fetch(server.url + path)
      expect(response.status, path).toBe(status)
      expect(await response.text()).not.toMatch(/at .*\.(js|ts):\d+/)
    }
  })
})

describe('GET /api/shop/search/:keyword', () => {
  const search = async (keyword: string) =>
    (await getJson<{ success: boolean; data: Card[] }>(`/api/shop/search/${encodeURIComponent(keyword)}`)).data

  it('finds products by a word of their title, case-insensitively', async () => {
    const found = await search('GEODE')
    expect(found.length).toBeGreaterThan(0)
    expect(found.some((c) => c.title.includes('Geode'))).toBe(true)
    // Title matches rank first.
    const firstNonTitle = found.findIndex((c) => !c.title.toLowerCase().includes('geode'))
    if (firstNonTitle >= 0) expect(found.slice(firstNonTitle).every((c) => !c.title.toLowerCase().includes('geode'))).toBe(true)
    expectShape(found[0], PRODUCT, 'search result')
  })

  it('finds products by category, as words', async () => {
    const found = await search('home decor')
    const homeDecor = await liveProductCount('home-decor')
    expect(found.filter((c) => c.category === 'home-decor').length).toBe(homeDecor)
  })

  it('trims the keyword and answers blank keywords with an empty list', async () => {
    expect((await search('  geode  ')).map((c) => c._id)).toEqual((await search('geode')).map((c) => c._id))
    expect(await search('   ')).toEqual([])
  })

  it("matches '%', '_' and '\\' literally, without errors", async () => {
    for (const keyword of ['%', '_', '\\', '%%%', "'", '"', '(', '[a-z]*', '.*']) {
      const found = await search(keyword)
      // instr on SQLite is strpos on PostgreSQL: both find a literal substring.
      const position = dialectOf(db) === 'postgres' ? 'strpos' : 'instr'
      const expected = await db
        .selectFrom('products')
        .select('id')
        .where('deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb(eb.fn(position, [eb.fn('lower', ['title']), eb.val(keyword)]), '>', 0),
            eb(eb.fn(position, [eb.fn('lower', ['description']), eb.val(keyword)]), '>', 0),
            eb(eb.fn(position, ['category', eb.val(keyword)]), '>', 0),
          ]),
        )
        .execute()
      expect(new Set(found.map((c) => c._id)), keyword).toEqual(new Set(expected.map((r) => r.id)))
    }
    // The demo catalogue has no '%' anywhere: a wildcard must not match everything.
    expect(await search('%')).toEqual([])
  })

  it('answers a keyword with no matches with 200 and an empty list', async () => {
    expect(await search('zzzz-no-such-thing')).toEqual([])
  })

  it('pages the matches in the order of the whole list, each card whole', async () => {
    await insertProducts(
      db,
      Array.from({ length: 30 }, (_, i) => ({ id: `pagewise-${i}`, title: `Pagewise Lantern ${i}`, price: 50_000 + i * 100, stock: 3 + (i % 4) })),
    )
    const all = await getJson<Listing>('/api/shop/search/pagewise')
    expect(all).toMatchObject({ total: 30, capped: false })
    const first = await getJson<Listing>('/api/shop/search/pagewise?page=1')
    const second = await getJson<Listing>('/api/shop/search/pagewise?page=2')
    expect(first.pagination).toEqual({ page: 1, pageSize: 24, total: 30, pageCount: 2 })
    expect(second.pagination).toMatchObject({ page: 2, total: 30 })
    expect([...first.data, ...second.data]).toEqual(all.data)
    expect(second.data.map((c) => [c.title, c.price, c.totalStock])).toEqual(
      all.data.slice(24).map((c) => [c.title, c.price, c.totalStock]),
    )
    for (const card of second.data) expectShape(card, PRODUCT, 'search result, page 2')
    expect((await getJson<Listing>('/api/shop/search/pagewise?page=3')).data).toEqual([])
  })
})

describe('GET /api/shop/review/:productId', () => {
  it("lists a product's reviews, newest first, with the reviewer's name", async () => {
    // A product the demo shopper has not reviewed (the demo seed reviews three she received).
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('review_count', '=', 0)
      .executeTakeFirstOrThrow()
    const empty = await getJson<{ success: boolean; data: unknown[] }>(`/api/shop/review/${product.id}`)
    expect(empty).toEqual({ success: true, data: [], total: 0, capped: false, cap: 500 })

    const reviewers = [
      { id: 'reviewer-1', userName: 'Asha', email: 'asha@example.com' },
      { id: 'reviewer-2', userName: 'Ravi', email: 'ravi@example.com' },
    ]
    await insertUsers(db, reviewers)
    // Verified buyers: each has a delivered order holding the piece (only their reviews count, ADR 062).
    for (const user of reviewers) {
      await insertOrder(db, { id: `order-${user.id}`, user, date: new Date('2025-12-01T00:00:00.000Z'), status: 'delivered' })
      await db.updateTable('order_lines').set({ product_id: product.id }).where('order_id', '=', `order-${user.id}`).execute()
    }
    await db
      .insertInto('reviews')
      .values([
        { id: 'rv-old', product_id: product.id, user_id: 'reviewer-1', review_value: 5, review_message: 'Stunning', created_at: '2026-01-01T00:00:00.000Z' },
        { id: 'rv-new', product_id: product.id, user_id: 'reviewer-2', review_value: 4, review_message: '', created_at: '2026-02-01T00:00:00.000Z' },
      ])
      .execute()
    // Written behind the shop's back: SQLite's data_version drops the kept answer at once, PostgreSQL's
    // 5 s TTL within seconds (the page cache, ADR 042).
    const reviews = () => getJson<{ success: boolean; data: unknown[] }>(`/api/shop/review/${product.id}`)
    await expect.poll(reviews, { timeout: 8_000, interval: 250 }).toEqual({
      success: true,
      total: 2,
      capped: false,
      cap: 500,
      data: [
        { _id: 'rv-new', reviewValue: 4, reviewMessage: '', userName: 'Ravi', createdAt: '2026-02-01T00:00:00.000Z', updatedAt: '2026-02-01T00:00:00.000Z' },
        { _id: 'rv-old', reviewValue: 5, reviewMessage: 'Stunning', userName: 'Asha', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
      ],
    })
  })

  it('answers 404 JSON for an unknown or malformed product id', async () => {
    for (const id of ['no-such-product', '%00', 'y'.repeat(5000)]) {
      expect(await getJson(`/api/shop/review/${id}`, 404)).toMatchObject({ success: false })
    }
  })
})

describe('GET /api/common/feature/get', () => {
  it('lists the 4 banner images, each served as an immutable WebP', async () => {
    const body = await getJson<{ success: boolean; data: { _id: string; image: string }[] }>('/api/common/feature/get')
    expect(body.success).toBe(true)
    expect(body.data).toHaveLength(4)
    for (const feature of body.data) {
      // The SPEC's {_id, image}, and the campaign words and schedule as optional extras (ADR 074).
      expect(feature).toEqual({
        _id: expect.any(String),
        image: expect.stringMatching(/^\/uploads\/.+\.webp$/),
        headline: expect.any(String),
        subline: expect.any(String),
        buttonText: expect.any(String),
        link: expect.any(String),
        startsAt: null,
        endsAt: null,
      })
      const image = await fetch(server.url + feature.image)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/webp')
      expect(image.headers.get('cache-control')).toContain('immutable')
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100)
    }
  })
})

describe('methods', () => {
  it('answers 405 with Allow: GET to other methods', async () => {
    const product = await db.selectFrom('products').select('id').executeTakeFirstOrThrow()
    const paths = [
      '/api/shop/products/get',
      `/api/shop/products/get/${product.id}`,
      '/api/shop/search/geode',
      '/api/common/feature/get',
    ]
    for (const path of paths) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const response = await fetch(server.url + path, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        })
        expect(response.status, `${method} ${path}`).toBe(405)
        expect(response.headers.get('allow')).toBe('GET')
        expect(await response.json()).toMatchObject({ success: false })
      }
    }
    // A product's reviews also take DELETE (the caller's own review: signed in only).
    for (const method of ['POST', 'PUT']) {
      const response = await fetch(`${server.url}/api/shop/review/${product.id}`, { method, headers: { 'Content-Type': 'application/json' }, body: '{}' })
      expect(response.status, `${method} reviews`).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, DELETE')
    }
    expect((await fetch(`${server.url}/api/shop/review/${product.id}`, { method: 'DELETE' })).status).toBe(401)
  })

  it('answers JSON a visitor may revalidate (ETag, 304), and errors unstored (ADR 042)', async () => {
    const response = await fetch(`${server.url}/api/shop/products/get`)
    expect(response.headers.get('cache-control')).toBe('private, no-cache')
    const etag = response.headers.get('etag') ?? ''
    expect(etag).toMatch(/^W\/"/)
    expect((await fetch(`${server.url}/api/shop/products/get`, { headers: { 'If-None-Match': etag } })).status).toBe(304)
    const refused = await fetch(`${server.url}/api/shop/products/get?sortBy=nonsense`)
    expect(refused.status).toBe(400)
    expect(refused.headers.get('cache-control')).toBe('no-store')
  })
})
