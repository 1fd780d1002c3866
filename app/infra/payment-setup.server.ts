// Which gateway takes the shop's payments, decided once at start from the configuration, and what
// the owner must be told about it (a log line at start, a box on the admin dashboard).
import { type Config, ConfigError } from '~/infra/config.server'

export interface PaymentSetup {
  gateway: 'razorpay' | 'test'
  /** One line each, for the start-up log and the admin dashboard. */
  warnings: string[]
}

export const TEST_MODE_WARNING =
  'Payments run in TEST MODE: no Razorpay keys are set, so shoppers "pay" on a local test page and no money moves. Such orders are marked Test and left out of revenue.'

export const WEBHOOK_SECRET_WARNING =
  'RAZORPAY_WEBHOOK_SECRET is not set: an order paid in a tab that closed before coming back stays pending. Add the webhook in Razorpay and set the secret.'

/**
 * Razorpay when both keys are set. Without keys the TEST MODE gateway only serves the demo shop
 * (SEED_DEMO on) or an explicit PAYMENT_TEST_MODE=1; anything else is a real shop missing its
 * keys, and it must not start (ConfigError, one line).
 */
export function paymentSetup(config: Config): PaymentSetup {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    return { gateway: 'razorpay', warnings: config.RAZORPAY_WEBHOOK_SECRET ? [] : [WEBHOOK_SECRET_WARNING] }
  }
  if (config.SEED_DEMO || config.PAYMENT_TEST_MODE) return { gateway: 'test', warnings: [TEST_MODE_WARNING] }
  throw new ConfigError(
    'Invalid configuration: RAZORPAY_KEY_ID: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to take payments, or PAYMENT_TEST_MODE=1 for a trial where no money moves',
  )
}

/** The warnings for the admin dashboard; a setup that could not start (dev server) is one too. */
export function paymentWarnings(config: Config): string[] {
  try {
    return paymentSetup(config).warnings
  } catch (error) {
    if (error instanceof ConfigError) return [error.message]
    throw error
  }
}
