import type { Route } from './+types/payment-success'

export const meta: Route.MetaFunction = () => [{ title: 'Payment Successful!' }]

export default function PaymentSuccess() {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">Payment Successful!</h1>
    </section>
  )
}
