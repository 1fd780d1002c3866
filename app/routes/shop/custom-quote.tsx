// A signed-in shopper's custom request and its quote (ADR 088): accept (then pay), decline with a
// reason, or pay what is due (the whole price, the advance, or the balance before dispatch).
import { Link, useNavigation } from 'react-router'
import { QuoteAnswer } from '~/components/custom-quote-answer'
import { getDb } from '~/infra/db.server'
import { quoteOfShopper } from '~/domain/custom-orders/quote-payments.server'
import { requireUser } from '~/web/auth.server'
import { answerQuoteAction, shopperQuotePath } from '~/web/custom-quote-pages.server'
import { orNotFound } from '~/web/form-action.server'
import type { Route } from './+types/custom-quote'

export const meta: Route.MetaFunction = () => [{ title: 'Your custom order' }]

const idOf = (param: string) => (/^\d{1,9}$/.test(param) ? Number(param) : 0)

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  return orNotFound(quoteOfShopper(getDb(), idOf(params.requestId), user.id))
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const id = idOf(params.requestId)
  await orNotFound(quoteOfShopper(getDb(), id, user.id))
  return answerQuoteAction(id, { userId: user.id }, await request.formData(), shopperQuotePath(id))
}

export default function CustomQuote({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  return (
    <section className="mx-auto grid w-full max-w-xl gap-4 px-4 py-6">
      <Link to="/shop/account?tab=custom" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline dark:text-brand-500">
        ← Custom orders
      </Link>
      <QuoteAnswer requestId={loaderData.requestId} description={loaderData.description} quote={loaderData.quote} due={loaderData.due} lastResult={actionData} busy={busy} />
      {loaderData.quote.orderId ? (
        <Link to={`/shop/account/orders/${loaderData.quote.orderId}`} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-brand-500">
          See the order and its invoice
        </Link>
      ) : null}
    </section>
  )
}
