// /admin/discounts/new: a new discount code (ADR 073).
import { DiscountCodeForm } from '~/components/admin/discount-code-form'
import { discountFormData, saveDiscountForm } from '~/web/admin-discount-forms.server'
import type { Route } from './+types/discount-new'

export const meta: Route.MetaFunction = () => [{ title: 'New discount code · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  return discountFormData(request, undefined)
}

export async function action({ request }: Route.ActionArgs) {
  return saveDiscountForm(request, null)
}

export default function AdminDiscountNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">New discount code</h1>
      <DiscountCodeForm values={loaderData.values} products={loaderData.products} variantPicker={[...loaderData.variantPicker, ...(actionData && 'variantPicker' in actionData ? actionData.variantPicker : [])]} lastResult={actionData && 'status' in actionData ? actionData : undefined} submitLabel="Create code" />
    </section>
  )
}
