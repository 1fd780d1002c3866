// A policy page's editor (ADR 081): the page as shoppers see it now, the text with Save and Preview,
// and its history of versions, each to view (?version=<id>) and restore as a new version.
import { data, Form, Link } from 'react-router'
import { PolicyForm } from '~/components/admin/policy-form'
import { PolicyText } from '~/components/policy-text'
import { Button } from '~/components/ui/button'
import { listPolicyVersions, readPolicy, readPolicyVersion } from '~/domain/policies/policies.server'
import { getDb } from '~/infra/db.server'
import { cn } from '~/lib/cn'
import { formatDateTime } from '~/lib/dates'
import { isPolicySlug, POLICY_MESSAGES, type PolicySlug, policyPath } from '~/lib/policies'
import { requireAdmin } from '~/web/auth.server'
import { orNotFound } from '~/web/form-action.server'
import { policyFactsWithDelivery } from '~/web/policy-facts.server'
import { policyFormAction } from '~/web/policy-forms.server'
import type { Route } from './+types/policy-edit'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? data.policy.title : 'Policy'} · Admin` }]

function slugOf(params: { slug: string }): PolicySlug {
  if (!isPolicySlug(params.slug)) throw data(null, { status: 404 })
  return params.slug
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = slugOf(params)
  const asked = new URL(request.url).searchParams.get('version')
  if (asked !== null && !/^[1-9][0-9]{0,9}$/.test(asked)) throw data(null, { status: 404 })
  const [policy, versions, viewed] = await Promise.all([
    policyFactsWithDelivery().then((facts) => readPolicy(getDb(), slug, facts)),
    listPolicyVersions(getDb(), slug),
    asked === null ? null : orNotFound(readPolicyVersion(getDb(), slug, Number(asked))),
  ])
  return { policy, versions, viewed }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request)
  return policyFormAction(await request.formData(), slugOf(params), admin)
}

export default function AdminPolicyEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { policy, versions, viewed } = loaderData
  const previewed = actionData && 'preview' in actionData ? actionData : null
  const reply = actionData && 'preview' in actionData ? actionData.reply : actionData
  const shown = viewed ?? { id: policy.versionId, body: policy.body, createdAt: policy.updatedAt }
  return (
    <section className="grid gap-6">
      <header className="grid gap-1">
        <Link to="/admin/policies" className="inline-flex min-h-11 items-center text-sm underline">
          All policies
        </Link>
        <h1 className="text-2xl font-bold">{policy.title}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Shown at <code>{policyPath(policy.slug)}</code>
          {policy.updatedAt ? `, last updated ${formatDateTime(policy.updatedAt)}` : `: ${POLICY_MESSAGES.defaultText.toLowerCase()}`}.
        </p>
      </header>
      <PolicyForm
        key={`${policy.versionId ?? 'default'}`}
        text={policy.body}
        preview={previewed?.preview ?? null}
        lastResult={reply}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section aria-labelledby="policy-history" className="grid content-start gap-2">
          <h2 id="policy-history" className="text-lg font-semibold">
            History
          </h2>
          <ol className="grid gap-2">
            {versions.map((version) => (
              <li
                key={version.id}
                className={cn('grid gap-1 rounded-lg border p-3 text-sm', shown.id === version.id ? 'border-zinc-900 dark:border-zinc-100' : 'border-zinc-200 dark:border-zinc-800')}
              >
                <span className="font-medium">
                  {formatDateTime(version.createdAt)}
                  {version.id === policy.versionId ? ' (shown now)' : ''}
                </span>
                <span className="text-zinc-600 dark:text-zinc-400">
                  {version.createdBy ? `by ${version.createdBy}` : 'by a former admin'}
                  {version.restoredFrom ? ', restored from an earlier version' : ''}
                </span>
                <div className="flex flex-wrap gap-2">
                  <Link to={`?version=${version.id}`} className="inline-flex min-h-11 items-center underline" aria-label={`View the version of ${formatDateTime(version.createdAt)}`}>
                    View
                  </Link>
                  {version.id !== policy.versionId ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="restore" />
                      <input type="hidden" name="versionId" value={version.id} />
                      <Button type="submit" variant="outline" size="sm" className="min-h-11" aria-label={`Restore the version of ${formatDateTime(version.createdAt)}`}>
                        Restore
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
            <li className={cn('rounded-lg border p-3 text-sm', shown.id === null ? 'border-zinc-900 dark:border-zinc-100' : 'border-zinc-200 dark:border-zinc-800')}>
              {POLICY_MESSAGES.defaultText}
              {policy.versionId === null ? ' (shown now)' : ''}
            </li>
          </ol>
        </section>
        <section aria-labelledby="policy-shown" className="grid content-start gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <h2 id="policy-shown" className="text-sm font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
            {viewed ? `The version of ${formatDateTime(viewed.createdAt)}` : 'As shoppers see it now'}
          </h2>
          <PolicyText text={shown.body} />
        </section>
      </div>
    </section>
  )
}
