// Which URLs the page cache keeps, under which canonical query, and which product a kept page is
// about. The paths come from server/route-paths.ts; the queries are read by the pages' and the
// API's own parsers, so a kept answer is keyed exactly as the call itself reads it (ADR 049).
import { DEFAULT_SORT, type ListingQuery, listingSearch, parseListingQuery } from '~/lib/listing-filters'
import { POLICY_SLUGS } from '~/lib/policies'
import { MAX_KEYWORD_LENGTH } from '~/lib/search'
import { apiListingInput, apiListingQuerySchema, toListingQuery } from '~/schemas/api-listing'
import { pageSchema } from '~/schemas/pagination'
import { PRODUCT_ID, pathPattern, ROUTE_PATHS } from '../route-paths'

/**
 * Listing pages and /api list pages past this one are rendered afresh and never kept: shoppers seldom
 * page that far, and `?page=<any number>` would otherwise be endless canonical URLs, each kept,
 * pushing the pages everyone sees out of the LRU.
 */
const MAX_KEPT_PAGE = 20

/** Longer /api queries are answered afresh and never kept (and never parsed here). */
const MAX_API_QUERY = 1_000

/** Longer listing queries are rendered afresh and never kept. */
const MAX_LISTING_QUERY = 2_000

/** A search keyword in an /api path, as the search call takes it. */
const API_KEYWORD = '[^/?]{1,300}'

/**
 * The pages about one product and nothing else of the catalogue: its page and its /api answers
 * (product, reviews). A write confined to another product's rows leaves them (ADR 046).
 */
const PRODUCT_PAGE = pathPattern(ROUTE_PATHS.product, { params: { id: PRODUCT_ID } })
const PRODUCT_ANSWER = pathPattern(ROUTE_PATHS.apiProduct, { params: { id: PRODUCT_ID } })
const PRODUCT_REVIEWS = pathPattern(ROUTE_PATHS.apiReviews, { params: { productId: PRODUCT_ID } })
const PRODUCT_PAGES = [PRODUCT_PAGE, PRODUCT_ANSWER, PRODUCT_REVIEWS]

/** The policy pages' slugs (app/lib/policies.ts): any other path under /shop/policies/ is a 404, never kept. */
const POLICY_SLUG = POLICY_SLUGS.join('|')

const noQuery = (search: string) => (search === '' ? '' : null)

/**
 * Each cached path and the query string its page is kept under, or null when the page is rendered
 * afresh and never kept. Most pages are kept only under the query their own links write (anything
 * else, e.g. `?utm=...` or repeated keys, is odd: endless odd URLs cannot fill the cache). The
 * listing is kept under its canonical query: a filter form sent without JS (`?category=a&category=b
 * &sortBy=<default>`) or a tracking tag is answered with the canonical URL's kept page, which shows
 * the very same products and differs only in where its no-JS forms come back to (the canonical URL);
 * a miss renders the canonical URL's page (PageRequest.url) and keeps it. The catalogue /api calls
 * are kept under their canonical query too (ADR 049): `page=01` is `page=1`, a blank parameter is
 * none, as the calls themselves read them.
 */
const CACHED_PAGES: Array<[RegExp, (search: string) => string | null]> = [
  [pathPattern(ROUTE_PATHS.home), noQuery],
  [pathPattern(ROUTE_PATHS.aboutUs), noQuery],
  // The policy pages (ADR 081): a new version is a write to policy_versions, which drops every kept page.
  [pathPattern(ROUTE_PATHS.policy, { params: { slug: POLICY_SLUG } }), noQuery],
  [pathPattern(ROUTE_PATHS.listing), (search) => (search.length > MAX_LISTING_QUERY ? null : keptListingQuery(parseListingQuery(new URLSearchParams(search))))],
  [pathPattern(ROUTE_PATHS.search), searchQuery],
  [PRODUCT_PAGE, (search) => (search === '' || /^reviews=[1-9][0-9]{0,3}$/.test(search) ? search : null)],
  // The anonymous catalogue calls of /api: the same answer for every visitor, dropped with the pages.
  [pathPattern(ROUTE_PATHS.apiProducts), productsQuery],
  [PRODUCT_ANSWER, noQuery],
  [pathPattern(ROUTE_PATHS.apiSearch, { params: { keyword: API_KEYWORD } }), pageOnlyQuery],
  [PRODUCT_REVIEWS, pageOnlyQuery],
  [pathPattern(ROUTE_PATHS.apiFeatures), pageOnlyQuery],
]

function keptListingQuery(query: ListingQuery): string | null {
  return query.page > MAX_KEPT_PAGE ? null : listingSearch(query).slice(1)
}

/** The search page is kept for no query, or for exactly the `keyword=` its own form writes. */
function searchQuery(search: string): string | null {
  if (search === '') return ''
  const keyword = new URLSearchParams(search).get('keyword')
  return keyword !== null && keyword.length <= MAX_KEYWORD_LENGTH && new URLSearchParams({ keyword }).toString() === search ? search : null
}

/**
 * An /api list call's `page` as the call reads it (app/api/lists.server.ts, the same schema): '' for
 * none (absent or blank), else `page=<n>`; null when it is repeated, refused or past MAX_KEPT_PAGE.
 */
function apiPage(params: URLSearchParams): string | null {
  const values = params.getAll('page')
  if (values.length > 1) return null
  const raw = values[0]
  if (raw === undefined || raw === '') return ''
  const page = pageSchema.safeParse(raw)
  return page.success && page.data <= MAX_KEPT_PAGE ? `page=${page.data}` : null
}

/** The canonical query of a call that takes `page` only: blank parameters are none; any other value is odd. */
function pageOnlyQuery(search: string): string | null {
  if (search === '') return ''
  if (search.length > MAX_API_QUERY) return null
  const params = new URLSearchParams(search)
  for (const [name, value] of params) if (name !== 'page' && value.trim() !== '') return null
  return apiPage(params)
}

/**
 * The canonical query of the products API, read by the API's own parser (app/schemas/api-listing.ts):
 * each filter's values sorted, blank parameters and the default sort left out; null when the call
 * would refuse it (an unknown filter or value) or it is odd.
 */
function productsQuery(search: string): string | null {
  if (search === '') return ''
  if (search.length > MAX_API_QUERY) return null
  const params = new URLSearchParams(search)
  if (params.getAll('sortBy').length > 1) return null
  const parsed = apiListingQuerySchema.safeParse(apiListingInput(params))
  const page = apiPage(params)
  if (!parsed.success || page === null) return null
  const { filters, sort } = toListingQuery(parsed.data)
  const parts = (['category', 'price', 'availability'] as const)
    .filter((name) => filters[name].length > 0)
    .map((name) => `${name}=${[...filters[name]].sort().join(',')}`)
  if (sort !== DEFAULT_SORT) parts.push(`sortBy=${sort}`)
  if (page) parts.push(page)
  return parts.join('&')
}

/** Whether a kept answer is a catalogue /api answer (JSON, no page policy to rewrite). */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/')
}

/** The query string a page is kept under (see CACHED_PAGES), or null when it is never kept. */
export function keptQuery(path: string, search: string): string | null {
  for (const [pattern, canonical] of CACHED_PAGES) if (pattern.test(path)) return canonical(search)
  return null
}

/** The product a page is about when it shows that product only (see PRODUCT_PAGES), else null. */
export function productOf(path: string): string | null {
  for (const pattern of PRODUCT_PAGES) {
    const groups = pattern.exec(path)?.groups
    const id = groups && Object.values(groups)[0]
    if (id) return id
  }
  return null
}
