// One shelf's stock history, newest first: each change, what it left, why (a sale, a cancellation,
// a refund, the inventory page, the product form, a CSV import), and the order or admin behind it.
import { Link } from 'react-router'
import { historyHref, shelfName } from '~/components/admin/inventory-form'
import { Pager } from '~/components/pager'
import { getDb } from '~/infra/db.server'
import { formatDateTime } from '~/lib/dates'
import { STOCK_MOVEMENT_LABELS } from '~/lib/inventory'
import { historySubject, stockHistory } from '~/domain/catalog/stock-history.server'
import { orNotFound } from '~/web/form-action.server'
import { pageParam } from '~/schemas/pagination'
import type { Route } from './+types/inventory-history'

export const meta: Route.MetaFunction = () => [{ title: 'Stock history · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const text = (name: string) => (url.searchParams.get(name) ?? '').slice(0, 200)
  const shelf = { productId: text('product'), variety: text('option'), option2: text('option2'), color: text('colour') }
  const db = getDb()
  const { title, optionLabel, option2Label } = await orNotFound(historySubject(db, shelf.productId))
  const history = await stockHistory(db, shelf.productId, shelf, pageParam(url))
  return { shelf, title, optionLabel, option2Label, history }
}

export default function InventoryHistory({ loaderData }: Route.ComponentProps) {
  const { shelf, title, optionLabel, option2Label, history } = loaderData
  const name = shelfName({ optionLabel, option2Label, ...shelf })
  const change = (n: number) => (n > 0 ? `+${n}` : String(n))
  return (
    <section className="grid gap-4">
      <p>
        <Link to="/admin/inventory" className="inline-flex min-h-11 items-center underline">
          ← Inventory
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words">Stock history: {[title, name].filter(Boolean).join(', ')}</h1>
      {history.items.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">No changes recorded yet.</p>
      ) : (
        <ul aria-label="Changes" className="grid gap-2">
          {history.items.map((entry) => (
            <li key={entry.id} className="grid gap-1 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">
                  {STOCK_MOVEMENT_LABELS[entry.reason]} {change(entry.change)}
                </span>
                <span className="text-zinc-600 dark:text-zinc-400">{formatDateTime(entry.createdAt)}</span>
              </p>
              <p>
                Stock after: {entry.stockAfter}
                {entry.actorName ? ` · by ${entry.actorName}` : ''}
                {entry.orderId && entry.orderNumber !== null ? (
                  <>
                    {' · '}
                    <Link to={`/admin/orders/${entry.orderId}`} className="underline">
                      Order #{entry.orderNumber}
                    </Link>
                  </>
                ) : null}
              </p>
              {entry.note ? <p className="break-words text-zinc-600 dark:text-zinc-400">{entry.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <Pager page={history.page} pageCount={history.pageCount} href={(n) => `${historyHref(shelf)}&page=${n}`} />
    </section>
  )
}
