// What the policy pages' default texts say of the shop, from its settings: the configuration's name,
// contact, delivery fee and grievance officer, and the invoices' seller (ADR 035). Read afresh each time, so a changed
// setting shows on the next page after a restart.
import { domainSettings } from '~/domain/settings.server'
import { getConfig } from '~/infra/config.server'
import { grievanceOfficer } from '~/lib/grievance-officer'
import type { PolicyFacts } from '~/lib/policy-defaults'
import { RETURN_WINDOW_DAYS } from '~/lib/policies'

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
