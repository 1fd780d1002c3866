// How every /api list call answers (docs/api.md "Lists"): without `page`, every match up to the
// call's cap, saying how many there are and whether the answer was capped; with `page`, one page.
import { z } from 'zod'
import { PAGE_SIZE } from '~/lib/listing-filters'
import { pageSchema } from '~/schemas/pagination'
import { ADMIN_ORDERS_PAGE_SIZE } from '~/domain/orders/admin-orders.server'
import { parseInput } from '~/domain/errors'
import { pageCountOf, pageOffset } from '~/domain/paging.server'

/** Each list call's cap (items in one answer without `page`) and page size (with `page`). */
export const API_LISTS = {
  products: { cap: 500, pageSize: PAGE_SIZE },
  search: { cap: 500, pageSize: 24 },
  adminProducts: { cap: 500, pageSize: 100 },
  adminOrders: { cap: 1000, pageSize: ADMIN_ORDERS_PAGE_SIZE },
  orders: { cap: 500, pageSize: 20 },
  banners: { cap: 100, pageSize: 24 },
  reviews: { cap: 500, pageSize: 24 },
  adminReturns: { cap: 500, pageSize: 20 },
} as const satisfies Record<string, { cap: number; pageSize: number }>

export type ApiListName = keyof typeof API_LISTS

/** Which items to answer: every match up to the cap, or one page. `offset`/`limit` say which rows to read. */
export type ListWindow =
  | { paged: false; cap: number; offset: 0; limit: number }
  | { paged: true; page: number; pageSize: number; offset: number; limit: number }

const pageQuerySchema = z.object({ page: pageSchema })

/** The window a request asks for (`?page=n` or none); a bad page is a 400 naming `page`. */
export function listWindow(params: URLSearchParams, list: ApiListName): ListWindow {
  const { cap, pageSize } = API_LISTS[list]
  const raw = params.get('page')
  if (raw === null || raw === '') return { paged: false, cap, offset: 0, limit: cap }
  const { page } = parseInput(pageQuerySchema, { page: raw })
  return { paged: true, page, pageSize, offset: pageOffset(page, pageSize), limit: pageSize }
}

/** The list answer: `data` and `total`, plus `capped`/`cap` (no page) or `pagination` (a page). */
export function listAnswer<T>(items: T[], total: number, window: ListWindow) {
  if (!window.paged) return { success: true, data: items, total, capped: total > window.cap, cap: window.cap }
  return {
    success: true,
    data: items,
    total,
    pagination: {
      page: window.page,
      pageSize: window.pageSize,
      total,
      pageCount: pageCountOf(total, window.pageSize),
    },
  }
}

/** The window's slice of a list read whole (small lists: banners, a product's reviews). */
export function listAnswerOf<T, U>(all: T[], window: ListWindow, map: (item: T) => U) {
  return listAnswer(all.slice(window.offset, window.offset + window.limit).map(map), all.length, window)
}
