import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = () => [{ title: 'All Orders · Admin' }]

export default function AdminOrders() {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">All Orders</h1>
    </section>
  )
}
