// Fills an empty shop with the demo catalogue: renders the art, stores it, then inserts every row at once.
import type { Insertable } from 'kysely'
import { newId } from '~/lib/ids.server'
import { storeImage } from '~/domain/catalog/media.server'
import type { DB } from '../database'
import type { NewProduct, ProductColorsTable, ProductImagesTable, ProductVarietiesTable } from '../schema'
import { mapWithConcurrency } from './concurrency'
import { DEMO_BANNERS, DEMO_PRODUCTS, type DemoProduct } from './demo-catalogue'
import { type ArtSpec, renderBannerArt, renderProductArt } from './resin-art'

/** Each job renders and encodes one picture; sharp uses its own threads, so a few jobs keep every core busy. */
const RENDER_CONCURRENCY = 4

export interface SeedResult {
  products: number
  featureImages: number
}

/** Seeds the demo shop unless the products table already has a row (even a deleted one). */
export async function seedDemo(db: DB, uploadsDir: string): Promise<SeedResult> {
  if (await hasAnyProduct(db)) return { products: 0, featureImages: 0 }

  // All sharp work happens before the transaction, which then stays a few milliseconds long.
  const productSpecs = DEMO_PRODUCTS.flatMap((product) => product.images)
  const jobs: (() => Promise<Buffer>)[] = [
    ...productSpecs.map((spec: ArtSpec) => () => renderProductArt(spec)),
    ...DEMO_BANNERS.map((spec) => () => renderBannerArt(spec)),
  ]
  const urls = await mapWithConcurrency(jobs, RENDER_CONCURRENCY, async (render) =>
    (await storeImage(db, await render(), uploadsDir)).url,
  )
  const productUrls = urls.slice(0, productSpecs.length)
  const bannerUrls = urls.slice(productSpecs.length)

  const inserted = await db.transaction().execute(async (trx) => {
    // Another process may have seeded while we were rendering.
    if (await hasAnyProduct(trx)) return false
    const now = new Date().toISOString()
    const rows = planRows(DEMO_PRODUCTS, productUrls, now)
    await trx.insertInto('products').values(rows.products).execute()
    await trx.insertInto('product_images').values(rows.images).execute()
    if (rows.colors.length) await trx.insertInto('product_colors').values(rows.colors).execute()
    if (rows.varieties.length) await trx.insertInto('product_varieties').values(rows.varieties).execute()
    await trx
      .insertInto('feature_images')
      .values(bannerUrls.map((image, position) => ({ id: newId(), image, position })))
      .execute()
    return true
  })
  return inserted ? { products: DEMO_PRODUCTS.length, featureImages: bannerUrls.length } : { products: 0, featureImages: 0 }
}

async function hasAnyProduct(db: DB): Promise<boolean> {
  return (await db.selectFrom('products').select('id').limit(1).executeTakeFirst()) !== undefined
}

/** Turns the catalogue into table rows; `imageUrls` holds every product's pictures in catalogue order. */
function planRows(products: readonly DemoProduct[], imageUrls: readonly string[], now: string) {
  const rows = {
    products: [] as NewProduct[],
    images: [] as Insertable<ProductImagesTable>[],
    colors: [] as Insertable<ProductColorsTable>[],
    varieties: [] as Insertable<ProductVarietiesTable>[],
  }
  let nextImage = 0
  for (const product of products) {
    const id = newId()
    rows.products.push({
      id,
      title: product.title,
      description: product.description,
      category: product.category,
      price_paise: product.pricePaise,
      sale_price_paise: product.salePricePaise,
      total_stock: product.totalStock,
      average_review: product.averageReview,
      variety_type: product.variety?.type ?? null,
      updated_at: now,
      deleted_at: null,
    })
    product.images.forEach((_, position) => {
      const url = imageUrls[nextImage++]
      if (url === undefined) throw new Error(`No stored image for "${product.title}"`)
      rows.images.push({ product_id: id, position, url })
    })
    product.colors.forEach((name, position) => {
      rows.colors.push({ product_id: id, position, name })
    })
    product.variety?.options.forEach((option, position) => {
      rows.varieties.push({
        product_id: id,
        position,
        name: option.name,
        price_paise: option.pricePaise,
        // Packs are never discounted per option (SPEC: packs carry a price only).
        sale_price_paise: product.variety?.type === 'pack' ? 0 : option.salePricePaise,
      })
    })
  }
  return rows
}
