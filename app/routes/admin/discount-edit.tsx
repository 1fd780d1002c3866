// /admin/discounts/:id/edit: change a discount code (orders already placed keep what they paid; ADR 073).
import { DiscountCodeForm } from '~/components/admin/discount-code-form'
import { getDb } from '~/infra/db.server'
import { getDiscountCode } from '~/domain/promotions/discount-codes.server'
import { discountFormData, saveDiscountForm, toDiscountFormValues } from '~/web/admin-discount-forms.server'
import { orNotFound } from '~/web/form-action.server'
import type { Route } from './+types/discount-edit'

export const meta: Route.MetaFunction = () => [{ title: 'Edit discount code · Admin' }]

export async function loader({ request, params }: Route.LoaderArgs) {
  const code = await orNotFound(getDiscountCode(getDb(), params.id))
  return { code, ...(await discountFormData(request, toDiscountFormValues(code))) }
}

export async function action({ request, params }: Route.ActionArgs) {
  return saveDiscountForm(request, params.id)
}

export default function AdminDiscountEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Edit {loaderData.code.code}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Uses so far: {loaderData.code.uses}</p>
      <DiscountCodeForm values={loaderData.values} products={loaderData.products} variantPicker={[...loaderData.variantPicker, ...(actionData && 'variantPicker' in actionData ? actionData.variantPicker : [])]} lastResult={actionData && 'status' in actionData ? actionData : undefined} submitLabel="Save code" />
    </section>
  )
}
