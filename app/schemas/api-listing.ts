// GET /api/shop/products/get's query: filters and sortBy, strictly. Unlike the listing page (which
// ignores what it does not know), the API refuses an unknown value or filter name with 400, so a
// client's "filtered" list is never silently the whole catalogue.
import { z } from 'zod'
import { CATEGORIES } from '~/lib/catalog'
import { AVAILABILITY, DEFAULT_SORT, type ListingFilters, PRICE_BANDS, SORT_OPTIONS, type SortId } from '~/lib/listing-filters'

const ids = (options: readonly { id: string }[]) => options.map((o) => o.id)

/** A filter group's values (comma lists or repeated parameters); each must be one of `known`. */
function group<T extends string>(name: string, known: readonly { id: T }[]) {
  const allowed = ids(known)
  return z
    .array(z.string())
    .refine((values) => values.every((v) => (allowed as string[]).includes(v)), {
      error: (issue) => {
        const unknown = (issue.input as string[]).filter((v) => !(allowed as string[]).includes(v))
        return `Unknown ${name} ${unknown.map((v) => `'${v.slice(0, 40)}'`).join(', ')}. One of: ${allowed.join(', ')}.`
      },
    })
    .transform((values) => values as T[])
}

export const API_LISTING_PARAMS = ['category', 'price', 'availability', 'sortBy', 'page'] as const

export const apiListingQuerySchema = z
  .object({
    category: group('category', CATEGORIES),
    price: group('price', PRICE_BANDS),
    availability: group('availability', AVAILABILITY),
    sortBy: z
      .enum(ids(SORT_OPTIONS) as [SortId, ...SortId[]], { error: `Unknown sortBy. One of: ${ids(SORT_OPTIONS).join(', ')}.` })
      .default(DEFAULT_SORT),
    /** Names of parameters the contract does not know: each is refused under its own name. */
    unknownParams: z.array(z.string()).default([]),
  })
  .superRefine((value, ctx) => {
    for (const name of value.unknownParams.slice(0, 20)) {
      ctx.addIssue({ code: 'custom', path: [name.slice(0, 40)], message: 'Unknown filter. Filters: category, price, availability (with sortBy and page).' })
    }
  })

/**
 * The query string as apiListingQuerySchema's input: each filter's values split on commas, blanks
 * dropped (`category=` selects nothing: no filter), an empty sortBy left out. A parameter whose every
 * value is blank is no filter at all, whatever its name: clients send each filter they know on every
 * call, blank when cleared (`?category=&brand=&sortBy=price-lowtohigh`). The names of other
 * parameters the contract does not know go in a list (never as keys: `__proto__` or `constructor`
 * must not reach an object) so the schema refuses each under its name.
 */
export function apiListingInput(params: URLSearchParams): Record<string, unknown> {
  const values = (name: string) =>
    params
      .getAll(name)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '')
  const sortBy = params.get('sortBy')?.trim()
  const input: Record<string, unknown> = {
    category: [...new Set(values('category'))],
    price: [...new Set(values('price'))],
    availability: [...new Set(values('availability'))],
    sortBy: sortBy || undefined,
    unknownParams: [...new Set(params.keys())].filter(
      (name) => !(API_LISTING_PARAMS as readonly string[]).includes(name) && params.getAll(name).some((v) => v.trim() !== ''),
    ),
  }
  return input
}

export type ApiListingQuery = { filters: ListingFilters; sort: SortId }

/** The parsed query as the catalogue service takes it. */
export function toListingQuery(parsed: z.infer<typeof apiListingQuerySchema>): ApiListingQuery {
  return {
    filters: { category: parsed.category, price: parsed.price, availability: parsed.availability },
    sort: parsed.sortBy,
  }
}
