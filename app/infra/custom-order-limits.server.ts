// Spam limits for custom-order requests (issue 21), over rate-limiter-flexible's memory store like
// the login limits (rate-limit.server.ts, ADR 020): requests per client address (IPv4, or IPv6 /64)
// and per email, per hour. A request is counted before its photos are processed and given back
// when it is refused (a bad field or photo), so only requests that were sent count.
import { RateLimiterMemory } from 'rate-limiter-flexible'
import { CUSTOM_REQUEST_MESSAGES, CUSTOM_REQUEST_RATE } from '~/lib/custom-orders'
import { clientKey, refusedWith } from './rate-limit.server'

export interface CustomOrderLimits {
  /** Counts one request for the address and the email; throws TooManyRequests past either limit (nothing counted then). */
  take(ip: string, email: string): Promise<void>
  /** Gives back what `take` counted (the request was refused). */
  giveBack(ip: string, email: string): Promise<void>
}

export function createCustomOrderLimits(options: { perAddress: number; perEmail: number; seconds: number } = CUSTOM_REQUEST_RATE): CustomOrderLimits {
  const byAddress = new RateLimiterMemory({ points: options.perAddress, duration: options.seconds })
  const byEmail = new RateLimiterMemory({ points: options.perEmail, duration: options.seconds })
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

/** The shop's limits (CUSTOM_REQUEST_RATE). */
export function customOrderLimits(): CustomOrderLimits {
  limits ??= createCustomOrderLimits()
  return limits
}
