// A policy page (/shop/policies/:slug, ADR 081): the owner's newest version, or the default text from
// the shop's settings, with the date it was last updated and the other policies under it.
import { data, Link } from 'react-router'
import { PolicyLinks } from '~/components/policy-links'
import { PolicyText } from '~/components/policy-text'
import { readPolicy } from '~/domain/policies/policies.server'
import { getDb } from '~/infra/db.server'
import { formatDate } from '~/lib/dates'
import { isPolicySlug } from '~/lib/policies'
import { policyFactsWithDelivery } from '~/web/policy-facts.server'
import type { Route } from './+types/policy'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? data.policy.title : 'Not found' }]

export async function loader({ params }: Route.LoaderArgs) {
  if (!isPolicySlug(params.slug)) throw data(null, { status: 404 })
  return { policy: await readPolicy(getDb(), params.slug, await policyFactsWithDelivery()) }
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData
  return (
    <article className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{policy.title}</h1>
        {policy.updatedAt ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Last updated <time dateTime={policy.updatedAt}>{formatDate(policy.updatedAt)}</time>
          </p>
        ) : null}
      </header>
      <PolicyText text={policy.body} />
      {policy.slug === 'contact' ? (
        <p>
          <Link className="inline-flex min-h-11 items-center font-semibold underline" to="/shop/complaint">
            Make a complaint
          </Link>{' '}
          and get a ticket number at once.
        </p>
      ) : null}
      <nav aria-label="Our policies" className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Our policies</h2>
        <ul className="mt-1 flex flex-wrap gap-x-5 text-sm">
          <PolicyLinks className="flex min-h-11 items-center underline-offset-2 hover:underline aria-[current=page]:font-semibold" current={policy.slug} />
        </ul>
      </nav>
    </article>
  )
}
