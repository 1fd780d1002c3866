// The owner's returns (issue 31, ADR 099): the list (a status filter, newest first, plain-link pages;
// each return's moves are on its order's page) and the return policy form below it.
import { useNavigation } from 'react-router'
import { StatusFilter, StatusPager } from '~/components/admin/status-filter'
import { AdminReturnList } from '~/components/returns/admin-return-list'
import { ReturnPolicyForm } from '~/components/returns/return-policy-form'
import { getDb } from '~/infra/db.server'
import { listReturns, readReturnPolicy, returnAddress } from '~/domain/orders/returns.server'
import { DEFAULT_RETURN_POLICY, RETURN_FILTER_LABELS, RETURN_FILTERS } from '~/lib/returns'
import { statusListParams } from '~/schemas/pagination'
import { returnPolicyFormAction } from '~/web/return-forms.server'
import type { Route } from './+types/returns'

export const meta: Route.MetaFunction = () => [{ title: 'Returns · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  const [list, policy] = await Promise.all([listReturns(getDb(), statusListParams(new URL(request.url))), readReturnPolicy(getDb())])
  return { list, policy, studioAddress: returnAddress(DEFAULT_RETURN_POLICY) }
}

export async function action({ request }: Route.ActionArgs) {
  return returnPolicyFormAction(await request.formData())
}

export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const { items, status, page, pageCount, total } = loaderData.list
  const filtered = status ? ` ${status === 'open' ? 'open' : `with status ${RETURN_FILTER_LABELS[status]}`}` : ''
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Returns</h1>
      <section aria-label="Returns asked for" className="grid gap-3">
        <StatusFilter status={status} statuses={RETURN_FILTERS} labels={RETURN_FILTER_LABELS} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {total} return{total === 1 ? '' : 's'}
          {filtered}. Open: requested, approved or received. Each return's moves are on its order's page.
        </p>
        {items.length === 0 ? <p className="text-zinc-600">No returns{filtered}.</p> : <AdminReturnList items={items} />}
        <StatusPager status={status} page={page} pageCount={pageCount} />
      </section>
      <ReturnPolicyForm policy={loaderData.policy} studioAddress={loaderData.studioAddress} reply={actionData} busy={busy} />
    </section>
  )
}
