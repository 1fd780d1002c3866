import { useEffect, useRef, useState } from 'react'
import { Form, useLocation, useNavigationType, useSearchParams } from 'react-router'
import { ProductGrid } from '~/components/product-grid'
import { SearchInput } from '~/components/ui/field'
import { getDb } from '~/infra/db.server'
import { CategoryLinks } from '~/components/category-links'
import { LIVE_SEARCH_DELAY_MS, MAX_KEYWORD_LENGTH, MIN_LIVE_KEYWORD_LENGTH } from '~/lib/search'
import { searchProducts } from '~/domain/catalog/catalog.server'
import type { Route } from './+types/search'

export const meta: Route.MetaFunction = () => [
  { title: 'Search' },
  { name: 'description', content: 'Search handmade resin jewellery, home decor, gifts and keepsakes.' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const keyword = (new URL(request.url).searchParams.get('keyword') ?? '').slice(0, MAX_KEYWORD_LENGTH)
  const products = keyword.trim() ? await searchProducts(getDb(), keyword) : []
  return { keyword, products }
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const [, setSearchParams] = useSearchParams()
  const [keyword, setKeyword] = useState(loaderData.keyword)
  const box = useRef<HTMLInputElement>(null)

  // Typed before the page came alive (a slow phone): take that text up as if typed now, so the search
  // still runs when typing stops.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = box.current?.value
    if (typed !== undefined && typed !== loaderData.keyword) setKeyword(typed)
  }, [])

  // Another search page opened while this one is shown (the header's search icon, Back): the box shows
  // its keyword, and an empty box takes the caret. Typing's own URL updates replace, so they are left.
  const location = useLocation()
  const navigationType = useNavigationType()
  const mounted = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new location, not on each keystroke
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true
      return
    }
    if (navigationType === 'REPLACE') return
    setKeyword(loaderData.keyword)
    if (!loaderData.keyword.trim()) box.current?.focus()
  }, [location.key])

  // With JS: search 1 s after typing stops, and only for more than 3 characters; shorter clears.
  useEffect(() => {
    const trimmed = keyword.trim()
    if (trimmed === loaderData.keyword.trim()) return
    const timer = setTimeout(
      () => setSearchParams(trimmed.length > MIN_LIVE_KEYWORD_LENGTH ? { keyword: trimmed } : {}, { replace: true, preventScrollReset: true }),
      trimmed.length > MIN_LIVE_KEYWORD_LENGTH ? LIVE_SEARCH_DELAY_MS : 0,
    )
    return () => clearTimeout(timer)
  }, [keyword, loaderData.keyword, setSearchParams])

  const searched = loaderData.keyword.trim() !== ''
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="sr-only">Search</h1>
      <Form method="get" role="search" className="mx-auto mb-8 flex max-w-xl gap-2">
        <SearchInput
          name="keyword"
          ref={box}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder="Search Products..."
          label="Search Products"
          autoComplete="off"
          // Opening the search page puts the caret in the box (the browser does it without JS, React on a
          // client navigation); a page of results does not, so a phone's keyboard does not cover them.
          autoFocus={!loaderData.keyword.trim()}
        />
        {/* With JS the search runs as you type; without it, this button (or Enter) searches. */}
        <button type="submit" className="no-js-only h-11 rounded-md bg-zinc-900 px-4 text-sm font-medium text-white">
          Search
        </button>
      </Form>
      {loaderData.products.length ? (
        <ProductGrid products={loaderData.products} headingLevel="h2" />
      ) : searched ? (
        <div className="py-16 text-center">
          <p className="text-2xl font-extrabold">No Result Found !</p>
          <nav aria-labelledby="search-suggestions" className="mt-8">
            <h2 id="search-suggestions" className="mb-4 text-base font-semibold">
              Browse a category instead
            </h2>
            <ul className="mx-auto grid max-w-xl grid-cols-2 gap-3">
              <CategoryLinks
                listItems
                className="flex min-h-11 items-center justify-center rounded-lg border border-zinc-200 bg-brand-50 p-3 font-semibold text-brand-900 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900 dark:text-brand-100"
              />
            </ul>
          </nav>
        </div>
      ) : null}
    </section>
  )
}
