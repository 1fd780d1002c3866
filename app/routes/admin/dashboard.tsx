import { Link } from 'react-router'
import { getDb } from '~/db.server'
import { formatPaise } from '~/lib/money'
import { dashboardFigures } from '~/services/admin-dashboard.server'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard · Admin' }]

export async function loader() {
  return { figures: await dashboardFigures(getDb()) }
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const f = loaderData.figures
  const tiles = [
    { label: 'Revenue (paid orders)', value: formatPaise(f.revenuePaise), to: '/admin/orders' },
    { label: 'Orders to ship', value: String(f.toShip), to: '/admin/orders?status=confirmed' },
    { label: 'Paid orders', value: `${f.paidOrders} of ${f.orders}`, to: '/admin/orders' },
    { label: 'Flagged for refund', value: String(f.needsRefund), to: '/admin/orders' },
    { label: 'Products', value: String(f.products), to: '/admin/products' },
    { label: 'Low stock (under 10)', value: String(f.lowStock), to: '/admin/products' },
    { label: 'Out of stock', value: String(f.outOfStock), to: '/admin/products' },
  ]
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {tiles.map((tile) => (
          <Link key={tile.label} to={tile.to} className="rounded-lg border border-zinc-200 p-4 hover:shadow dark:border-zinc-800">
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{tile.label}</p>
            <p className="mt-1 text-2xl font-bold">{tile.value}</p>
          </Link>
        ))}
      </div>
    </section>
  )
}
