// What the policy pages' default texts say of the shop, from its settings: the configuration's name,
// contact, delivery fee and grievance officer, and the invoices' seller (ADR 035). Read afresh each time, so a changed
// setting shows on the next page after a restart.
import { domainSettings } from '~/domain/settings.server'
import { getConfig } from '~/infra/config.server'
import { grievanceOfficer } from '~/lib/grievance-officer'
import type { PolicyFacts } from '~/lib/policy-defaults'
import { getDb } from '~/infra/db.server'
import { clock } from '~/domain/clock'
import { readDeliverySetup } from '~/domain/shipping/delivery-rates.server'
import { liveOffers } from '~/domain/promotions/offers.server'
import { ZONE_NAMES, ZONES } from '~/lib/delivery'
import { readReturnPolicy, returnAddress } from '~/domain/orders/returns.server'
import { RETURN_REASON_LABELS } from '~/lib/returns'

/**
 * The policy facts: the settings', the delivery zones and the free-delivery offer (ADR 085) and the
 * owner's returns policy (ADR 099), as the shop charges and takes returns now.
 */
export async function policyFactsWithDelivery(): Promise<PolicyFacts> {
  const db = getDb()
  const [setup, offers, returns] = await Promise.all([readDeliverySetup(db), liveOffers(db, clock.now()), readReturnPolicy(db)])
  const zoned = getConfig().DELIVERY_PRICING === 'zones'
  return {
    ...policyFacts(),
    returnWindowDays: returns.windowDays,
    returns: {
      reasons: returns.reasons.map((reason) => RETURN_REASON_LABELS[reason]),
      specialOnlyFault: returns.specialOnlyDamaged,
      sendTo: returnAddress(returns),
    },
    ...(zoned ? { deliveryZones: ZONES.map((zone) => ({ name: ZONE_NAMES[zone], ...setup.rates[zone] })) } : {}),
    freeDeliveryOverPaise: offers.freeDelivery?.minOrderPaise ?? null,
  }
}

/** The facts the settings alone give (the seller, contact, flat fee, grievance officer). */
export function policyFacts(): Omit<PolicyFacts, 'returnWindowDays' | 'returns'> {
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
    grievanceOfficer: grievanceOfficer(config),
  }
}
