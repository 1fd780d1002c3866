// Where Razorpay sends the shopper after paying a custom order's Payment Link (ADR 088): the signed
// query settles the payment once (the webhook and the poll may have already); the page says what came of it.
import { Link } from 'react-router'
import { formatCustomOrderNumber } from '~/lib/custom-orders'
import { linkCallback } from '~/web/custom-quote-pages.server'
import type { Route } from './+types/custom-quote-paid'

export const meta: Route.MetaFunction = () => [{ title: 'Custom order payment' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request }: Route.LoaderArgs) {
  return linkCallback(new URL(request.url))
}

export default function CustomQuotePaid({ loaderData }: Route.ComponentProps) {
  const { paid, requestId, message } = loaderData
  return (
    <section className="mx-auto grid w-full max-w-xl gap-4 px-4 py-10 text-center">
      <h1 className="text-2xl font-bold">{paid ? 'Thank you!' : 'Payment not completed'}</h1>
      <p role="status">
        {requestId ? `${formatCustomOrderNumber(requestId)}: ` : ''}
        {message}
      </p>
      <Link to={requestId ? `/shop/account/custom-orders/${requestId}` : '/shop/account?tab=custom'} className="inline-flex min-h-11 items-center justify-center font-medium text-brand-700 hover:underline dark:text-brand-500">
        See it in your account
      </Link>
    </section>
  )
}
