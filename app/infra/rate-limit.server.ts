// Rate limits for login and registration, over rate-limiter-flexible's memory store (one Node process,
// ADR 020; its SQLite and PostgreSQL stores take over unchanged when there are several).
// Clients are keyed by IPv4 address or IPv6 /64. An account is refused to unknown addresses after
// too many failed logins, never to an address that has signed into it before (see ADR 020).
import ipaddr from 'ipaddr.js'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { getConfig } from '~/infra/config.server'
import { TooManyRequests } from '../domain/errors'

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.'
const FIFTEEN_MINUTES = 15 * 60
/** Account and address pairs remembered as signed in before; the oldest are forgotten past this. */
const KNOWN_ADDRESSES = 10_000

/**
 * The rate-limit key of a client address: an IPv4 address as it is (also when IPv4-mapped), an
 * IPv6 address as its /64 (one subscriber's network: it can use any of 2^64 addresses).
 */
export function clientKey(ip: string): string {
  let address: ipaddr.IPv4 | ipaddr.IPv6
  try {
    address = ipaddr.process(ip)
  } catch {
    return ip
  }
  if (address.kind() === 'ipv4') return address.toString()
  const [network] = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/64`).toString().split('/')
  return `${network}/64`
}

function tooMany(result: unknown): never {
  if (result instanceof RateLimiterRes) throw new TooManyRequests(TOO_MANY_ATTEMPTS, Math.max(1, Math.ceil(result.msBeforeNext / 1000)))
  throw result
}

export interface AuthLimits {
  /** Before checking a password: counts the attempt for the address; refuses a locked account to unknown addresses. */
  beforeLogin(ip: string, email: string): Promise<void>
  /** A wrong email or password: counts against the account unless the address has signed into it before. */
  loginFailed(ip: string, email: string): Promise<void>
  /** Remembers that this address signed into this account. */
  loginSucceeded(ip: string, email: string): void
  /** Before registering: counts the sign-up for the address. */
  beforeRegistration(ip: string): Promise<void>
  /** Before mailing a reset link: counts it for the address and for the email (whether or not it has an account). */
  beforePasswordResetRequest(ip: string, email: string): Promise<void>
  /** Before trying a reset link: counts the try for the address. */
  beforePasswordReset(ip: string): Promise<void>
}

/**
 * Per 15 minutes: `limit` failed logins per account (from addresses that have not signed into it),
 * `limit` x 5 login attempts and `limit` registrations per address.
 * Password resets: `limit` link requests per address and max(3, limit / 3) per email, `limit` x 5 tries of a link per address.
 */
export function createAuthLimits(options: { limit: number; knownAddresses?: number }): AuthLimits {
  const { limit, knownAddresses = KNOWN_ADDRESSES } = options
  const loginsByAddress = new RateLimiterMemory({ points: limit * 5, duration: FIFTEEN_MINUTES })
  const failuresByAccount = new RateLimiterMemory({ points: limit, duration: FIFTEEN_MINUTES })
  const registrationsByAddress = new RateLimiterMemory({ points: limit, duration: FIFTEEN_MINUTES })
  const resetRequestsByAddress = new RateLimiterMemory({ points: limit, duration: FIFTEEN_MINUTES })
  // A few links per address and quarter hour: enough for a lost mail, too few to flood an inbox.
  const resetRequestsByAccount = new RateLimiterMemory({ points: Math.max(3, Math.ceil(limit / 3)), duration: FIFTEEN_MINUTES })
  const resetsByAddress = new RateLimiterMemory({ points: limit * 5, duration: FIFTEEN_MINUTES })
  // Insertion order is age: re-adding moves a pair to the end, the first one is the oldest.
  const known = new Set<string>()
  const account = (email: string) => email.trim().toLowerCase()
  const pair = (ip: string, email: string) => `${account(email)}\n${clientKey(ip)}`

  return {
    async beforeLogin(ip, email) {
      await loginsByAddress.consume(clientKey(ip)).catch(tooMany)
      if (known.has(pair(ip, email))) return
      const failures = await failuresByAccount.get(account(email))
      if (failures && failures.consumedPoints >= limit) tooMany(failures)
    },
    async loginFailed(ip, email) {
      if (known.has(pair(ip, email))) return
      // Past the limit the account is refused anyway; a rejection here only means "still locked".
      await failuresByAccount.consume(account(email)).catch((result: unknown) => {
        if (!(result instanceof RateLimiterRes)) throw result
      })
    },
    loginSucceeded(ip, email) {
      const key = pair(ip, email)
      known.delete(key)
      known.add(key)
      if (known.size > knownAddresses) known.delete(known.values().next().value as string)
    },
    async beforeRegistration(ip) {
      await registrationsByAddress.consume(clientKey(ip)).catch(tooMany)
    },
    async beforePasswordResetRequest(ip, email) {
      await resetRequestsByAddress.consume(clientKey(ip)).catch(tooMany)
      await resetRequestsByAccount.consume(account(email)).catch(tooMany)
    },
    async beforePasswordReset(ip) {
      await resetsByAddress.consume(clientKey(ip)).catch(tooMany)
    },
  }
}

let limits: AuthLimits | undefined

/** The shop's limits, from AUTH_RATE_LIMIT. */
export function authLimits(): AuthLimits {
  limits ??= createAuthLimits({ limit: getConfig().AUTH_RATE_LIMIT })
  return limits
}
