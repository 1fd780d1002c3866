// Where the admin's product grid stands (its search and page), kept in the url of the grid and of the
// product sheet over it, so closing the sheet or saving it goes back to the same search (issue 27).
import { useLocation } from 'react-router'
import { MAX_KEYWORD_LENGTH } from '~/lib/search'
import { pageSchema } from '~/schemas/pagination'

export const PRODUCTS_PATH = '/admin/products'

export interface GridPlace {
  /** The search by title or category, trimmed and cut to the search's limit; '' for none. */
  q: string
  page: number
}

/** The grid's place read from a url's query (the grid's, or a sheet's over it); a bad page is page 1. */
export function gridPlace(query: URLSearchParams): GridPlace {
  const page = pageSchema.safeParse(query.get('page') ?? undefined)
  return { q: (query.get('q') ?? '').trim().slice(0, MAX_KEYWORD_LENGTH), page: page.success ? page.data : 1 }
}

/** The place as a query string ('' for the whole grid's first page), with extra parameters (e.g. `delete`). */
export function gridSearch({ q, page }: GridPlace, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra)
  if (q) params.set('q', q)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return search ? `?${search}` : ''
}

/**
 * The grid's url for the place a url's query names: always the grid's own path with a query rebuilt
 * from the parsed values, so whatever the query held, it is never a way off the site (no open redirect).
 */
export function gridPath(query: URLSearchParams): string {
  return `${PRODUCTS_PATH}${gridSearch(gridPlace(query))}`
}

/** The grid the page over it (a product sheet) came from: where Close, Cancel and a save go back to. */
export function useGridPath(): string {
  return gridPath(new URLSearchParams(useLocation().search))
}
