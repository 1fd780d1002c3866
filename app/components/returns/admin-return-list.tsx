// The owner's list of returns (issue 31, ADR 099) on /admin/returns: each with its order (linked to the
// admin order page, where the moves are), shopper, pieces, reasons, state and the day it was asked.
import { Link } from 'react-router'
import { formatDate } from '~/lib/dates'
import { formatOrderNumber } from '~/lib/order-status'
import { type AdminReturnView, RETURN_REASON_LABELS, RETURN_STATUS_LABELS } from '~/lib/returns'

export function AdminReturnList({ items }: { items: AdminReturnView[] }) {
  return (
    <ul className="grid gap-3" aria-label="Returns list">
      {items.map((ret) => (
        <li key={ret.id} className="grid gap-1 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800" data-return-status={ret.status}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={`/admin/orders/${ret.orderId}`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-brand-500">
              Order {formatOrderNumber(ret.orderNumber)} · Return {ret.number}
            </Link>
            <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium dark:bg-zinc-800">{RETURN_STATUS_LABELS[ret.status]}</span>
          </div>
          <p className="break-words">
            {ret.shopper.name} <span className="text-zinc-600 dark:text-zinc-400">({ret.shopper.email})</span>
          </p>
          <p className="break-words">Pieces: {ret.items.map((i) => `${i.quantity} × ${i.title}`).join(', ')}</p>
          <p>Reason: {[...new Set(ret.items.map((i) => RETURN_REASON_LABELS[i.reason]))].join(', ')}</p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Asked {formatDate(ret.createdAt)}</p>
        </li>
      ))}
    </ul>
  )
}
