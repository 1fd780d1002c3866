import { FilterChips } from '~/components/filter-chips'
import { FiltersPanel, Pagination, SortMenu } from '~/components/listing-controls'
import { ProductGrid } from '~/components/product-grid'
import { getDb } from '~/infra/db.server'
import { listingHeading, parseListingQuery } from '~/lib/listing-filters'
import { listProducts } from '~/domain/catalog/catalog.server'
import type { Route } from './+types/listing'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? listingHeading(loaderData.query.filters) : 'All Products' },
  { name: 'description', content: 'Handmade resin jewellery, home decor, gifts and keepsakes.' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListingQuery(new URL(request.url).searchParams)
  const page = await listProducts(getDb(), query)
  return { query, page }
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { query, page } = loaderData
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 md:grid-cols-[220px_1fr]">
      <FiltersPanel query={query} total={page.total} />
      <section className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 pb-4 dark:border-zinc-800">
          <h1 className="text-xl font-bold">{listingHeading(query.filters)}</h1>
          <div className="flex items-center gap-3">
            <span className="text-sm text-zinc-500 dark:text-zinc-400">{page.total} Products</span>
            <SortMenu query={query} />
          </div>
        </div>
        <FilterChips query={query} />
        {page.items.length ? (
          <ProductGrid products={page.items} headingLevel="h2" />
        ) : (
          <p className="py-16 text-center text-zinc-500 dark:text-zinc-400">No products match these filters.</p>
        )}
        <Pagination query={query} pageCount={page.pageCount} />
      </section>
    </div>
  )
}
