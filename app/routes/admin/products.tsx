import type { Route } from './+types/products'

export const meta: Route.MetaFunction = () => [{ title: 'Products · Admin' }]

export default function AdminProducts() {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Products</h1>
    </section>
  )
}
