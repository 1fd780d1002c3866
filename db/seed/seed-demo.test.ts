// Seeds a fresh database and checks the demo shop is varied enough to exercise every page, and seeds once only.
import { readPersonalizationFields } from '~/lib/personalization'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createImageStore } from '../../app/infra/images/image-store.server'
import { createTestDb, type TestDb } from '../../tests/helpers/test-db'
import type { DB } from '../database'
import { DEMO_PRODUCTS } from './demo-catalogue'
import { seedDemo } from './seed-demo'

/** /uploads/<hash>-1280.webp -> the three files the media pipeline writes for it. */
function filesFor(url: string, uploadsDir: string): string[] {
  const match = /^\/uploads\/([a-f0-9]+)-1280\.webp$/.exec(url)
  if (!match) throw new Error(`Unexpected image url ${url}`)
  return [320, 640, 1280].map((width) => join(uploadsDir, `${match[1]}-${width}.webp`))
}

describe('seedDemo', () => {
  let dir: string
  let testDb: TestDb
  let db: DB
  let uploadsDir: string
  let firstRun: Awaited<ReturnType<typeof seedDemo>>

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'seed-demo-'))
    uploadsDir = join(dir, 'uploads')
    // A fresh migrated database: SQLite, or PostgreSQL under `npm run test:pg`.
    testDb = await createTestDb()
    db = testDb.db
    firstRun = await seedDemo(db, createImageStore(uploadsDir))
  })

  afterAll(async () => {
    await testDb?.cleanup()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('creates at least 40 products across all four categories', async () => {
    const products = await db.selectFrom('products').selectAll().execute()
    expect(products.length).toBeGreaterThanOrEqual(40)
    expect(firstRun.products).toBe(products.length)
    expect(new Set(products.map((p) => p.category))).toEqual(
      new Set(['jewellery', 'home-decor', 'gifting-memories', 'special-occasion']),
    )
    for (const product of products) {
      expect(product.deleted_at).toBeNull()
      expect(product.price_paise).toBeGreaterThan(0)
      if (product.sale_price_paise > 0) expect(product.sale_price_paise).toBeLessThan(product.price_paise)
    }
  })

  it('covers sales, low stock, sold-out items, colours and every variety type', async () => {
    const products = await db.selectFrom('products').selectAll().execute()
    expect(products.filter((p) => p.sale_price_paise > 0).length).toBeGreaterThan(0)
    expect(products.some((p) => p.total_stock >= 1 && p.total_stock <= 9)).toBe(true)
    expect(products.some((p) => p.total_stock === 0)).toBe(true)
    expect(new Set(products.map((p) => p.variety_type))).toEqual(new Set(['choice', 'size', 'pack', null]))
    const colors = await db.selectFrom('product_colors').select('name').execute()
    expect(colors.length).toBeGreaterThan(0)

    const varieties = await db
      .selectFrom('product_varieties')
      .innerJoin('products', 'products.id', 'product_varieties.product_id')
      .select(['products.variety_type', 'product_varieties.sale_price_paise'])
      .execute()
    expect(varieties.filter((v) => v.variety_type === 'pack').every((v) => v.sale_price_paise === 0)).toBe(true)
  })

  it('writes every demo product as the catalogue gives it, options and colours in order', async () => {
    const products = await db.selectFrom('products').selectAll().execute()
    const colors = await db.selectFrom('product_colors').selectAll().orderBy('position').execute()
    const varieties = await db.selectFrom('product_varieties').selectAll().orderBy('position').execute()
    const images = await db.selectFrom('product_images').select('product_id').execute()
    const seeded = products.map((p) => ({
      title: p.title,
      description: p.description,
      category: p.category,
      pricePaise: p.price_paise,
      salePricePaise: p.sale_price_paise,
      totalStock: p.total_stock,
      variety: p.variety_type
        ? {
            type: p.variety_type,
            ...(p.option_label ? { label: p.option_label } : {}),
            options: varieties
              .filter((v) => v.product_id === p.id)
              .map((v) => ({ name: v.name, pricePaise: v.price_paise, salePricePaise: v.sale_price_paise })),
          }
        : null,
      colors: colors.filter((c) => c.product_id === p.id).map((c) => c.name),
      images: images.filter((i) => i.product_id === p.id).length,
      personalization: readPersonalizationFields(p.personalization),
    }))
    const byTitle = <T extends { title: string }>(list: T[]) => [...list].sort((a, b) => a.title.localeCompare(b.title))
    expect(byTitle(seeded)).toEqual(byTitle(DEMO_PRODUCTS.map((p) => ({ ...p, images: p.images.length }))))
  })

  it('keeps the stock of a few products per variant (ADR 061), one variant sold out or last, each total their sum', async () => {
    const variants = await db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['p.title', 'p.total_stock', 'p.option_label', 'v.variety_name', 'v.color', 'v.stock'])
      .execute()
    const titles = [...new Set(variants.map((v) => v.title))].sort()
    expect(titles).toEqual(['Amethyst Geode Teardrop Pendant', 'Geode Resin Wall Clock', 'Gold Flake Marble Drop Earrings', 'Ocean Wave Resin Pendant'])
    for (const title of titles) {
      const own = variants.filter((v) => v.title === title)
      expect(own.reduce((sum, v) => sum + v.stock, 0)).toBe(own[0]?.total_stock)
    }
    expect(variants.find((v) => v.title === 'Geode Resin Wall Clock' && v.variety_name === '18 inch')?.stock).toBe(1)
    expect(variants.find((v) => v.title === 'Gold Flake Marble Drop Earrings' && v.color === 'Gold')?.stock).toBe(0)
    expect(variants.find((v) => v.title === 'Ocean Wave Resin Pendant')?.option_label).toBe('Chain')
    // A size and a chain (ADR 077): the last Medium on a silver chain in purple.
    const chains = await db.selectFrom('product_variants').select(['variety_name', 'option2', 'color', 'stock']).where('option2', '!=', '').execute()
    expect(chains).toContainEqual({ variety_name: 'Medium', option2: 'Silver', color: 'Purple', stock: 1 })
    expect(new Set(chains.map((v) => v.option2))).toEqual(new Set(['Silver', 'Gold']))
    // One chain colour with its own price and sale price (ADR 071).
    const priced = await db.selectFrom('product_variants').select(['variety_name', 'color', 'price_paise', 'sale_price_paise']).where('price_paise', 'is not', null).execute()
    expect(priced).toEqual([{ variety_name: 'Silver Chain', color: 'Teal', price_paise: 134_900, sale_price_paise: 109_900 }])
  })

  it('gives every product at least one image whose three widths exist on disk', async () => {
    const products = await db.selectFrom('products').select('id').execute()
    const images = await db.selectFrom('product_images').select(['product_id', 'url', 'position']).execute()
    for (const product of products) {
      const own = images.filter((image) => image.product_id === product.id)
      expect(own.length).toBeGreaterThanOrEqual(1)
      expect(own.map((image) => image.position).sort()).toEqual(own.map((_, index) => index))
    }
    for (const image of images) {
      for (const file of filesFor(image.url, uploadsDir)) expect(existsSync(file), file).toBe(true)
    }
  })

  it('adds four banners with stored images', async () => {
    const banners = await db.selectFrom('feature_images').selectAll().orderBy('position').execute()
    expect(firstRun.featureImages).toBe(4)
    expect(banners.map((banner) => banner.position)).toEqual([0, 1, 2, 3])
    for (const banner of banners) {
      for (const file of filesFor(banner.image, uploadsDir)) expect(existsSync(file), file).toBe(true)
    }
  })

  it('adds the live demo code DIWALI10: 10% off over ₹999, once per shopper (ADR 073)', async () => {
    const codes = await db.selectFrom('discount_codes').select(['code', 'kind', 'value', 'min_order_paise', 'max_uses_per_user', 'paused']).execute()
    expect(codes).toEqual([{ code: 'DIWALI10', kind: 'percent', value: 10, min_order_paise: 99_900, max_uses_per_user: 1, paused: 0 }])
  })

  it('draws the same pictures again into a fresh database, reusing the stored files', async () => {
    const againDb = await createTestDb()
    const again = againDb.db
    try {
      expect((await seedDemo(again, createImageStore(uploadsDir))).products).toBe(firstRun.products)
      const urls = async (from: DB) =>
        (await from.selectFrom('product_images').select('url').execute()).map((row) => row.url).sort()
      expect(await urls(again)).toEqual(await urls(db))
    } finally {
      await againDb.cleanup()
    }
  })

  it('seeds nothing when products already exist', async () => {
    const before = await db.selectFrom('products').select(db.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
    expect(await seedDemo(db, createImageStore(uploadsDir))).toEqual({ products: 0, featureImages: 0 })
    const after = await db.selectFrom('products').select(db.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
    expect(Number(after.count)).toBe(Number(before.count))
    const banners = await db.selectFrom('feature_images').select('id').execute()
    expect(banners).toHaveLength(4)
  })
})
