import { CustomPieceInvite } from '~/components/custom-piece-invite'
import { ProductGrid } from '~/components/product-grid'
import { Picture } from '~/components/ui/picture'
import { Carousel } from '~/components/ui/carousel'
import { getDb } from '~/infra/db.server'
import { CategoryLinks } from '~/components/category-links'
import { listProducts } from '~/domain/catalog/catalog.server'
import { listBanners } from '~/domain/catalog/banners.server'
import type { Route } from './+types/home'

/** docs/spec/constants.md: the banner moves on every 4 seconds. */
const BANNER_ROTATION_MS = 4000
const BANNER_COUNT = 4
/**
 * Full width, but a phone (up to 640 px wide) gets the 640 px file even at 2x: 1.6 device pixels per
 * CSS pixel is sharp enough for the soft resin-art banners, and the 800 px file's extra third of bytes
 * is a tenth of a second of the largest paint on a slow link (docs/decisions/044-flat-memory-and-lcp.md).
 */
const BANNER_SIZES = '(max-width: 640px) 320px, 100vw'

export const meta: Route.MetaFunction = () => [
  { title: 'Handmade Resin Art · Home' },
  { name: 'description', content: 'Handmade resin art from India: jewellery, home decor, gifts and keepsakes, made to order.' },
]

export async function loader() {
  const db = getDb()
  const [featured, banners] = await Promise.all([
    listProducts(db, { sort: 'price-lowtohigh', pageSize: 8 }),
    listBanners(db),
  ])
  return { products: featured.items, banners: banners.slice(0, BANNER_COUNT) }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col">
      {loaderData.banners.length ? (
        <Carousel
          items={loaderData.banners}
          idPrefix="banner"
          label="Featured collections"
          autoRotateMs={BANNER_ROTATION_MS}
          renderSlide={(banner, index) => (
            <Picture
              url={banner.image}
              sizes={BANNER_SIZES}
              width={1280}
              height={512}
              priority={index === 0}
              deferred={index > 0}
              className="aspect-[5/2] max-h-[480px] w-full bg-zinc-900 object-cover"
            />
          )}
        />
      ) : null}
      <section className="mx-auto w-full max-w-7xl px-4 py-10">
        <h2 className="mb-6 text-center text-2xl font-bold">Shop by Category</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <CategoryLinks className="flex h-24 items-center justify-center rounded-lg border border-zinc-200 bg-brand-50 p-4 text-center font-semibold text-brand-900 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900 dark:text-brand-100" />
        </div>
      </section>
      <section className="mx-auto w-full max-w-7xl px-4 pb-10">
        <h2 className="mb-6 text-center text-2xl font-bold">Feature Products</h2>
        <ProductGrid products={loaderData.products} eagerCount={0} />
      </section>
      <CustomPieceInvite />
    </div>
  )
}
