import { Form, Link } from 'react-router'
import { OrdersTable } from '~/components/orders-table'
import { Pager } from '~/components/pager'
import { buttonClass } from '~/components/ui/button'
import { inputClass } from '~/components/ui/field'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { ALL_ORDER_STATUSES, orderStatusLabel } from '~/lib/order-status'
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
  const [orders, attentionCount] = await Promise.all([
    listAllOrders(getDb(), { status: view === 'unpaid' ? null : status, view, attention, page }),
    countNeedsAttention(getDb()),
  ])
  return { status: view === 'unpaid' ? '' : (status ?? ''), view, attention, attentionCount, orders, holdMinutes: getConfig().HOLD_MINUTES }
}

const VIEWS = [
  { id: 'orders', label: 'Orders', href: '/admin/orders' },
  { id: 'unpaid', label: 'Unpaid checkouts', href: '/admin/orders?view=unpaid' },
] as const

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, status, view, attention, attentionCount, holdMinutes } = loaderData
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">All Orders</h1>
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
        href={(page) =>
          `?${new URLSearchParams({ ...(status ? { status } : {}), ...(view === 'unpaid' ? { view } : {}), ...(attention ? { attention: '1' } : {}), page: String(page) })}`
        }
      />
    </section>
  )
}
