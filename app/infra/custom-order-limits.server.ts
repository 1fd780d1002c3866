// Spam limits for custom-order requests (issue 21), in the same counter store as the login limits
// (rate-limit.server.ts, ADR 020, 040): in memory for the one-process SQLite shop, in the database
// (rate_limit_counters) on PostgreSQL, so every worker process sees the same counts. Requests per
// client address (IPv4, or IPv6 /64) and per email, per hour. A request is counted before its
// photos are processed and given back when it is refused (a bad field or photo), so only requests
// that were sent count.
import { CUSTOM_REQUEST_MESSAGES, CUSTOM_REQUEST_RATE } from '~/lib/custom-orders'
import { clientKey, type LimitStore, memoryStore, refusedWith, shopLimitStore } from './rate-limit.server'

export interface CustomOrderLimits {
  /** Counts one request for the address and the email; throws TooManyRequests past either limit (nothing counted then). */
  take(ip: string, email: string): Promise<void>
  /** Gives back what `take` counted (the request was refused). */
  giveBack(ip: string, email: string): Promise<void>
}

export function createCustomOrderLimits(
  options: { perAddress: number; perEmail: number; seconds: number } = CUSTOM_REQUEST_RATE,
  store: LimitStore = memoryStore(),
): CustomOrderLimits {
  const byAddress = store.counter('custom-order-ip', options.perAddress, options.seconds)
  const byEmail = store.counter('custom-order-email', options.perEmail, options.seconds)
  const account = (email: string) => email.trim().toLowerCase()
  const tooMany = refusedWith(CUSTOM_REQUEST_MESSAGES.tooMany)
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
    async giveBack(ip, email) {
      await Promise.all([byAddress.reward(clientKey(ip)), byEmail.reward(account(email))])
    },
  }
}

let limits: CustomOrderLimits | undefined

/** The shop's limits (CUSTOM_REQUEST_RATE), in shopLimitStore(). */
export function customOrderLimits(): CustomOrderLimits {
  limits ??= createCustomOrderLimits(CUSTOM_REQUEST_RATE, shopLimitStore())
  return limits
}
