// A shopper's custom-order requests in Account, with each status in words and the quoted price.
import { Link } from 'react-router'
import { CUSTOM_ORDER_STATUS_LABELS, formatCustomOrderNumber } from '~/lib/custom-orders'
import { formatDate } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import type { CustomOrderSummary } from '~/domain/custom-orders/custom-orders.server'
import { buttonClass } from './ui/button'

export function CustomOrdersOfShopper({ requests }: { requests: CustomOrderSummary[] }) {
  return (
    <section className="grid gap-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h1 className="text-xl font-bold">Custom Orders</h1>
      {requests.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">No custom order requests yet.</p>
      ) : (
        <ul className="grid gap-3">
          {requests.map((r) => (
            <li key={r.id} className="grid gap-1 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">Request {formatCustomOrderNumber(r.id)}</span>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">Sent {formatDate(r.createdAt)}</span>
              </div>
              <p className="line-clamp-3 break-words">{r.description}</p>
              <p>
                Status: <strong>{CUSTOM_ORDER_STATUS_LABELS[r.status]}</strong>
                {r.quotedPaise !== null && r.status !== 'declined' ? <> · Price: <strong>{formatPaise(r.quotedPaise)}</strong></> : null}
              </p>
              {r.status !== 'new' ? (
                <Link to={`/shop/account/custom-orders/${r.id}`} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-brand-500">
                  {r.status === 'quoted' ? 'See the quote: accept or decline' : r.status === 'accepted' ? 'See the quote and pay' : 'See the quote'}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Link to="/shop/custom-order" className={buttonClass('outline', 'md', 'justify-self-start')}>
        Ask for a custom piece
      </Link>
    </section>
  )
}
