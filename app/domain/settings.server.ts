// What the domain's rules take from the shop's configuration, as one typed object. The server sets it
// once at start (server/bootstrap.ts, from app/infra/config.server.ts); the domain reads it through
// domainSettings() and never from the environment, so a rule's limit has one way in and a test sets
// it like the server does. Until set (the dev server, a script) the domain runs on the defaults an
// empty environment gives; settings.server.test.ts keeps the two the same.
import type { MailContact } from '~/mail/custom-order-mails.server'
import type { MailBrand } from '~/mail/types'
import { DEFAULT_HOLD_MINUTES, DEFAULT_MAX_UNITS_PER_ORDER, DEFAULT_UNPAID_CHECKOUTS_PER_HOUR } from '~/lib/checkout-limits'
import { type InvoiceSettings, parseInvoiceSettings } from '~/lib/invoice-settings'
import { DEFAULT_CONTACT, DEFAULT_SHOP_NAME } from '~/lib/shop'

/** What one shopper's checkout may hold and start (ADR 032, 050). */
export interface CheckoutLimits {
  /** How long a started checkout holds its cart's stock (HOLD_MINUTES). */
  holdMinutes: number
  /** The most units of one product a shopper, or one client address, may hold (MAX_UNITS_PER_ORDER). */
  maxUnitsPerOrder: number
  /** Unpaid checkouts a shopper may start in an hour (UNPAID_CHECKOUTS_PER_HOUR). */
  unpaidCheckoutsPerHour: number
}

/** Who the mail comes from and whom it reaches (SHOP_NAME, PUBLIC_URL, OWNER_EMAIL, CONTACT_*). */
export interface MailSettings extends MailBrand {
  /** Where owner mail goes; null: every admin account's address. */
  ownerEmail: string | null
  /** How shoppers reach the studio, as the footer says. */
  contact: MailContact
}

export interface DomainSettings {
  checkout: CheckoutLimits
  mail: MailSettings
  /** The invoices' seller and the categories' HSN and GST rate (SELLER_*, GST_*; ADR 035). */
  invoice: InvoiceSettings
  /** Test suites only (PASSWORD_TEST_COST=1): passwords hashed at a low scrypt cost. */
  passwordTestCost: boolean
}

/** The settings of an empty environment (the configuration's defaults). */
export const DEFAULT_DOMAIN_SETTINGS: DomainSettings = Object.freeze({
  checkout: {
    holdMinutes: DEFAULT_HOLD_MINUTES,
    maxUnitsPerOrder: DEFAULT_MAX_UNITS_PER_ORDER,
    unpaidCheckoutsPerHour: DEFAULT_UNPAID_CHECKOUTS_PER_HOUR,
  },
  mail: {
    shopName: DEFAULT_SHOP_NAME,
    // publicUrl() of app/infra/config.server.ts without PUBLIC_URL, on the default PORT.
    publicUrl: 'http://localhost:3000',
    ownerEmail: null,
    contact: { ...DEFAULT_CONTACT },
  },
  invoice: parseInvoiceSettings({}),
  passwordTestCost: false,
})

let current: DomainSettings = DEFAULT_DOMAIN_SETTINGS

/** The server, once at start; a test through tests/helpers/domain-settings.ts (which restores them). */
export function configureDomain(settings: DomainSettings): void {
  current = settings
}

/** The settings every rule of the domain reads. */
export function domainSettings(): DomainSettings {
  return current
}
