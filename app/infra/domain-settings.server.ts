// The domain's settings (app/domain/settings.server.ts) as the configuration gives them: the server
// hands them to the domain once at start (server/bootstrap.ts), and the test set-up the same way.
import type { DomainSettings } from '~/domain/settings.server'
import { parseInvoiceSettings } from '~/lib/invoice-settings'
import { type Config, publicUrl } from './config.server'

/**
 * The domain's settings from a parsed configuration and the environment it was read from (the
 * invoices' seller is worked out from several variables at once, app/lib/invoice-settings.ts).
 */
export function domainSettingsFrom(config: Config, env: Record<string, string | undefined>): DomainSettings {
  return {
    checkout: {
      holdMinutes: config.HOLD_MINUTES,
      maxUnitsPerOrder: config.MAX_UNITS_PER_ORDER,
      unpaidCheckoutsPerHour: config.UNPAID_CHECKOUTS_PER_HOUR,
    },
    mail: {
      shopName: config.SHOP_NAME,
      publicUrl: publicUrl(config),
      ownerEmail: config.OWNER_EMAIL ?? null,
      contact: { email: config.CONTACT_EMAIL, phone: config.CONTACT_PHONE },
    },
    invoice: parseInvoiceSettings(env),
    passwordTestCost: config.PASSWORD_TEST_COST,
  }
}
