// An automatic offer as /api shows it (ADR 078): the body's own names, money in rupees as the rest of
// /api, moments in ISO (UTC) with their India time beside them.
import { isoToIndiaLocal } from '~/lib/banners'
import { paiseToRupees } from '~/lib/money'
import type { OfferView } from '~/domain/promotions/offers.server'

export function toApiOffer(offer: OfferView) {
  return {
    _id: offer.id,
    name: offer.name,
    kind: offer.kind,
    percent: offer.percent,
    minOrder: paiseToRupees(offer.minOrderPaise),
    scope: offer.scope,
    scopeItems: offer.scopeItems,
    startsAt: isoToIndiaLocal(offer.startsAt),
    endsAt: isoToIndiaLocal(offer.endsAt),
    startsAtIso: offer.startsAt,
    endsAtIso: offer.endsAt,
    paused: offer.paused,
    stackable: offer.stackable,
    state: offer.state,
  }
}
