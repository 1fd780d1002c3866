// The admin's custom-order requests: newest first, filtered by status, plain-link pages.
import { Form } from 'react-router'
import { CustomOrderList } from '~/components/admin/custom-order-views'
import { buttonClass } from '~/components/ui/button'
import { inputClass } from '~/components/ui/field'
import { getDb } from '~/infra/db.server'
import { CUSTOM_ORDER_STATUS_SHORT, CUSTOM_ORDER_STATUSES } from '~/lib/custom-orders'
import { listCustomOrders } from '~/domain/custom-orders/custom-orders.server'
import { pageParam } from '~/schemas/pagination'
import { Pager } from '~/components/pager'
import type { Route } from './+types/custom-orders'

export const meta: Route.MetaFunction = () => [{ title: 'Custom Orders · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  return listCustomOrders(getDb(), { status: url.searchParams.get('status'), page: pageParam(url) })
}

export default function AdminCustomOrders({ loaderData }: Route.ComponentProps) {
  const { items, status, page, pageCount, total } = loaderData
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Custom Orders</h1>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm">
          Status
          <select name="status" defaultValue={status ?? ''} className={`${inputClass} w-48`} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
            <option value="">All statuses</option>
            {CUSTOM_ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CUSTOM_ORDER_STATUS_SHORT[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass('outline', 'sm', 'no-js-only')}>
          Filter
        </button>
      </Form>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {total} request{total === 1 ? '' : 's'}
        {status ? ` with status ${CUSTOM_ORDER_STATUS_SHORT[status]}` : ''}.
      </p>
      {items.length === 0 ? (
        <p className="text-zinc-600">No custom requests{status ? ` with status ${CUSTOM_ORDER_STATUS_SHORT[status]}` : ''}.</p>
      ) : (
        <CustomOrderList items={items} />
      )}
      <Pager
        page={page}
        pageCount={pageCount}
        href={(p) => `?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) })}`}
      />
    </section>
  )
}
