// Fills an empty shop with the demo catalogue: renders the art, stores it, then writes every product in one transaction.
import { newId } from '~/lib/ids.server'
import type { ImageStore } from '~/domain/catalog/image-store'
import { storeImage } from '~/domain/catalog/media.server'
import { insertProduct } from '~/domain/catalog/admin-products.server'
import type { DB } from '../database'
import type { ProductInput } from '~/schemas/product'
import { mapWithConcurrency } from './concurrency'
import { DEMO_BANNERS, DEMO_PRODUCTS, type DemoProduct } from './demo-catalogue'
import { withVariantStock } from './demo-variant-stock'
import { withMadeToOrder } from './demo-made-to-order'
import { withMaterials } from './demo-materials'
import { seedDemoDiscounts } from './demo-discounts'
import { type ArtSpec, renderBannerArt, renderProductArt } from './resin-art'

/** Each job renders and encodes one picture; sharp uses its own threads, so a few jobs keep every core busy. */
const RENDER_CONCURRENCY = 4

export interface SeedResult {
  products: number
  featureImages: number
}

/** Seeds the demo shop unless the products table already has a row (even a deleted one). */
export async function seedDemo(db: DB, store: ImageStore): Promise<SeedResult> {
  if (await hasAnyProduct(db)) return { products: 0, featureImages: 0 }

  // All sharp work happens before the transaction, which then only writes rows.
  const productSpecs = DEMO_PRODUCTS.flatMap((product) => product.images)
  const jobs: (() => Promise<Buffer>)[] = [
    ...productSpecs.map((spec: ArtSpec) => () => renderProductArt(spec)),
    ...DEMO_BANNERS.map((spec) => () => renderBannerArt(spec)),
  ]
  const urls = await mapWithConcurrency(jobs, RENDER_CONCURRENCY, async (render) =>
    (await storeImage(db, store, await render())).url,
  )
  const productUrls = urls.slice(0, productSpecs.length)
  const bannerUrls = urls.slice(productSpecs.length)

  const inserted = await db.transaction().execute(async (trx) => {
    // Another process may have seeded while we were rendering.
    if (await hasAnyProduct(trx)) return false
    const images = imagesOf(DEMO_PRODUCTS, productUrls)
    for (const [index, product] of DEMO_PRODUCTS.entries()) await insertProduct(trx, asProductInput(product, images[index] ?? []))
    await trx
      .insertInto('feature_images')
      .values(bannerUrls.map((image, position) => ({ id: newId(), image, position })))
      .execute()
    await seedDemoDiscounts(trx)
    return true
  })
  return inserted ? { products: DEMO_PRODUCTS.length, featureImages: bannerUrls.length } : { products: 0, featureImages: 0 }
}

async function hasAnyProduct(db: DB): Promise<boolean> {
  return (await db.selectFrom('products').select('id').limit(1).executeTakeFirst()) !== undefined
}

/**
 * A demo product as the admin would enter it, with its stored pictures: the seed writes its
 * catalogue through the admin's own createProduct path, so the catalogue's rules hold for it too.
 */
function asProductInput(product: DemoProduct, images: string[]): ProductInput {
  return withMaterials(withMadeToOrder(withVariantStock({
    title: product.title,
    description: product.description,
    category: product.category,
    price: product.pricePaise,
    salePrice: product.salePricePaise,
    totalStock: product.totalStock,
    varietyType: product.variety?.type ?? '',
    ...(product.variety?.label ? { optionLabel: product.variety.label } : {}),
    varieties: (product.variety?.options ?? []).map((o) => ({ name: o.name, price: o.pricePaise, salePrice: o.salePricePaise })),
    colors: product.colors,
    personalization: product.personalization,
    images,
    madeToOrderDays: 0,
  })))
}

/** Each product's stored pictures, in catalogue order; `imageUrls` holds them all one after another. */
function imagesOf(products: readonly DemoProduct[], imageUrls: readonly string[]): string[][] {
  let next = 0
  return products.map((product) =>
    product.images.map(() => {
      const url = imageUrls[next++]
      if (url === undefined) throw new Error(`No stored image for "${product.title}"`)
      return url
    }),
  )
}
