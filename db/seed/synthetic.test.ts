import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../../tests/helpers/test-db'
import { seedSyntheticProducts } from './synthetic'

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb()
})

afterEach(async () => {
  await testDb.cleanup()
})

const contentOf = (db: TestDb['db']) =>
  db
    .selectFrom('products')
    .select(['title', 'category', 'price_paise', 'sale_price_paise', 'total_stock', 'average_review'])
    // Every column in turn (products have no rowid on PostgreSQL): the same content sorts the same.
    .orderBy(['title', 'category', 'price_paise', 'sale_price_paise', 'total_stock', 'average_review'])
    .execute()

describe('seedSyntheticProducts', () => {
  it('inserts 2,000 varied products quickly', async () => {
    const started = performance.now()
    const result = await seedSyntheticProducts(testDb.db, 2000)
    const elapsed = performance.now() - started
    expect(result).toEqual({ products: 2000, images: 0 })
    expect(elapsed).toBeLessThan(5000)

    const rows = await testDb.db.selectFrom('products').selectAll().execute()
    expect(rows).toHaveLength(2000)
    const perCategory = new Map<string, number>()
    for (const row of rows) perCategory.set(row.category, (perCategory.get(row.category) ?? 0) + 1)
    expect([...perCategory.keys()].sort()).toEqual(['gifting-memories', 'home-decor', 'jewellery', 'special-occasion'])
    for (const n of perCategory.values()) expect(n).toBeGreaterThan(300)

    for (const row of rows) {
      expect(row.price_paise).toBeGreaterThan(0)
      expect(row.price_paise % 100).toBe(0)
      expect(row.sale_price_paise).toBeGreaterThanOrEqual(0)
      if (row.sale_price_paise > 0) expect(row.sale_price_paise).toBeLessThan(row.price_paise)
      expect(row.total_stock).toBeGreaterThanOrEqual(0)
      expect(row.title.length).toBeGreaterThan(5)
      expect(row.description.length).toBeGreaterThan(20)
      expect(row.deleted_at).toBeNull()
      expect(row.variety_type).toBeNull()
    }
    expect(new Set(rows.map((r) => r.title)).size).toBeGreaterThan(500)
    expect(new Set(rows.map((r) => r.price_paise)).size).toBeGreaterThan(100)
    expect(rows.some((r) => r.sale_price_paise > 0)).toBe(true)
    expect(rows.some((r) => r.total_stock === 0)).toBe(true)
    expect(rows.some((r) => r.total_stock > 0 && r.total_stock < 10)).toBe(true)
  })

  it('is deterministic for a seed, and differs between seeds', async () => {
    await seedSyntheticProducts(testDb.db, 50, { seed: 7 })
    const other = await createTestDb()
    try {
      await seedSyntheticProducts(other.db, 50, { seed: 7, batchSize: 13 })
      expect(await contentOf(other.db)).toEqual(await contentOf(testDb.db))
      await other.db.deleteFrom('products').execute()
      await seedSyntheticProducts(other.db, 50, { seed: 8 })
      expect(await contentOf(other.db)).not.toEqual(await contentOf(testDb.db))
    } finally {
      await other.cleanup()
    }
  })

  it('reuses image urls already stored for products', async () => {
    await testDb.db
      .insertInto('products')
      .values({
        id: 'real',
        title: 'Real',
        description: '',
        category: 'jewellery',
        price_paise: 100,
        total_stock: 1,
        variety_type: null,
        updated_at: new Date().toISOString(),
        deleted_at: null,
      })
      .execute()
    await testDb.db
      .insertInto('product_images')
      .values([
        { product_id: 'real', position: 0, url: '/uploads/aaaa-1280.webp' },
        { product_id: 'real', position: 1, url: '/uploads/bbbb-1280.webp' },
      ])
      .execute()
    const result = await seedSyntheticProducts(testDb.db, 300)
    expect(result).toEqual({ products: 300, images: 300 })
    const urls = await testDb.db
      .selectFrom('product_images')
      .select('url')
      .where('product_id', '!=', 'real')
      .where('position', '=', 0)
      .execute()
    expect(urls).toHaveLength(300)
    expect(new Set(urls.map((u) => u.url))).toEqual(new Set(['/uploads/aaaa-1280.webp', '/uploads/bbbb-1280.webp']))
  })

  it('takes image urls from the options, and adds to an existing catalogue', async () => {
    await seedSyntheticProducts(testDb.db, 10, { imageUrls: ['/x.webp'] })
    await seedSyntheticProducts(testDb.db, 5, { imageUrls: [] })
    const count = await testDb.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(15)
    const images = await testDb.db.selectFrom('product_images').select('url').execute()
    expect(images.map((i) => i.url)).toEqual(Array(10).fill('/x.webp'))
  })

  it('refuses a bad count or batch size', async () => {
    await expect(seedSyntheticProducts(testDb.db, -1)).rejects.toBeInstanceOf(RangeError)
    await expect(seedSyntheticProducts(testDb.db, 1.5)).rejects.toBeInstanceOf(RangeError)
    await expect(seedSyntheticProducts(testDb.db, 10, { batchSize: 0 })).rejects.toBeInstanceOf(RangeError)
    expect(await seedSyntheticProducts(testDb.db, 0)).toEqual({ products: 0, images: 0 })
  })
})
