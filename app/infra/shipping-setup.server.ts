// Which ShippingProvider books the shop's parcels, decided once from the configuration (ADR 086):
// Shiprocket with an API user's credentials; the TEST MODE courier for the demo shop (SEED_DEMO) or
// SHIPPING_TEST_MODE=1; else null: the owner ships by hand and types the tracking (the domain's
// manualShipping, which the callers put in its place).
import { timingSafeEqual } from 'node:crypto'
import type { ShippingProvider } from '~/domain/shipping/shipping-provider'
import { type Config, getConfig } from './config.server'
import { shiprocketShipping } from './shiprocket-shipping.server'
import { testCourier } from './test-courier.server'

export function shippingProviderFor(config: Config): ShippingProvider | null {
  if (config.SHIPROCKET_EMAIL && config.SHIPROCKET_PASSWORD) {
    return shiprocketShipping({
      apiBase: config.SHIPROCKET_API_BASE,
      email: config.SHIPROCKET_EMAIL,
      password: config.SHIPROCKET_PASSWORD,
      pickupLocation: config.SHIPROCKET_PICKUP_LOCATION,
      pickupPhone: config.SHIPROCKET_PICKUP_PHONE,
      // Booking is the owner's tap, not a shopper's checkout: it may wait a little longer.
      timeoutMs: 10_000,
    })
  }
  if (config.SEED_DEMO || config.SHIPPING_TEST_MODE) return testCourier()
  return null
}

let provider: ShippingProvider | null | undefined

/** The shop's one provider (its login token is shared by every call); null when the shop ships by hand. */
export function getShippingProvider(): ShippingProvider | null {
  if (provider === undefined) provider = shippingProviderFor(getConfig())
  return provider
}

/** True when `token` (the webhook's x-api-key) is the configured one; false when none is configured. */
export function webhookTokenMatches(token: string | null, config: Config = getConfig()): boolean {
  const expected = config.SHIPROCKET_WEBHOOK_TOKEN
  if (!expected || !token) return false
  const a = Buffer.from(token)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
