// Spam limits for custom-order requests, in the same counter store as the login limits
// (rate-limit.server.ts, ADR 020, 040): in memory for the one-process SQLite shop, in the database
// (rate_limit_counters) on PostgreSQL, so every worker process sees the same counts. Requests per
// client address (IPv4, or IPv6 /64) and per email, per hour. A request is counted once its fields
// pass and before its photos are read, and stays counted when its photos are refused: the photos
// are the costly part (ADR 048).
import { CUSTOM_ORDER_MESSAGES, CUSTOM_ORDER_RATE } from '~/lib/custom-orders'
import { clientKey, type LimitStore, memoryStore, refusedWith, shopLimitStore } from './rate-limit.server'

export interface CustomOrderLimits {
  /** Counts one request for the address and the email; throws TooManyRequests past either limit (nothing counted then). */
  take(ip: string, email: string): Promise<void>
}

export function createCustomOrderLimits(
  options: { perAddress: number; perEmail: number; seconds: number } = CUSTOM_ORDER_RATE,
  store: LimitStore = memoryStore(),
): CustomOrderLimits {
  const byAddress = store.counter('custom-order-ip', options.perAddress, options.seconds)
  const byEmail = store.counter('custom-order-email', options.perEmail, options.seconds)
  const account = (email: string) => email.trim().toLowerCase()
  const tooMany = refusedWith(CUSTOM_ORDER_MESSAGES.tooMany)
  return {
    async take(ip, email) {
      await byAddress.consume(clientKey(ip)).catch(tooMany)
      try {
        await byEmail.consume(account(email))
      } catch (result) {
        await byAddress.reward(clientKey(ip))
        tooMany(result)
      }
    },
  }
}

let limits: CustomOrderLimits | undefined

/** The shop's limits (CUSTOM_ORDER_RATE), in shopLimitStore(). */
export function customOrderLimits(): CustomOrderLimits {
  limits ??= createCustomOrderLimits(CUSTOM_ORDER_RATE, shopLimitStore())
  return limits
}
