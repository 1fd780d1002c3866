// What the shop footer says of delivery, read from the settings the checkout prices with (ADR 093).
import { clock } from '~/domain/clock'
import { liveOffers } from '~/domain/promotions/offers.server'
import { readDeliverySetup } from '~/domain/shipping/delivery-rates.server'
import { getDb } from '~/infra/db.server'
import { deliveryPricing } from '~/infra/delivery-pricing.server'
import type { FooterDelivery } from '~/lib/footer-delivery'
import { ZONES } from '~/lib/delivery'

export async function footerDelivery(): Promise<FooterDelivery> {
  const db = getDb()
  const pricing = deliveryPricing()
  const offers = await liveOffers(db, clock.now())
  const freeOverPaise = offers.freeDelivery?.minOrderPaise ?? null
  if (typeof pricing === 'number') return { pricing: 'flat', feePaise: pricing, freeOverPaise }
  // Shiprocket's rates price the parcel when it is configured: the owner's slabs are only its fallback.
  if (pricing.courier) return { pricing: 'zones', fromPaise: null, freeOverPaise }
  const { rates } = await readDeliverySetup(db)
  return { pricing: 'zones', fromPaise: Math.min(...ZONES.map((zone) => rates[zone].firstSlabPaise)), freeOverPaise }
}
