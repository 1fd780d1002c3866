// TEST MODE Payment Link page (ADR 088): where a custom order's link leads when no Razorpay keys are
// set. Pay marks the link paid and sends the shopper to the callback with a correctly signed query,
// as Razorpay would; nothing here exists with keys.
import { data, Form, Link, redirect } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import { getPaymentLinks, getTestLinks } from '~/infra/payment-links.server'
import { formatPaise } from '~/lib/money'
import { EXCHANGE_CALLBACK_PATH } from '~/web/exchange-pages.server'
import type { Route } from './+types/custom-quote-pay-test'

export const meta: Route.MetaFunction = () => [{ title: 'TEST MODE payment' }, { name: 'robots', content: 'noindex' }]

function openLink(linkId: string) {
  if (getPaymentLinks().name !== 'test') throw data(null, { status: 404 })
  const link = getTestLinks().links.get(linkId)
  if (!link) throw data(null, { status: 404 })
  return link
}

export async function loader({ params }: Route.LoaderArgs) {
  const link = openLink(params.linkId)
  // Cancel goes back where the link was opened: an exchange's from her orders, a quote's from her custom orders.
  const back = new URL(link.callbackUrl, 'http://shop').pathname === EXCHANGE_CALLBACK_PATH ? '/shop/account' : '/shop/account?tab=custom'
  return { amountPaise: link.amountPaise, status: link.status, back }
}

export async function action({ params }: Route.ActionArgs) {
  const link = openLink(params.linkId)
  if (link.status !== 'created') throw data(null, { status: 409 })
  const query = new URLSearchParams(getTestLinks().pay(params.linkId))
  return redirect(`${link.callbackUrl}?${query}`)
}

export default function CustomQuotePayTest({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
      <p className="rounded-md border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-center font-bold tracking-widest text-amber-900">TEST MODE</p>
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-bold">Pay {formatPaise(loaderData.amountPaise)}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No money moves: this stands in for a Razorpay Payment Link until keys are configured.</p>
      </div>
      {loaderData.status === 'created' ? (
        <Form method="post">
          <button type="submit" className={buttonClass('primary', 'md', 'w-full')}>
            Pay
          </button>
        </Form>
      ) : (
        <p className="text-center">This link is {loaderData.status}.</p>
      )}
      <Link to={loaderData.back} className={buttonClass('outline', 'md', 'w-full')}>
        Cancel
      </Link>
    </section>
  )
}
