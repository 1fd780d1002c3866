// Pages of a list: which page a request means, which rows it holds and how many pages there are.
// Every paginated list (product listing, admin orders, custom orders, reviews, mailbox) and the
// /api list windows count the same way, so page 3 means the same rows everywhere.
import type { SelectQueryBuilder } from 'kysely'

/** One page of a list: its items, how many match in all, and where it stands. */
export interface Page<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
  pageCount: number
}

/** How many pages `total` items fill at `pageSize` a page: at least 1, so an empty list is page 1 of 1. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** The page asked for as a whole number from 1 (none: 1); with `pageCount`, no further than the last page. */
export function wholePage(page: number | undefined, pageCount = Number.POSITIVE_INFINITY): number {
  return Math.min(Math.max(1, Math.floor(page ?? 1)), pageCount)
}

/** How many rows come before page `page`. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize
}

/** The query cut to the rows of page `page` (the query sets the order). */
export function onePage<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: number, pageSize: number) {
  return query.limit(pageSize).offset(pageOffset(page, pageSize))
}

/**
 * Page `page` of the rows `matching` finds, with `select` choosing their columns and order, and how
 * many match in all: two queries over the same filter, run side by side.
 */
export async function readPage<DB, TB extends keyof DB, O, Row>(
  matching: SelectQueryBuilder<DB, TB, O>,
  select: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  options: { page?: number; pageSize: number },
): Promise<Page<Row>> {
  const { pageSize } = options
  const page = wholePage(options.page)
  const [items, count] = await Promise.all([
    onePage(select(matching), page, pageSize).execute() as Promise<Row[]>,
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  const total = Number((count as { total: number | string | bigint }).total)
  return { items, total, page, pageSize, pageCount: pageCountOf(total, pageSize) }
}
