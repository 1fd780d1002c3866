// The quote mail's signed link (ADR 088): no password, one answer (accept, then pay; or decline with a
// reason) while the quote stands; an expired, used or altered link says so.
import { data, Link, useNavigation } from 'react-router'
import { QuoteAnswer } from '~/components/custom-quote-answer'
import { getDb } from '~/infra/db.server'
import { quoteLinkSecret } from '~/infra/payment-links.server'
import { clock } from '~/domain/clock'
import { QuoteLinkRefused, quoteLinkUsed, readQuoteLink } from '~/domain/custom-orders/quote-links.server'
import { readQuote } from '~/domain/custom-orders/quotes.server'
import { answerQuoteAction, quoteLinkPath } from '~/web/custom-quote-pages.server'
import type { Route } from './+types/custom-quote-link'

export const meta: Route.MetaFunction = () => [{ title: 'Your custom order quote' }, { name: 'robots', content: 'noindex' }]

/** The link, or why it cannot act: the page shows the reason with a 400. */
async function linkOf(token: string) {
  try {
    const link = readQuoteLink(quoteLinkSecret(), token, clock.now())
    if (await quoteLinkUsed(getDb(), link)) throw new QuoteLinkRefused('used')
    return { link, refused: null }
  } catch (error) {
    if (error instanceof QuoteLinkRefused) return { link: null, refused: error.message }
    throw error
  }
}

export async function loader({ params }: Route.LoaderArgs) {
  const { link, refused } = await linkOf(params.token)
  if (!link) return data({ refused, view: null }, { status: 400 })
  const { request, quote } = await readQuote(getDb(), link.requestId)
  return { refused: null, view: { requestId: request.id, description: request.description, quote } }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { link, refused } = await linkOf(params.token)
  if (!link) return data({ status: 'error' as const, initialValue: null, error: { '': [refused ?? ''] } }, { status: 400 })
  return answerQuoteAction(link.requestId, { link }, await request.formData(), quoteLinkPath(params.token))
}

export default function CustomQuoteLink({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  return (
    <section className="mx-auto grid w-full max-w-xl gap-4 px-4 py-6">
      {loaderData.view ? (
        <QuoteAnswer {...loaderData.view} due={null} lastResult={actionData} busy={busy} />
      ) : (
        <>
          <h1 className="text-2xl font-bold">Your custom order quote</h1>
          <p role="alert">{loaderData.refused}</p>
          <Link to="/shop/account?tab=custom" className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-brand-500">
            Sign in to see your requests
          </Link>
        </>
      )}
    </section>
  )
}
