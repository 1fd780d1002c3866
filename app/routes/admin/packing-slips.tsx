// /admin/packing-slips: the paid orders still to pack, soonest dispatch first, a batch a page, and a
// plain GET form that downloads the ticked orders' packing slips as one PDF (ADR 072).
import { Pager } from '~/components/pager'
import { buttonClass } from '~/components/ui/button'
import { getDb } from '~/infra/db.server'
import { formatDispatchDay } from '~/lib/dispatch'
import { formatOrderNumber, orderStatusLabel } from '~/lib/order-status'
import { PACKING_SLIP_BATCH } from '~/lib/packing-slip'
import { listOrdersToPack } from '~/domain/orders/packing-slips.server'
import { pageParam } from '~/schemas/pagination'
import type { Route } from './+types/packing-slips'

export const meta: Route.MetaFunction = () => [{ title: 'Packing slips · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  return { orders: await listOrdersToPack(getDb(), { page: pageParam(new URL(request.url)) }) }
}

export default function PackingSlips({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="text-2xl font-bold">Packing slips</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Paid orders still to pack (confirmed or in process), soonest dispatch first. Slips print for up to {PACKING_SLIP_BATCH} orders at a
        time, one order a page, without prices.
      </p>
      {orders.total > PACKING_SLIP_BATCH ? (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {orders.total} orders are waiting: page {orders.page} of {orders.pageCount} holds {orders.items.length} of them. Print these,
          then the next page.
        </p>
      ) : null}
      {orders.items.length === 0 ? (
        <p className="text-zinc-600">No paid orders are waiting to be packed.</p>
      ) : (
        <form method="get" action="/admin/packing-slips.pdf" className="grid gap-3">
          {orders.page > 1 ? <input type="hidden" name="page" value={orders.page} /> : null}
          <fieldset className="grid gap-1 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
            <legend className="px-1 text-sm font-medium">Orders to pack</legend>
            {orders.items.map((order) => (
              <label key={order.id} className="flex min-h-11 items-center gap-3 rounded-md px-2 py-1 hover:bg-zinc-50 dark:hover:bg-zinc-900">
                <input type="checkbox" name="order" value={order.id} defaultChecked className="h-5 w-5 shrink-0" />
                <span className="grid min-w-0 text-sm">
                  <span className="font-semibold">
                    {formatOrderNumber(order.number)} · {order.userName}
                  </span>
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {order.dispatchBy ? `Dispatch by ${formatDispatchDay(order.dispatchBy)}` : 'No dispatch day'} · {orderStatusLabel(order.orderStatus)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
            Download packing slips
          </button>
        </form>
      )}
      <Pager page={orders.page} pageCount={orders.pageCount} href={(page) => `/admin/packing-slips${page > 1 ? `?page=${page}` : ''}`} />
    </section>
  )
}
