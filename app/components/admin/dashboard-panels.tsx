// The admin dashboard's panels (docs/decisions/012-dashboard-figures.md): each takes its part of
// the domain's Dashboard read model.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Dashboard } from '~/domain/dashboard/admin-dashboard.server'
import { LOW_STOCK_THRESHOLD } from '~/lib/catalog'
import { formatDate } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import { formatOrderNumber } from '~/lib/order-status'
import { OrderStatusBadge } from '~/components/order-badge'
import { TestModeBadge } from '~/components/test-mode-badge'

const card = 'rounded-lg border border-zinc-200 p-4 dark:border-zinc-800'
const muted = 'text-sm text-zinc-600 dark:text-zinc-400'

export function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replaceAll(' ', '-')}`
  return (
    <section aria-labelledby={id} className={`${card} grid grid-cols-1 content-start gap-3`}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}

export function RevenuePeriods({ periods }: { periods: Dashboard['periods'] }) {
  return (
    <section aria-label="Revenue" className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
      {periods.map((period) => (
        <div key={period.label} className={`${card} flex items-baseline justify-between gap-2 p-3 sm:block sm:p-4`}>
          <p className={muted}>
            {period.label}
            <span className="block">
              {period.paidOrders} paid order{period.paidOrders === 1 ? '' : 's'}
            </span>
          </p>
          <p className="text-xl font-bold tabular-nums sm:mt-1 sm:text-2xl">{formatPaise(period.revenuePaise)}</p>
        </div>
      ))}
    </section>
  )
}

export function OrdersByStatus({ byStatus, needsAttention, totalOrders }: Pick<Dashboard, 'byStatus' | 'needsAttention' | 'totalOrders'>) {
  return (
    <Panel title="Orders by status" action={<span className={muted}>{totalOrders} in all</span>}>
      <ul className="grid gap-1">
        {byStatus.map(({ status, count }) => (
          <li key={status}>
            <Link
              to={`/admin/orders?status=${status}`}
              className="flex min-h-11 items-center justify-between rounded-md px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <OrderStatusBadge status={status} admin />
              <span className="font-semibold tabular-nums">{count}</span>
            </Link>
          </li>
        ))}
      </ul>
      {needsAttention > 0 ? (
        <Link
          to="/admin/orders?attention=1"
          className="flex min-h-11 items-center rounded-md bg-red-50 p-2 text-sm text-red-800 underline dark:bg-red-950 dark:text-red-200"
        >
          {needsAttention} order{needsAttention === 1 ? ' needs' : 's need'} attention: a refund failed, or a paid order could not be filled.
        </Link>
      ) : null}
    </Panel>
  )
}

export function StockAlerts({ stock }: Pick<Dashboard, 'stock'>) {
  return (
    <Panel
      title="Stock alerts"
      action={
        <span className={muted}>
          {stock.outOfStock} out · {stock.lowStock} low
        </span>
      }
    >
      {stock.items.length === 0 ? (
        <p className={muted}>Every piece, size and colour has at least {LOW_STOCK_THRESHOLD} in stock.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-1">
          {stock.items.map((shelf) => (
            <li key={`${shelf.productId}-${shelf.choice}`}>
              <Link
                to={`/admin/inventory?q=${encodeURIComponent(shelf.title)}`}
                className="flex min-h-11 items-center justify-between gap-3 rounded-md px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
              >
                <span className="min-w-0">
                  <span className="block truncate">{shelf.title}</span>
                  {shelf.choice ? <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">{shelf.choice}</span> : null}
                </span>
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
                    shelf.stock === 0 ? 'bg-red-600 text-white' : 'bg-amber-100 text-amber-900'
                  }`}
                >
                  {shelf.stock === 0 ? 'Out of stock' : `${shelf.stock} left`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {stock.lowStock + stock.outOfStock > stock.items.length ? (
        <p className={muted}>
          <Link to="/admin/inventory?stock=low" className="underline">
            and {stock.lowStock + stock.outOfStock - stock.items.length} more
          </Link>{' '}
          of {stock.shelves} in the inventory.
        </p>
      ) : null}
    </Panel>
  )
}

export function LatestOrders({ latestOrders }: Pick<Dashboard, 'latestOrders'>) {
  return (
    <Panel
      title="Latest orders"
      action={
        <Link to="/admin/orders" className="-my-3 inline-flex min-h-11 items-center text-sm font-medium underline">
          All orders
        </Link>
      }
    >
      {latestOrders.length === 0 ? (
        <p className={muted}>No orders yet.</p>
      ) : (
        <ul className="grid divide-y divide-zinc-200 dark:divide-zinc-800">
          {latestOrders.map((order) => (
            <li key={order.id}>
              <Link
                to={`/admin/orders/${order.id}`}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 hover:bg-zinc-50 dark:hover:bg-zinc-900"
              >
                <span className="min-w-0">
                  <span className="block font-medium">
                    {order.userName}
                    <TestModeBadge testMode={order.testMode} />
                  </span>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                    {formatDate(order.orderDate)} · {formatOrderNumber(order.number)}
                  </span>
                </span>
                <span className="flex items-center gap-3">
                  <OrderStatusBadge status={order.orderStatus} admin />
                  <span className="font-semibold tabular-nums">{formatPaise(order.totalAmountPaise)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
