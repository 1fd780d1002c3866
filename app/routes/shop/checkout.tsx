import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = () => [{ title: 'Checkout' }]

export default function Checkout() {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">Checkout</h1>
    </section>
  )
}
