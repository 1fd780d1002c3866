import { Form, Link } from 'react-router'
import { OrdersTable } from '~/components/orders-table'
import { Pager } from '~/components/pager'
import { buttonClass } from '~/components/ui/button'
import { inputClass } from '~/components/ui/field'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { ALL_ORDER_STATUSES, orderStatusLabel } from '~/lib/order-status'
import { ORDER_LIST_SORT_LABELS, ORDER_LIST_SORTS, type OrderListSort, orderListSortOf } from '~/lib/dispatch'
import { listAllOrders } from '~/domain/orders/admin-orders.server'
import { countNeedsAttention } from '~/domain/orders/order-attention.server'
import { pageParam } from '~/schemas/pagination'
import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = () => [{ title: 'All Orders · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const status = url.searchParams.get('status')
  // Unpaid checkouts are not orders: the default list leaves them out, their own view lists them.
  const view = url.searchParams.get('view') === 'unpaid' ? 'unpaid' : 'orders'
  const attention = view === 'orders' && url.searchParams.get('attention') === '1'
  const page = pageParam(url)
  const sort = orderListSortOf(url.searchParams.get('sort'))
  const [orders, attentionCount] = await Promise.all([
    listAllOrders(getDb(), { status: view === 'unpaid' ? null : status, view, attention, sort, page }),
    countNeedsAttention(getDb()),
  ])
  return { status: view === 'unpaid' ? '' : (status ?? ''), view, attention, sort, attentionCount, orders, holdMinutes: getConfig().HOLD_MINUTES }
}

/** The list's address with these filters, sort and page (defaults left out). */
function listHref(query: { status: string; view: string; attention: boolean; sort: OrderListSort; page?: number }): string {
  const params = new URLSearchParams({
    ...(query.status ? { status: query.status } : {}),
    ...(query.view === 'unpaid' ? { view: query.view } : {}),
    ...(query.attention ? { attention: '1' } : {}),
    ...(query.sort !== 'newest' ? { sort: query.sort } : {}),
    ...(query.page && query.page > 1 ? { page: String(query.page) } : {}),
  })
  return `/admin/orders${params.size ? `?${params}` : ''}`
}

const VIEWS = [
  { id: 'orders', label: 'Orders', href: '/admin/orders' },
  { id: 'unpaid', label: 'Unpaid checkouts', href: '/admin/orders?view=unpaid' },
] as const

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, status, view, attention, sort, attentionCount, holdMinutes } = loaderData
  return (
    <section className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">All Orders</h1>
        <Link to="/admin/packing-slips" className={buttonClass('outline', 'sm')}>
          Packing slips
        </Link>
      </div>
      <nav aria-label="Order views" className="flex flex-wrap gap-2">
        {VIEWS.map((v) => (
          <Link key={v.id} to={v.href} aria-current={v.id === view ? 'page' : undefined} className={buttonClass(v.id === view ? 'primary' : 'outline', 'sm')}>
            {v.label}
          </Link>
        ))}
      </nav>
      {view === 'unpaid' ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Checkouts where payment was started but not completed. They are not orders: each holds its stock for {holdMinutes}{' '}
          minutes, then it lapses; a payment that still arrives is confirmed if the stock is there.
        </p>
      ) : (
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm">
          Status
          <select name="status" defaultValue={status} className={`${inputClass} h-9 w-48`} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
            <option value="">All statuses</option>
            {ALL_ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        {attention ? <input type="hidden" name="attention" value="1" /> : null}
        {sort !== 'newest' ? <input type="hidden" name="sort" value={sort} /> : null}
        <button type="submit" className={buttonClass('outline', 'sm', 'no-js-only')}>
          Filter
        </button>
        <Link
          to={attention ? '/admin/orders' : '/admin/orders?attention=1'}
          aria-current={attention ? 'page' : undefined}
          className={buttonClass(attention ? 'primary' : 'outline', 'sm')}
        >
          Needs attention ({attentionCount})
        </Link>
      </Form>
      )}
      <nav aria-label="Sort orders" className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-zinc-600 dark:text-zinc-400">Sort:</span>
        {ORDER_LIST_SORTS.map((id) => (
          <Link
            key={id}
            to={listHref({ status, view, attention, sort: id })}
            aria-current={id === sort ? 'page' : undefined}
            className={buttonClass(id === sort ? 'primary' : 'outline', 'sm')}
          >
            {ORDER_LIST_SORT_LABELS[id]}
          </Link>
        ))}
      </nav>
      {orders.items.length === 0 ? (
        <p className="text-zinc-600">
          {view === 'unpaid'
            ? 'No unpaid checkouts.'
            : `No orders${attention ? ' need attention' : ''}${status ? ` with status ${orderStatusLabel(status)}` : ''}.`}
        </p>
      ) : (
        <div className="rounded-lg border border-zinc-200 dark:border-zinc-800">
          <OrdersTable orders={orders.items} detailsHref={(id) => `/admin/orders/${id}`} admin />
        </div>
      )}
      <Pager
        page={orders.page}
        pageCount={orders.pageCount}
        href={(page) => listHref({ status, view, attention, sort, page })}
      />
    </section>
  )
}
