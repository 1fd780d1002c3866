// The payment confirmation (docs/spec): its title, text and 'View My Orders' button, on a page of its
// own that says which order was paid, for how much, what is coming, where, and what happens next.
import { Link } from 'react-router'
import { AddressLines } from '~/components/address-card'
import { OrderLines, RefundNotice } from '~/components/order-detail'
import { ButtonLink } from '~/components/ui/button'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { formatPaise } from '~/lib/money'
import { formatOrderNumber } from '~/lib/order-status'
import { requireUser } from '~/web/auth.server'
import { getPaidOrderForConfirmation } from '~/domain/orders/order-reads.server'
import type { Route } from './+types/payment-success'

export const meta: Route.MetaFunction = () => [{ title: 'Payment Successful!' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const orderId = new URL(request.url).searchParams.get('order')
  return {
    order: await getPaidOrderForConfirmation(getDb(), user, orderId),
    contactEmail: getConfig().CONTACT_EMAIL,
  }
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { order, contactEmail } = loaderData
  return (
    <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8">
      <div className="grid justify-items-center gap-3 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-400">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
            <path d="M5 12l5 5L20 7" />
          </svg>
        </span>
        <h1 className="text-3xl font-extrabold">Payment Successful!</h1>
        <p className="text-zinc-600 dark:text-zinc-400">Thank you for your purchase. You can view your orders below.</p>
      </div>

      {order ? (
        <>
          <dl className="grid grid-cols-2 gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <div>
              <dt className="text-sm text-zinc-500 dark:text-zinc-400">Order number</dt>
              <dd className="text-xl font-bold">{formatOrderNumber(order.number)}</dd>
            </div>
            <div className="text-right">
              <dt className="text-sm text-zinc-500 dark:text-zinc-400">Amount paid</dt>
              <dd className="text-xl font-bold">{formatPaise(order.totalAmountPaise)}</dd>
            </div>
          </dl>
          {/* An order the stock could not fill (paid after the last piece sold): say so, and that the money goes back. */}
          <RefundNotice order={order} />

          <section aria-labelledby="success-items" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <h2 id="success-items" className="font-semibold">
              Your items
            </h2>
            <OrderLines order={order} />
          </section>

          <section aria-labelledby="success-address" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <h2 id="success-address" className="mb-2 font-semibold">
              Delivering to
            </h2>
            <AddressLines address={order.address} />
          </section>

          <section aria-labelledby="success-next" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <h2 id="success-next" className="mb-2 font-semibold">
              What happens next
            </h2>
            <ol className="grid list-decimal gap-1.5 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
              <li>We check your order and start making your piece by hand (its status becomes "Being made").</li>
              <li>When it is packed and on its way, its status becomes "Shipped".</li>
              <li>
                {/* Running text: the address is an inline link in a sentence (WCAG 2.5.5's inline exception). */}
                <p>
                  Questions? Write to{' '}
                  <a className="font-medium underline" href={`mailto:${contactEmail}?subject=${encodeURIComponent(`Order ${formatOrderNumber(order.number)}`)}`}>
                    {contactEmail}
                  </a>{' '}
                  with your order number {formatOrderNumber(order.number)}.
                </p>
              </li>
            </ol>
          </section>
        </>
      ) : null}

      <div className="grid gap-2">
        <ButtonLink to="/shop/account">View My Orders</ButtonLink>
        <Link to="/shop/home" className="flex min-h-11 items-center justify-center text-sm font-medium underline">
          Continue shopping
        </Link>
      </div>
    </section>
  )
}
