import { ProductCard } from '~/components/product-card'
import { getDb } from '~/db.server'
import { CATEGORY_IDS } from '~/lib/catalog'
import { listProducts } from '~/services/catalog.server'
import type { Category } from '../../../db/schema'
import type { Route } from './+types/listing'

export const meta: Route.MetaFunction = () => [{ title: 'Products' }]

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const categories = url.searchParams
    .getAll('category')
    .flatMap((v) => v.split(','))
    .filter((v): v is Category => (CATEGORY_IDS as string[]).includes(v))
  const { items, total } = await listProducts(getDb(), { filters: { category: categories, price: [], availability: [] } })
  return { products: items, total }
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6">
      <div className="mb-4 flex items-center justify-between">
        <h1 className="text-xl font-bold">All Products</h1>
        <span className="text-sm text-zinc-500">{loaderData.products.length} Products</span>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {loaderData.products.map((product, index) => (
          <ProductCard key={product.id} product={product} eager={index < 2} />
        ))}
      </div>
    </section>
  )
}
