// GET /api/admin/offers -> {success, data: [offer]}; POST {name, kind: 'percent_off'|'free_delivery',
// percent, minOrder, scope, scopeItems?, startsAt, endsAt (India time, "2026-11-01T09:00"), paused?,
// stackable?} -> 201 {success, message, data: offer}; 400 {errors} names each bad field. Admin only (ADR 078).
import { getDb } from '~/infra/db.server'
import { offerSchema, toOfferInput } from '~/schemas/offer'
import { apiJson, handleApi, readBody } from '~/api/handle-api.server'
import { toApiOffer } from '~/api/offers.server'
import { parseInput } from '~/domain/errors'
import { createOffer, listOffers, OFFER_ADMIN_MESSAGES } from '~/domain/promotions/offers.server'
import { requireApiAdmin } from '~/web/auth.server'
import type { Route } from './+types/offers'

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireApiAdmin(context)
    return apiJson({ success: true, data: (await listOffers(getDb())).map(toApiOffer) })
  })
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireApiAdmin(context)
    if (request.method !== 'POST') return apiJson({ success: false, message: 'Method not allowed. Use GET or POST.' }, { status: 405, headers: { Allow: 'GET, POST' } })
    const offer = await createOffer(getDb(), toOfferInput(parseInput(offerSchema, await readBody(request))))
    return apiJson({ success: true, message: OFFER_ADMIN_MESSAGES.created(offer.name), data: toApiOffer(offer) }, 201)
  })
}
