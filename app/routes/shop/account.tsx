import { Link, useLocation } from 'react-router'
import { AddressCard } from '~/components/address-card'
import { AddressForm } from '~/components/address-form'
import { OrdersTable } from '~/components/orders-table'
import { getDb } from '~/infra/db.server'
import { cn } from '~/lib/cn'
import { responsiveImage } from '~/lib/images'
import { listAddresses } from '~/domain/accounts/addresses.server'
import { addressAction } from '~/web/address-requests.server'
import { requireUser } from '~/web/auth.server'
import { listBanners } from '~/domain/catalog/banners.server'
import { abandonedBefore, listOrdersOf } from '~/domain/orders/order-reads.server'
import { listCustomOrdersOf } from '~/domain/custom-orders/custom-orders.server'
import { CustomOrdersOfShopper } from '~/components/custom-orders-of-shopper'
import type { Route } from './+types/account'

export const meta: Route.MetaFunction = () => [{ title: 'Account' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const url = new URL(request.url)
  const db = getDb()
  const [orders, addresses, banners, customOrders] = await Promise.all([
    // Abandoned unpaid checkouts (untouched and holding nothing for HOLD_MINUTES) are not orders.
    listOrdersOf(db, user.id, { hideUnpaidBefore: abandonedBefore() }),
    listAddresses(db, user.id),
    listBanners(db),
    listCustomOrdersOf(db, user.id),
  ])
  const tab = url.searchParams.get('tab')
  return {
    tab: tab === 'address' ? ('address' as const) : tab === 'custom' ? ('custom' as const) : ('orders' as const),
    customOrders,
    editing: addresses.find((a) => a.id === url.searchParams.get('edit')) ?? null,
    orders,
    addresses,
    banner: banners[0]?.image ?? null,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const form = await request.formData()
  return addressAction(user.id, form, '/shop/account?tab=address')
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, orders, addresses, editing, banner, customOrders } = loaderData
  const location = useLocation()
  const bannerImage = banner ? responsiveImage(banner) : null
  const tabClass = (active: boolean) =>
    cn('flex min-h-11 items-center rounded-md px-4 text-sm font-medium', active ? 'bg-white shadow dark:bg-zinc-800' : 'text-zinc-600 dark:text-zinc-400')
  return (
    <div className="flex flex-col">
      <div className="relative h-40 w-full overflow-hidden bg-zinc-900 sm:h-56">
        {bannerImage ? (
          <img src={bannerImage.src} srcSet={bannerImage.srcSet} sizes="100vw" alt="" width={1280} height={512} className="h-full w-full object-cover" />
        ) : null}
      </div>
      <div className="mx-auto w-full max-w-5xl px-4 py-8">
        <nav aria-label="Account" className="mb-6 inline-flex flex-wrap gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-900">
          <Link to="?tab=orders" aria-current={tab === 'orders' ? 'page' : undefined} className={tabClass(tab === 'orders')}>
            Orders
          </Link>
          <Link to="?tab=address" aria-current={tab === 'address' ? 'page' : undefined} className={tabClass(tab === 'address')}>
            Address
          </Link>
          <Link to="?tab=custom" aria-current={tab === 'custom' ? 'page' : undefined} className={tabClass(tab === 'custom')}>
            Custom orders
          </Link>
          <Link to="/shop/account/data" className={tabClass(false)}>
            Your data
          </Link>
        </nav>
        {tab === 'orders' ? (
          <section className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <h1 className="mb-4 text-xl font-bold">Order History</h1>
            {orders.length === 0 ? (
              <p className="text-zinc-600 dark:text-zinc-400">No orders yet.</p>
            ) : (
              <OrdersTable orders={orders} detailsHref={(id) => `/shop/account/orders/${id}`} />
            )}
          </section>
        ) : tab === 'custom' ? (
          <CustomOrdersOfShopper requests={customOrders} />
        ) : (
          <section className="grid gap-6">
            <h1 className="text-xl font-bold">Address</h1>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {addresses.map((address) => (
                <AddressCard key={address.id} address={address} editHref={`?tab=address&edit=${address.id}`} />
              ))}
            </div>
            <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
              <h2 className="mb-4 text-lg font-semibold">{editing ? 'Edit Address' : 'Add New Address'}</h2>
              <AddressForm
                // A new location (after any post) starts the form afresh, e.g. after the 4th-address refusal.
                key={editing?.id ?? `new-${location.key}`}
                lastResult={actionData}
                editing={editing}
                cancelHref="?tab=address"
              />
            </div>
          </section>
        )}
      </div>
    </div>
  )
}
