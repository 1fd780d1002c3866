// The owner's return policy (issue 31, ADR 099).
import { useNavigation } from 'react-router'
import { ReturnPolicyForm } from '~/components/returns/return-policy-form'
import { getDb } from '~/infra/db.server'
import { readReturnPolicy, returnAddress } from '~/domain/orders/returns.server'
import { DEFAULT_RETURN_POLICY } from '~/lib/returns'
import { returnPolicyFormAction } from '~/web/return-forms.server'
import type { Route } from './+types/returns'

export const meta: Route.MetaFunction = () => [{ title: 'Returns · Admin' }]

export async function loader() {
  return { policy: await readReturnPolicy(getDb()), studioAddress: returnAddress(DEFAULT_RETURN_POLICY) }
}

export async function action({ request }: Route.ActionArgs) {
  return returnPolicyFormAction(await request.formData())
}

export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Returns</h1>
      <ReturnPolicyForm policy={loaderData.policy} studioAddress={loaderData.studioAddress} reply={actionData} busy={busy} />
    </section>
  )
}
