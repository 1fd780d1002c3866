// /admin/discounts/:id/edit: change a discount code (orders already placed keep what they paid; ADR 073).
import { DiscountCodeForm } from '~/components/admin/discount-code-form'
import { getDb } from '~/infra/db.server'
import { getDiscountCode, productChoices } from '~/domain/promotions/discount-codes.server'
import { saveDiscountForm, toDiscountFormValues } from '~/web/admin-discount-forms.server'
import { orNotFound } from '~/web/form-action.server'
import type { Route } from './+types/discount-edit'

export const meta: Route.MetaFunction = () => [{ title: 'Edit discount code · Admin' }]

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb()
  const [code, products] = await Promise.all([orNotFound(getDiscountCode(db, params.id)), productChoices(db)])
  return { code, values: toDiscountFormValues(code), products }
}

export async function action({ request, params }: Route.ActionArgs) {
  return saveDiscountForm(request, params.id)
}

export default function AdminDiscountEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Edit {loaderData.code.code}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Uses so far: {loaderData.code.uses}</p>
      <DiscountCodeForm values={loaderData.values} products={loaderData.products} lastResult={actionData} submitLabel="Save code" />
    </section>
  )
}
