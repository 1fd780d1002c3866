// The admin's policy pages (ADR 081): the six pages with their last update, each opening its editor.
import { Link } from 'react-router'
import { listPolicies } from '~/domain/policies/policies.server'
import { getDb } from '~/infra/db.server'
import { formatDateTime } from '~/lib/dates'
import { policyPath } from '~/lib/policies'
import type { Route } from './+types/policies'

export const meta: Route.MetaFunction = () => [{ title: 'Policies · Admin' }]

export async function loader() {
  return { policies: await listPolicies(getDb()) }
}

export default function AdminPolicies({ loaderData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Policies</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The pages the footer and checkout link to. A page you have not edited shows the shop's default text, written from its settings
        (name, seller, contact, delivery fee).
      </p>
      <ul aria-label="Policy pages" className="grid gap-2">
        {loaderData.policies.map((policy) => (
          <li key={policy.slug} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <div className="grid">
              <Link to={`/admin/policies/${policy.slug}`} className="inline-flex min-h-11 items-center font-semibold underline">
                {policy.title}
              </Link>
              <span className="text-sm text-zinc-600 dark:text-zinc-400">
                {policy.updatedAt
                  ? `Last updated ${formatDateTime(policy.updatedAt)} · ${policy.versions} ${policy.versions === 1 ? 'version' : 'versions'}`
                  : 'The default text'}
              </span>
            </div>
            <code className="text-sm text-zinc-600 dark:text-zinc-400">{policyPath(policy.slug)}</code>
          </li>
        ))}
      </ul>
    </section>
  )
}
