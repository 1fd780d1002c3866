// PUT /api/admin/offers/:id {the POST's fields} -> {success, message, data: offer}; unknown id 404,
// bad fields 400 {errors}. Admin only (ADR 078). Orders placed keep the prices they were sold at.
import { getDb } from '~/infra/db.server'
import { offerSchema, toOfferInput } from '~/schemas/offer'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiOffer } from '~/api/offers.server'
import { parseInput } from '~/domain/errors'
import { OFFER_ADMIN_MESSAGES, updateOffer } from '~/domain/promotions/offers.server'
import { requireApiAdmin } from '~/web/auth.server'
import type { Route } from './+types/offer-update'

export const loader = () => methodNotAllowed('PUT')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return handleApi(async () => {
    requireApiAdmin(context)
    const offer = await updateOffer(getDb(), params.id.slice(0, 200), toOfferInput(parseInput(offerSchema, await readBody(request))))
    return apiJson({ success: true, message: OFFER_ADMIN_MESSAGES.saved(offer.name), data: toApiOffer(offer) })
  })
}
