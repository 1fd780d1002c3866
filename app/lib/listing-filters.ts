// The listing's filter groups, sort options and URL format: one configuration for page, API and service.
import { CATEGORIES, type Category } from './catalog'

export const SORT_OPTIONS = [
  { id: 'price-lowtohigh', label: 'Price: Low to High' },
  { id: 'price-hightolow', label: 'Price: High to Low' },
  { id: 'title-atoz', label: 'Title: A to Z' },
  { id: 'title-ztoa', label: 'Title: Z to A' },
] as const

export type SortId = (typeof SORT_OPTIONS)[number]['id']
export const DEFAULT_SORT: SortId = 'price-lowtohigh'

/** Price bands over the effective price, in paise; `max` is exclusive. */
export const PRICE_BANDS = [
  { id: 'under-500', label: 'Under ₹500', min: 0, max: 50_000 },
  { id: '500-1000', label: '₹500 to ₹1,000', min: 50_000, max: 100_000 },
  { id: '1000-2500', label: '₹1,000 to ₹2,500', min: 100_000, max: 250_000 },
  { id: 'above-2500', label: 'Above ₹2,500', min: 250_000, max: Number.MAX_SAFE_INTEGER },
] as const

export const AVAILABILITY = [
  { id: 'in-stock', label: 'In stock' },
  { id: 'on-sale', label: 'On sale' },
] as const

/** The Filters panel: one checkbox group per entry, in this order. */
export const FILTER_GROUPS = [
  { id: 'category', label: 'Category', options: CATEGORIES.map((c) => ({ id: c.id, label: c.label })) },
  { id: 'price', label: 'Price', options: PRICE_BANDS.map((b) => ({ id: b.id, label: b.label })) },
  { id: 'availability', label: 'Availability', options: AVAILABILITY.map((a) => ({ id: a.id, label: a.label })) },
] as const


export interface ListingFilters {
  category: Category[]
  price: (typeof PRICE_BANDS)[number]['id'][]
  availability: (typeof AVAILABILITY)[number]['id'][]
}

export interface ListingQuery {
  filters: ListingFilters
  sort: SortId
  page: number
}

export const PAGE_SIZE = 24

/** The known ids of one group named in the URL, as `a,b` or as repeated `group=a&group=b`. */
function selected<T extends string>(params: URLSearchParams, group: string, known: readonly { id: T }[]): T[] {
  const ids = new Set(known.map((o) => o.id as string))
  const values = params.getAll(group).flatMap((v) => v.split(','))
  return [...new Set(values.map((v) => v.trim()).filter((v) => ids.has(v)))] as T[]
}

/** Reads filters, sort and page from a URL; unknown values are ignored, never an error. */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const sortParam = params.get('sortBy')
  const sort = SORT_OPTIONS.some((o) => o.id === sortParam) ? (sortParam as SortId) : DEFAULT_SORT
  const pageParam = Number(params.get('page'))
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 100_000 ? pageParam : 1
  return {
    filters: {
      category: selected(params, 'category', CATEGORIES),
      price: selected(params, 'price', PRICE_BANDS),
      availability: selected(params, 'availability', AVAILABILITY),
    },
    sort,
    page,
  }
}

/** The URL search string for a listing state (comma lists, defaults left out). */
export function listingSearch(query: ListingQuery): string {
  const params = new URLSearchParams()
  for (const group of FILTER_GROUPS) {
    const values = query.filters[group.id]
    if (values.length) params.set(group.id, values.join(','))
  }
  if (query.sort !== DEFAULT_SORT) params.set('sortBy', query.sort)
  if (query.page > 1) params.set('page', String(query.page))
  const search = params.toString()
  return search ? `?${search}` : ''
}

/** The listing's heading: 'All Products' (docs/spec/screens.md) until categories are chosen, then their names. */
export function listingHeading(filters: ListingFilters): string {
  const names = CATEGORIES.filter((c) => filters.category.includes(c.id)).map((c) => c.label)
  if (names.length === 0) return 'All Products'
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** One chosen filter value shown as a chip: its label, and the listing's URL search without it. */
export interface FilterChip {
  group: (typeof FILTER_GROUPS)[number]['id']
  id: string
  label: string
  /** The same listing (sort kept) without this value, from page 1. */
  without: string
}

/** Every chosen filter value, in the Filters panel's order. */
export function filterChips(query: ListingQuery): FilterChip[] {
  return FILTER_GROUPS.flatMap((group) =>
    group.options
      .filter((option) => (query.filters[group.id] as string[]).includes(option.id))
      .map((option) => ({
        group: group.id,
        id: option.id,
        label: option.label,
        without: listingSearch({
          ...query,
          filters: { ...query.filters, [group.id]: (query.filters[group.id] as string[]).filter((v) => v !== option.id) },
          page: 1,
        }),
      })),
  )
}
