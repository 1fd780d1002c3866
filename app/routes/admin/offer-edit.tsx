// /admin/offers/:id/edit: change an automatic offer (carts take it at their next read; orders placed
// keep the prices they were sold at; ADR 078).
import { OfferFigures } from '~/components/admin/offer-figures'
import { OfferForm } from '~/components/admin/offer-form'
import { getDb } from '~/infra/db.server'
import { productChoices } from '~/domain/promotions/discount-codes.server'
import { offerFiguresOf, revenueByOffer } from '~/domain/dashboard/revenue-by-offer.server'
import { getOffer } from '~/domain/promotions/offers.server'
import { saveOfferForm, toOfferFormValues } from '~/web/admin-offer-forms.server'
import { orNotFound } from '~/web/form-action.server'
import type { Route } from './+types/offer-edit'

export const meta: Route.MetaFunction = () => [{ title: 'Edit offer · Admin' }]

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb()
  const [offer, products] = await Promise.all([orNotFound(getOffer(db, params.id.slice(0, 64))), productChoices(db)])
  const figures = offerFiguresOf(await revenueByOffer(db, { offerIds: [offer.id] }), offer)
  return { offer, values: toOfferFormValues(offer), products, figures }
}

export async function action({ request, params }: Route.ActionArgs) {
  return saveOfferForm(request, params.id.slice(0, 64))
}

export default function AdminOfferEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Edit {loaderData.offer.name}</h1>
      <OfferFigures figures={loaderData.figures} />
      <OfferForm values={loaderData.values} products={loaderData.products} lastResult={actionData} submitLabel="Save offer" />
    </section>
  )
}
