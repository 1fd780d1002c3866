// /admin/offers/new: a new automatic offer (ADR 078).
import { OfferForm } from '~/components/admin/offer-form'
import { getDb } from '~/infra/db.server'
import { productChoices } from '~/domain/promotions/discount-codes.server'
import { saveOfferForm } from '~/web/admin-offer-forms.server'
import type { Route } from './+types/offer-new'

export const meta: Route.MetaFunction = () => [{ title: 'New offer · Admin' }]

export async function loader() {
  return { products: await productChoices(getDb()) }
}

export async function action({ request }: Route.ActionArgs) {
  return saveOfferForm(request, null)
}

export default function AdminOfferNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">New offer</h1>
      <OfferForm products={loaderData.products} lastResult={actionData} submitLabel="Create offer" />
    </section>
  )
}
