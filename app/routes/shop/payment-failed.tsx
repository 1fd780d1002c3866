// A failed or declined payment (issue 28): says in words what happened, whether money was taken (from
// our records, never from the browser), and offers to try again or choose another method.
import { Link } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import { getDb } from '~/infra/db.server'
import { formatPaise } from '~/lib/money'
import { formatOrderNumber } from '~/lib/order-status'
import { PAYMENT_MESSAGES } from '~/lib/payment-messages'
import { PAYMENT_OUTCOME_TEXT } from '~/lib/payment-outcomes'
import { readPaymentOutcome } from '~/domain/orders/payment-outcome.server'
import { requireUser } from '~/web/auth.server'
import { orNotFound } from '~/web/form-action.server'
import type { Route } from './+types/payment-failed'

export const meta: Route.MetaFunction = () => [{ title: PAYMENT_MESSAGES.verificationFailed }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const orderId = new URL(request.url).searchParams.get('order') ?? ''
  return { payment: await orNotFound(readPaymentOutcome(getDb(), user.id, orderId.slice(0, 200))) }
}

export default function PaymentFailed({ loaderData }: Route.ComponentProps) {
  const { payment } = loaderData
  const text = PAYMENT_OUTCOME_TEXT[payment.outcome]
  const settled = payment.outcome === 'paid' || payment.outcome === 'refunding' || payment.outcome === 'refunded'
  return (
    <section className="mx-auto grid w-full max-w-xl gap-5 px-4 py-8" aria-labelledby="payment-failed">
      <h1 id="payment-failed" className="text-2xl font-extrabold">
        {settled ? `Order ${formatOrderNumber(payment.number)}` : PAYMENT_MESSAGES.verificationFailed}
      </h1>
      <div className="grid gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" role="status">
        <p className="font-semibold">{text.said}</p>
        <p>{text.money}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Order {formatOrderNumber(payment.number)}, {formatPaise(payment.totalAmountPaise)}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        {settled ? (
          <Link to={`/shop/account/orders/${payment.orderId}`} className={buttonClass('primary')}>
            View order
          </Link>
        ) : (
          <>
            <Link to="/shop/checkout" className={buttonClass('primary')}>
              Try again
            </Link>
            <Link to="/shop/checkout" className={buttonClass('outline')}>
              Choose another method
            </Link>
            <Link to="/shop/cart" className={buttonClass('ghost')}>
              Back to cart
            </Link>
          </>
        )}
      </div>
    </section>
  )
}
