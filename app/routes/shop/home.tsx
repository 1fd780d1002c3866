import { Link } from 'react-router'
import { ProductCard } from '~/components/product-card'
import { getDb } from '~/db.server'
import { CATEGORIES } from '~/lib/catalog'
import { responsiveImage } from '~/lib/images'
import { listProducts } from '~/services/catalog.server'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [{ title: 'Handmade Resin Art · Home' }]

export async function loader() {
  const db = getDb()
  const [featured, banners] = await Promise.all([
    listProducts(db, { sort: 'price-lowtohigh', pageSize: 8 }),
    db.selectFrom('feature_images').select(['id', 'image']).orderBy('position').limit(4).execute(),
  ])
  return { products: featured.items, banners }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const banner = loaderData.banners[0]
  const bannerImage = banner ? responsiveImage(banner.image) : null
  return (
    <div className="flex flex-col">
      <section className="relative w-full overflow-hidden bg-zinc-900" aria-label="Featured banners">
        {bannerImage ? (
          <img
            src={bannerImage.src}
            srcSet={bannerImage.srcSet}
            sizes="100vw"
            width={1280}
            height={512}
            alt=""
            fetchPriority="high"
            className="aspect-[5/2] max-h-[480px] w-full object-cover"
          />
        ) : (
          <div className="aspect-[5/2] max-h-[480px] w-full" />
        )}
      </section>
      <section className="mx-auto w-full max-w-7xl px-4 py-10">
        <h2 className="mb-6 text-center text-2xl font-bold">Shop by Category</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {CATEGORIES.map((category) => (
            <Link
              key={category.id}
              to={`/shop/listing?category=${category.id}`}
              className="flex h-24 items-center justify-center rounded-lg border border-zinc-200 bg-brand-50 p-4 text-center font-semibold text-brand-900 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900 dark:text-brand-100"
            >
              {category.label}
            </Link>
          ))}
        </div>
      </section>
      <section className="mx-auto w-full max-w-7xl px-4 pb-10">
        <h2 className="mb-6 text-center text-2xl font-bold">Feature Products</h2>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {loaderData.products.map((product, index) => (
            <ProductCard key={product.id} product={product} eager={index < 2} />
          ))}
        </div>
      </section>
    </div>
  )
}
