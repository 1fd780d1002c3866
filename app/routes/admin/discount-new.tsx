// /admin/discounts/new: a new discount code (ADR 073).
import { DiscountCodeForm } from '~/components/admin/discount-code-form'
import { getDb } from '~/infra/db.server'
import { productChoices } from '~/domain/promotions/discount-codes.server'
import { saveDiscountForm } from '~/web/admin-discount-forms.server'
import type { Route } from './+types/discount-new'

export const meta: Route.MetaFunction = () => [{ title: 'New discount code · Admin' }]

export async function loader() {
  return { products: await productChoices(getDb()) }
}

export async function action({ request }: Route.ActionArgs) {
  return saveDiscountForm(request, null)
}

export default function AdminDiscountNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">New discount code</h1>
      <DiscountCodeForm products={loaderData.products} lastResult={actionData} submitLabel="Create code" />
    </section>
  )
}
