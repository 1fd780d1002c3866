import { Link } from 'react-router'
import { filterChips, type ListingQuery } from '~/lib/listing-filters'
import { CloseIcon } from './icons'

/**
 * The listing's chosen filters as chips under its heading: each a plain link to the same listing
 * without that filter (works without JS), 44 px tall.
 */
export function FilterChips({ query }: { query: ListingQuery }) {
  const chips = filterChips(query)
  if (chips.length === 0) return null
  return (
    <ul aria-label="Chosen filters" className="mb-4 flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={`${chip.group}-${chip.id}`}>
          <Link
            to={`/shop/listing${chip.without}`}
            preventScrollReset
            aria-label={`Remove filter: ${chip.label}`}
            className="flex min-h-11 min-w-11 items-center gap-1.5 rounded-full border border-zinc-300 bg-zinc-50 pr-3 pl-4 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800"
          >
            {chip.label}
            <CloseIcon className="h-4 w-4" />
          </Link>
        </li>
      ))}
    </ul>
  )
}
