// Spam limits for complaints (ADR 089), as the custom-order form's (custom-order-limits.server.ts):
// complaints per client address and per email an hour, in the shop's shared counter store.
import { COMPLAINT_MESSAGES, COMPLAINT_RATE } from '~/lib/complaints'
import { clientKey, type LimitStore, memoryStore, refusedWith, shopLimitStore } from './rate-limit.server'

export interface ComplaintLimits {
  /** Counts one complaint for the address and the email; throws TooManyRequests past either limit. */
  take(ip: string, email: string): Promise<void>
}

export function createComplaintLimits(
  options: { perAddress: number; perEmail: number; seconds: number } = COMPLAINT_RATE,
  store: LimitStore = memoryStore(),
): ComplaintLimits {
  const byAddress = store.counter('complaint-ip', options.perAddress, options.seconds)
  const byEmail = store.counter('complaint-email', options.perEmail, options.seconds)
  const tooMany = refusedWith(COMPLAINT_MESSAGES.tooMany)
  return {
    async take(ip, email) {
      await byAddress.consume(clientKey(ip)).catch(tooMany)
      try {
        await byEmail.consume(email.trim().toLowerCase())
      } catch (result) {
        await byAddress.reward(clientKey(ip))
        tooMany(result)
      }
    },
  }
}

let limits: ComplaintLimits | undefined

/** The shop's limits (COMPLAINT_RATE), in shopLimitStore(). */
export function complaintLimits(): ComplaintLimits {
  limits ??= createComplaintLimits(COMPLAINT_RATE, shopLimitStore())
  return limits
}
