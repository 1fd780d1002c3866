// Automatic offers as the owner makes them (the same schema as the admin's form and /api), for the
// tests of offers, offered carts and their orders (ADR 078).
import type { DB } from '../../db/database'
import { createOffer } from '../../app/domain/promotions/offers.server'
import { toOfferInput, offerSchema } from '../../app/schemas/offer'

/** An offer: 15% off the whole shop through 2026 (India time), not stackable, unless told. */
export function insertOffer(db: DB, fields: Record<string, unknown> = {}) {
  return createOffer(db, toOfferInput(offerSchema.parse({ name: 'Diwali sale', kind: 'percent_off', percent: '15', startsAt: '2026-01-01T00:00', endsAt: '2027-01-01T00:00', ...fields })))
}
