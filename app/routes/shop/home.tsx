import { CampaignSlide } from '~/components/campaign-slide'
import { CustomPieceInvite } from '~/components/custom-piece-invite'
import { ProductGrid } from '~/components/product-grid'
import { Carousel } from '~/components/ui/carousel'
import { getDb } from '~/infra/db.server'
import { CategoryLinks } from '~/components/category-links'
import { listProducts } from '~/domain/catalog/catalog.server'
import { liveBanners } from '~/domain/catalog/banners.server'
import type { Route } from './+types/home'

/** docs/spec/constants.md: the banner moves on every 4 seconds. */
const BANNER_ROTATION_MS = 4000

export const meta: Route.MetaFunction = () => [
  { title: 'Handmade Resin Art · Home' },
  { name: 'description', content: 'Handmade resin art from India: jewellery, home decor, gifts and keepsakes, made to order.' },
]

export async function loader() {
  const db = getDb()
  const [featured, banners] = await Promise.all([listProducts(db, { sort: 'price-lowtohigh', pageSize: 8 }), liveBanners(db)])
  // Every live banner, in the owner's order (ADR 074); only what a slide shows travels.
  return {
    products: featured.items,
    banners: banners.map(({ image, headline, subline, buttonText, link }) => ({ image, headline, subline, buttonText, link })),
  }
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
          renderSlide={(banner, index) => <CampaignSlide banner={banner} first={index === 0} />}
        />
      ) : null}
      {/* On a wide screen the first screen shows products under the banner: the category tiles (also in the header) are one slim row. */}
      <section className="mx-auto w-full max-w-7xl px-4 py-10 lg:py-5">
        <h2 className="mb-6 text-center text-2xl font-bold lg:mb-3 lg:text-xl">Shop by Category</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <CategoryLinks className="flex h-24 items-center justify-center rounded-lg border border-zinc-200 bg-brand-50 p-4 text-center font-semibold text-brand-900 hover:shadow-md lg:h-12 lg:p-2 dark:border-zinc-800 dark:bg-zinc-900 dark:text-brand-100" />
        </div>
      </section>
      <section className="mx-auto w-full max-w-7xl px-4 pb-10">
        <h2 className="mb-6 text-center text-2xl font-bold lg:mb-3 lg:text-xl">Feature Products</h2>
        <ProductGrid products={loaderData.products} eagerCount={0} />
      </section>
      <CustomPieceInvite />
    </div>
  )
}
