// In-memory fixed-window rate limits for login and registration (one Node process, per ARCHITECTURE.md).
import { getConfig } from '~/config.server'
import { TooManyRequests } from './errors'

export interface RateLimiter {
  /** Counts one attempt under the key; throws TooManyRequests when the key is over its limit. */
  hit(key: string): void
}

export function createRateLimiter(options: {
  limit: number
  windowMs: number
  message: string
  now?: () => number
}): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const now = options.now ?? Date.now
  return {
    hit(key) {
      const time = now()
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k)
      }
      let window = windows.get(key)
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + options.windowMs }
        windows.set(key, window)
      }
      window.count += 1
      if (window.count > options.limit) {
        throw new TooManyRequests(options.message, Math.ceil((window.resetAt - time) / 1000))
      }
    },
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.'

let limiters: Record<'loginByEmail' | 'loginByIp' | 'registerByIp', RateLimiter> | undefined

/** Every window is 15 minutes; AUTH_RATE_LIMIT sets the per-email and per-IP registration limits. */
function authLimiters() {
  if (!limiters) {
    const limit = getConfig().AUTH_RATE_LIMIT
    const make = (n: number) => createRateLimiter({ limit: n, windowMs: FIFTEEN_MINUTES, message: TOO_MANY_ATTEMPTS })
    limiters = { loginByEmail: make(limit), loginByIp: make(limit * 5), registerByIp: make(limit) }
  }
  return limiters
}

export function limitLoginAttempt(ip: string, email: string): void {
  authLimiters().loginByIp.hit(ip)
  authLimiters().loginByEmail.hit(email.trim().toLowerCase())
}

export function limitRegistration(ip: string): void {
  authLimiters().registerByIp.hit(ip)
}
