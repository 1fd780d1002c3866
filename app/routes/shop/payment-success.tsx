import { useEffect } from 'react'
import { ButtonLink } from '~/components/ui/button'
import type { Route } from './+types/payment-success'

export const meta: Route.MetaFunction = () => [{ title: 'Payment Successful!' }]

/** Shown over the whole page (page scrolling is locked while it shows, as SPEC.md asks). */
export default function PaymentSuccess(_: Route.ComponentProps) {
  useEffect(() => {
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [])
  return (
    <section className="fixed inset-0 z-30 flex items-center justify-center bg-white/95 p-6 dark:bg-zinc-950/95">
      <div className="grid max-w-md gap-4 text-center">
        <h1 className="text-4xl font-extrabold">Payment Successful!</h1>
        <p className="text-zinc-600 dark:text-zinc-400">Thank you for your purchase. You can view your orders below.</p>
        <ButtonLink to="/shop/account">View My Orders</ButtonLink>
      </div>
    </section>
  )
}
