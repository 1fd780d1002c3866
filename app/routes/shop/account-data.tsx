// Account -> Your data (DPDP Act 2023, ADR 089): "Download my data" (a JSON file), her consent to
// marketing mails (opt-in, recorded with its time) and "Delete my account".
import { Form, Link } from 'react-router'
import { AccountErasureForm } from '~/components/account-erasure-form'
import { Button } from '~/components/ui/button'
import { buttonClass } from '~/components/ui/button'
import { consentHistory, currentConsents } from '~/domain/accounts/consents.server'
import { getDb } from '~/infra/db.server'
import { CONSENT_LABELS } from '~/lib/consents'
import { formatDateTime } from '~/lib/dates'
import { consentFormAction, eraseOwnAccountAction } from '~/web/account-data.server'
import { requireUser } from '~/web/auth.server'
import { authSessionIdContext } from '~/web/context'
import type { Route } from './+types/account-data'

export const meta: Route.MetaFunction = () => [{ title: 'Your Data' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const [consents, history] = await Promise.all([currentConsents(getDb(), user.id), consentHistory(getDb(), user.id)])
  return { consents, history }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const form = await request.formData()
  if (form.get('intent') === 'consent') return consentFormAction(user.id, form)
  return eraseOwnAccountAction(request, user.id, context.get(authSessionIdContext), form)
}

const section = 'grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800'

export default function AccountData({ loaderData, actionData }: Route.ComponentProps) {
  const { consents, history } = loaderData
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8">
      <header className="grid gap-2">
        <Link to="/shop/account" className="text-sm underline">
          Back to your account
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">Your Data</h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          What we keep and why is in our{' '}
          <Link className="underline" to="/shop/policies/privacy">
            Privacy Policy
          </Link>
          .
        </p>
      </header>

      <section aria-labelledby="download-heading" className={section}>
        <h2 id="download-heading" className="text-lg font-semibold">
          Download my data
        </h2>
        <p className="text-sm">
          One JSON file with your profile, addresses, orders, reviews, custom requests, consents and complaints.
        </p>
        <a href="/shop/account/data.json" download className={buttonClass('outline', 'md', 'justify-self-start')}>
          Download my data
        </a>
      </section>

      <section aria-labelledby="consent-heading" className={section}>
        <h2 id="consent-heading" className="text-lg font-semibold">
          Mails from us
        </h2>
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="consent" />
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name="marketingMail" defaultChecked={consents.marketingMail} />
            {CONSENT_LABELS.marketingMail}
          </label>
          <Button type="submit" variant="outline" className="justify-self-start">
            Save my choice
          </Button>
        </Form>
        {history.length ? (
          <ul aria-label="Your consent record" className="grid gap-1 text-xs text-zinc-600 dark:text-zinc-400">
            {history.map((record) => (
              <li key={record.id}>
                {record.given ? 'Given' : 'Withdrawn'} on {formatDateTime(record.at)}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="delete-heading" className={section}>
        <h2 id="delete-heading" className="text-lg font-semibold">
          Delete my account
        </h2>
        <AccountErasureForm lastResult={actionData && 'status' in actionData ? actionData : null} />
      </section>
    </div>
  )
}
