// Which ShippingProvider books the shop's parcels, decided once from the configuration (ADR 086):
// Shiprocket with an API user's credentials; the TEST MODE courier for the demo shop (SEED_DEMO) or
// SHIPPING_TEST_MODE=1; else none (the owner ships by hand and types the tracking).
import { timingSafeEqual } from 'node:crypto'
import { manualShipping, type ShippingProvider } from '~/domain/shipping/shipping-provider'
import { type Config, getConfig } from './config.server'
import { shiprocketShipping } from './shiprocket-shipping.server'
import { testCourier } from './test-courier.server'

export function shippingProviderFor(config: Config): ShippingProvider {
  if (config.SHIPROCKET_EMAIL && config.SHIPROCKET_PASSWORD) {
    return shiprocketShipping({
      apiBase: config.SHIPROCKET_API_BASE,
      email: config.SHIPROCKET_EMAIL,
      password: config.SHIPROCKET_PASSWORD,
      pickupLocation: config.SHIPROCKET_PICKUP_LOCATION,
      // Booking is the owner's tap, not a shopper's checkout: it may wait a little longer.
      timeoutMs: 10_000,
    })
  }
  if (config.SEED_DEMO || config.SHIPPING_TEST_MODE) return testCourier()
  return manualShipping()
}

let provider: ShippingProvider | undefined

/** The shop's one provider (its login token is shared by every call). */
export function getShippingProvider(): ShippingProvider {
  provider ??= shippingProviderFor(getConfig())
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
