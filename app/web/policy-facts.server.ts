// What the policy pages' default texts say of the shop, from its settings: the configuration's name,
// contact, delivery fee and grievance officer, and the invoices' seller (ADR 035). Read afresh each time, so a changed
// setting shows on the next page after a restart.
import { domainSettings } from '~/domain/settings.server'
import { getConfig } from '~/infra/config.server'
import { grievanceOfficer } from '~/lib/grievance-officer'
import type { PolicyFacts } from '~/lib/policy-defaults'
import { RETURN_WINDOW_DAYS } from '~/lib/policies'
import { getDb } from '~/infra/db.server'
import { clock } from '~/domain/clock'
import { readDeliverySetup } from '~/domain/shipping/delivery-rates.server'
import { liveOffers } from '~/domain/promotions/offers.server'
import { ZONE_NAMES, ZONES } from '~/lib/delivery'

/** The policy facts with the delivery zones and the free-delivery offer (ADR 085), for the pages that read the database. */
export async function policyFactsWithDelivery(): Promise<PolicyFacts> {
  const db = getDb()
  const [setup, offers] = await Promise.all([readDeliverySetup(db), liveOffers(db, clock.now())])
  const zoned = getConfig().DELIVERY_PRICING === 'zones'
  return {
    ...policyFacts(),
    ...(zoned ? { deliveryZones: ZONES.map((zone) => ({ name: ZONE_NAMES[zone], ...setup.rates[zone] })) } : {}),
    freeDeliveryOverPaise: offers.freeDelivery?.minOrderPaise ?? null,
  }
}

export function policyFacts(): PolicyFacts {
  const config = getConfig()
  const { seller } = domainSettings().invoice
  return {
    shopName: config.SHOP_NAME,
    legalName: seller.legalName,
    address: seller.address,
    gstin: seller.gstin,
    email: config.CONTACT_EMAIL,
    phone: config.CONTACT_PHONE,
    deliveryFeePaise: config.DELIVERY_FEE,
    returnWindowDays: RETURN_WINDOW_DAYS,
    grievanceOfficer: grievanceOfficer(config),
  }
}
