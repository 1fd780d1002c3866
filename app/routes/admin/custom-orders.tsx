// The admin's custom-order requests: newest first, filtered by status, plain-link pages.
import { CustomOrderList } from '~/components/admin/custom-order-views'
import { StatusFilter, StatusPager } from '~/components/admin/status-filter'
import { getDb } from '~/infra/db.server'
import { CUSTOM_ORDER_STATUS_SHORT, CUSTOM_ORDER_STATUSES } from '~/lib/custom-orders'
import { listCustomOrders } from '~/domain/custom-orders/custom-orders.server'
import { statusListParams } from '~/schemas/pagination'
import type { Route } from './+types/custom-orders'

export const meta: Route.MetaFunction = () => [{ title: 'Custom Orders · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  return listCustomOrders(getDb(), statusListParams(new URL(request.url)))
}

export default function AdminCustomOrders({ loaderData }: Route.ComponentProps) {
  const { items, status, page, pageCount, total } = loaderData
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Custom Orders</h1>
      <StatusFilter status={status} statuses={CUSTOM_ORDER_STATUSES} labels={CUSTOM_ORDER_STATUS_SHORT} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {total} request{total === 1 ? '' : 's'}
        {status ? ` with status ${CUSTOM_ORDER_STATUS_SHORT[status]}` : ''}.
      </p>
      {items.length === 0 ? (
        <p className="text-zinc-600">No custom requests{status ? ` with status ${CUSTOM_ORDER_STATUS_SHORT[status]}` : ''}.</p>
      ) : (
        <CustomOrderList items={items} />
      )}
      <StatusPager status={status} page={page} pageCount={pageCount} />
    </section>
  )
}
