import type { Route } from './+types/cart'

export const meta: Route.MetaFunction = () => [{ title: 'Your Cart' }]

export default function Cart() {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">Your Cart</h1>
    </section>
  )
}
