import { useRef } from 'react'
import { Form, Link, useSubmit } from 'react-router'
import { cn } from '~/lib/cn'
import { FILTER_GROUPS, type ListingQuery, listingSearch, SORT_OPTIONS } from '~/lib/listing-filters'
import { CloseIcon } from './icons'
import { buttonClass } from './ui/button'
import { Disclosure } from './ui/disclosure'

/**
 * The Filters panel: a GET form of checkbox groups. Without JS 'Apply' submits it; with JS every
 * change updates the URL at once. On phones it is a full-screen drawer behind a 'Filters' button:
 * a CSS-only checkbox toggle (#show-filters), so it opens and closes without JS too.
 */
export function FiltersPanel({ query, total }: { query: ListingQuery; total: number }) {
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const selectedCount = FILTER_GROUPS.reduce((n, g) => n + query.filters[g.id].length, 0)
  const panel = (
    <Form
      // Remount when the URL's filters change elsewhere (e.g. 'Clear filters'), so the boxes follow it.
      key={JSON.stringify(query.filters)}
      ref={form}
      id="filters-form"
      method="get"
      action="/shop/listing"
      onChange={() => form.current && submit(form.current, { replace: true, preventScrollReset: true })}
      className="grid gap-5"
    >
      {query.sort !== 'price-lowtohigh' ? <input type="hidden" name="sortBy" value={query.sort} /> : null}
      {FILTER_GROUPS.map((group) => (
        <fieldset key={group.id} className="grid">
          <legend className="mb-1 text-sm font-semibold">{group.label}</legend>
          {group.options.map((option) => (
            <label key={option.id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
              <input
                type="checkbox"
                name={group.id}
                value={option.id}
                defaultChecked={(query.filters[group.id] as string[]).includes(option.id)}
                className="h-5 w-5 shrink-0 accent-zinc-900 dark:accent-zinc-100"
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      ))}
      {selectedCount > 0 ? (
        <Link
          to={`/shop/listing${listingSearch({ ...query, filters: { category: [], price: [], availability: [] }, page: 1 })}`}
          className="flex min-h-11 items-center text-sm underline"
        >
          Clear filters
        </Link>
      ) : null}
    </Form>
  )
  return (
    <aside aria-label="Filters" className="group">
      {/* The phones' toggle: a visually hidden checkbox its labels tick; wider screens always show the panel. */}
      <input type="checkbox" id="show-filters" aria-label="Show filters" className="peer sr-only md:hidden" />
      <label
        htmlFor="show-filters"
        className={buttonClass('outline', 'md', 'w-full cursor-pointer justify-between peer-focus-visible:outline-2 md:hidden')}
      >
        <span className="text-base font-bold">Filters</span>
        <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">{selectedCount ? `${selectedCount} selected` : 'Show'}</span>
      </label>
      <div
        data-filters-drawer=""
        className="fixed inset-0 z-50 hidden flex-col bg-white peer-checked:flex md:static md:z-auto md:flex md:rounded-lg md:border md:border-zinc-200 dark:bg-zinc-950 md:dark:border-zinc-800"
      >
        <div className="flex items-center justify-between border-b border-zinc-200 px-4 py-2 md:border-0 md:pt-4 md:pb-0 dark:border-zinc-800">
          <h2 className="text-lg font-bold">Filters</h2>
          <label htmlFor="show-filters" aria-label="Close filters" className={buttonClass('ghost', 'icon', 'cursor-pointer md:hidden')}>
            <CloseIcon />
          </label>
        </div>
        <div className="flex-1 overflow-y-auto overscroll-contain px-4 py-4">{panel}</div>
        <div className="border-t border-zinc-200 p-4 md:border-0 md:pt-0 dark:border-zinc-800">
          {/* Without JS, Apply submits the choices; with JS they apply at once and this shows them. */}
          <button type="submit" form="filters-form" className={buttonClass('primary', 'md', 'no-js-only w-full')}>
            Apply
          </button>
          <label htmlFor="show-filters" className={buttonClass('primary', 'md', 'js-only w-full cursor-pointer md:hidden')}>
            Show {total} Products
          </label>
        </div>
      </div>
    </aside>
  )
}

/** 'Sort by' as a menu of links: each option is the same listing with another sortBy, from page 1. */
export function SortMenu({ query }: { query: ListingQuery }) {
  const current = SORT_OPTIONS.find((o) => o.id === query.sort) ?? SORT_OPTIONS[0]
  return (
    <Disclosure
      className="relative"
      summaryLabel={`Sort by: ${current.label}`}
      summaryClassName={buttonClass('outline', 'sm', 'cursor-pointer')}
      summary={<span>Sort by: {current.label}</span>}
    >
      <ul className="absolute right-0 z-30 mt-2 grid w-56 gap-1 rounded-md border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900">
        {SORT_OPTIONS.map((option) => (
          <li key={option.id}>
            <Link
              to={`/shop/listing${listingSearch({ ...query, sort: option.id, page: 1 })}`}
              preventScrollReset
              aria-current={option.id === query.sort ? 'true' : undefined}
              className={cn(
                'flex min-h-11 items-center rounded px-3 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800',
                option.id === query.sort && 'font-semibold',
              )}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </Disclosure>
  )
}

/** Previous / numbered / Next page links (plain links: work without JS and are crawlable). */
export function Pagination({ query, pageCount }: { query: ListingQuery; pageCount: number }) {
  if (pageCount <= 1) return null
  const href = (page: number) => `/shop/listing${listingSearch({ ...query, page })}`
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pageCount || Math.abs(p - query.page) <= 1,
  )
  const linkClass = 'flex h-11 min-w-11 items-center justify-center rounded-md border border-zinc-300 px-3 text-sm dark:border-zinc-700'
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {query.page > 1 ? (
        <Link to={href(query.page - 1)} rel="prev" className={linkClass}>
          Previous
        </Link>
      ) : null}
      {pages.map((page, index) => (
        <span key={page} className="flex items-center gap-2">
          {index > 0 && page - (pages[index - 1] ?? page) > 1 ? <span aria-hidden="true">…</span> : null}
          <Link
            to={href(page)}
            aria-current={page === query.page ? 'page' : undefined}
            className={cn(linkClass, page === query.page && 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900')}
          >
            {page}
          </Link>
        </span>
      ))}
      {query.page < pageCount ? (
        <Link to={href(query.page + 1)} rel="next" className={linkClass}>
          Next
        </Link>
      ) : null}
    </nav>
  )
}
