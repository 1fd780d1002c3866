import { Form, Link } from 'react-router'
import { OrderStatusBadge } from '~/components/order-badge'
import { buttonClass } from '~/components/ui/button'
import { inputClass } from '~/components/ui/field'
import { getDb } from '~/db.server'
import { formatDate } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import { ALL_ORDER_STATUSES } from '~/lib/order-status'
import { listAllOrders } from '~/services/admin-orders.server'
import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = () => [{ title: 'All Orders · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const status = url.searchParams.get('status')
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1)
  return { status: status ?? '', orders: await listAllOrders(getDb(), { status, page }) }
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, status } = loaderData
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">All Orders</h1>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm">
          Status
          <select name="status" defaultValue={status} className={`${inputClass} h-9 w-48`} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
            <option value="">All statuses</option>
            {ALL_ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass('outline', 'sm', 'no-js-only')}>
          Filter
        </button>
      </Form>
      {orders.items.length === 0 ? (
        <p className="text-zinc-600">No orders{status ? ` with status ${status}` : ''}.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm">
            <thead className="bg-zinc-50 dark:bg-zinc-900">
              <tr>
                <th className="p-3">Order ID</th>
                <th className="p-3">Order Date</th>
                <th className="p-3">Customer</th>
                <th className="p-3">Order Status</th>
                <th className="p-3">Order Price</th>
                <th className="p-3">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.items.map((order) => (
                <tr key={order.id} className="border-t border-zinc-200 dark:border-zinc-800">
                  <td className="p-3 font-mono text-xs">{order.id}</td>
                  <td className="p-3">{formatDate(order.orderDate)}</td>
                  <td className="p-3">
                    {order.userName}
                    <span className="block text-xs text-zinc-500">{order.email}</span>
                  </td>
                  <td className="p-3">
                    <OrderStatusBadge status={order.orderStatus} admin />
                  </td>
                  <td className="p-3">{formatPaise(order.totalAmountPaise)}</td>
                  <td className="p-3">
                    <Link to={`/admin/orders/${order.id}`} className={buttonClass('outline', 'sm')}>
                      View Details
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {orders.pageCount > 1 ? (
        <nav aria-label="Pages" className="flex justify-center gap-2">
          {Array.from({ length: orders.pageCount }, (_, i) => i + 1).map((page) => (
            <Link
              key={page}
              to={`?${new URLSearchParams({ ...(status ? { status } : {}), page: String(page) })}`}
              aria-current={page === orders.page ? 'page' : undefined}
              className={buttonClass(page === orders.page ? 'primary' : 'outline', 'sm')}
            >
              {page}
            </Link>
          ))}
        </nav>
      ) : null}
    </section>
  )
}
