// A product's own page: the shareable, server-rendered detail (the listings open it as a dialog with JS).
import { data, Link } from 'react-router'
import { ProductDetailView } from '~/components/product-detail'
import { getDb } from '~/db.server'
import { getProduct } from '~/services/catalog.server'
import { NotFound } from '~/services/errors'
import type { Route } from './+types/product'

export async function loader({ params }: Route.LoaderArgs) {
  try {
    return { product: await getProduct(getDb(), params.id) }
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 })
    throw error
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: loaderData.product.title }, { name: 'description', content: loaderData.product.description }]
    : [{ title: 'Page Not Found' }]

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-zinc-500">
        <Link to="/shop/listing" className="hover:underline">
          Products
        </Link>{' '}
        / <span>{loaderData.product.title}</span>
      </nav>
      <ProductDetailView product={loaderData.product} />
    </section>
  )
}
