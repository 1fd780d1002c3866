// Rate limits for login and registration (and the store custom-order limits count in). Clients are keyed by IPv4 address or IPv6 /64. An account
// is refused to unknown addresses after too many failed logins, never to an address that has signed
// into it before (see ADR 020). Where the counts live: rate-limiter-flexible's memory store for the
// one-process SQLite shop; on PostgreSQL, where several processes serve (WEB_CONCURRENCY), the
// database (rate_limit_counters, rate_limit_known), so every process sees the same counts (ADR 040).
import { sql } from 'kysely'
import ipaddr from 'ipaddr.js'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { DB } from '../../db/database'
import { dialectOf } from '../../db/dialect'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { TooManyRequests } from '~/domain/errors'

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

/** The key of a client address as clientKey gives it, or null when `ip` is no address (unknown). */
export function addressKey(ip: string): string | null {
  return ipaddr.isValid(ip) ? clientKey(ip) : null
}

/** A limiter's refusal as TooManyRequests with `message` and the seconds to wait; anything else is rethrown. */
export function refusedWith(message: string): (result: unknown) => never {
  return (result) => {
    if (result instanceof RateLimiterRes) throw new TooManyRequests(message, Math.max(1, Math.ceil(result.msBeforeNext / 1000)))
    throw result
  }
}

const tooMany = refusedWith(TOO_MANY_ATTEMPTS)

/** Points consumed per key in a fixed window, as rate-limiter-flexible's limiters count them. */
export interface Counter {
  /** Counts one point; rejects with a RateLimiterRes once more than `points` were consumed in the window. */
  consume(key: string): Promise<RateLimiterRes>
  /** The key's count in the current window, or null. */
  get(key: string): Promise<RateLimiterRes | null>
  /** Takes one point back from the key's current window (never below 0); nothing when it has none. */
  reward(key: string): Promise<void>
}

/** Where the counts and the known account-address pairs live. */
export interface LimitStore {
  counter(name: string, points: number, durationSeconds: number): Counter
  isKnown(pair: string): Promise<boolean>
  remember(pair: string): Promise<void>
}

/** One process's memory: the known pairs are bounded, the oldest forgotten first. */
export function memoryStore(knownAddresses = KNOWN_ADDRESSES): LimitStore {
  // Insertion order is age: re-adding moves a pair to the end, the first one is the oldest.
  const known = new Set<string>()
  return {
    counter: (_name, points, duration) => {
      const limiter = new RateLimiterMemory({ points, duration })
      return {
        consume: (key) => limiter.consume(key),
        get: (key) => limiter.get(key),
        async reward(key) {
          // rate-limiter-flexible would go below 0 (a credit); a count never does here, as in the database.
          const current = await limiter.get(key)
          if (current && current.consumedPoints > 0) await limiter.reward(key)
        },
      }
    },
    isKnown: async (pair) => known.has(pair),
    async remember(pair) {
      known.delete(pair)
      known.add(pair)
      if (known.size > knownAddresses) known.delete(known.values().next().value as string)
    },
  }
}

/** Known pairs not seen for this long are forgotten (deleteExpiredRateLimits). */
export const KNOWN_PAIR_DAYS = 90

/**
 * The database, shared by every process: one upsert per count (a new window starts at 1 when the
 * old one has ended), atomic on both databases, so concurrent processes never lose a count.
 */
export function databaseStore(db: DB): LimitStore {
  const result = (points: number, row: { points: number; expires_at: number }, now: number) => {
    const consumed = Number(row.points)
    return new RateLimiterRes(Math.max(0, points - consumed), Math.max(0, Number(row.expires_at) - now), consumed, consumed === 1)
  }
  return {
    counter: (name, points, duration) => ({
      async consume(key) {
        const now = Date.now()
        const row = await db
          .insertInto('rate_limit_counters')
          .values({ key: `${name}:${key}`, points: 1, expires_at: now + duration * 1000 })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              points: sql`case when rate_limit_counters.expires_at <= ${now} then 1 else rate_limit_counters.points + 1 end`,
              expires_at: sql`case when rate_limit_counters.expires_at <= ${now} then ${now + duration * 1000} else rate_limit_counters.expires_at end`,
            }),
          )
          .returning(['points', 'expires_at'])
          .executeTakeFirstOrThrow()
        const res = result(points, row, now)
        if (res.consumedPoints > points) throw res
        return res
      },
      async get(key) {
        const now = Date.now()
        const row = await db
          .selectFrom('rate_limit_counters')
          .select(['points', 'expires_at'])
          .where('key', '=', `${name}:${key}`)
          .where('expires_at', '>', now)
          .executeTakeFirst()
        return row ? result(points, row, now) : null
      },
      async reward(key) {
        await db
          .updateTable('rate_limit_counters')
          .set({ points: sql`rate_limit_counters.points - 1` })
          .where('key', '=', `${name}:${key}`)
          .where('expires_at', '>', Date.now())
          .where('points', '>', 0)
          .execute()
      },
    }),
    async isKnown(pair) {
      return Boolean(await db.selectFrom('rate_limit_known').select('pair').where('pair', '=', pair).executeTakeFirst())
    },
    async remember(pair) {
      const seen = new Date().toISOString()
      await db
        .insertInto('rate_limit_known')
        .values({ pair, seen_at: seen })
        .onConflict((oc) => oc.column('pair').doUpdateSet({ seen_at: seen }))
        .execute()
    },
  }
}

/** Deletes ended windows and known pairs unseen for KNOWN_PAIR_DAYS (the start's and every 6 hours' tidy). */
export async function deleteExpiredRateLimits(db: DB, now = new Date()): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', now.getTime()).execute()
  const forgotten = new Date(now.getTime() - KNOWN_PAIR_DAYS * 24 * 60 * 60 * 1000).toISOString()
  await db.deleteFrom('rate_limit_known').where('seen_at', '<', forgotten).execute()
}

export interface AuthLimits {
  /** Before checking a password: counts the attempt for the address; refuses a locked account to unknown addresses. */
  beforeLogin(ip: string, email: string): Promise<void>
  /** A wrong email or password: counts against the account unless the address has signed into it before. */
  loginFailed(ip: string, email: string): Promise<void>
  /** Remembers that this address signed into this account. */
  loginSucceeded(ip: string, email: string): Promise<void>
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
export function createAuthLimits(options: { limit: number; store?: LimitStore }): AuthLimits {
  const { limit, store = memoryStore() } = options
  const loginsByAddress = store.counter('login-ip', limit * 5, FIFTEEN_MINUTES)
  const failuresByAccount = store.counter('login-failed', limit, FIFTEEN_MINUTES)
  const registrationsByAddress = store.counter('register-ip', limit, FIFTEEN_MINUTES)
  const resetRequestsByAddress = store.counter('reset-request-ip', limit, FIFTEEN_MINUTES)
  // A few links per address and quarter hour: enough for a lost mail, too few to flood an inbox.
  const resetRequestsByAccount = store.counter('reset-request-email', Math.max(3, Math.ceil(limit / 3)), FIFTEEN_MINUTES)
  const resetsByAddress = store.counter('reset-ip', limit * 5, FIFTEEN_MINUTES)
  const account = (email: string) => email.trim().toLowerCase()
  const pair = (ip: string, email: string) => `${account(email)}\n${clientKey(ip)}`

  return {
    async beforeLogin(ip, email) {
      await loginsByAddress.consume(clientKey(ip)).catch(tooMany)
      if (await store.isKnown(pair(ip, email))) return
      const failures = await failuresByAccount.get(account(email))
      if (failures && failures.consumedPoints >= limit) tooMany(failures)
    },
    async loginFailed(ip, email) {
      if (await store.isKnown(pair(ip, email))) return
      // Past the limit the account is refused anyway; a rejection here only means "still locked".
      await failuresByAccount.consume(account(email)).catch((result: unknown) => {
        if (!(result instanceof RateLimiterRes)) throw result
      })
    },
    async loginSucceeded(ip, email) {
      await store.remember(pair(ip, email))
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

/**
 * Where the shop's limits count: in memory on SQLite (one process), in the database on PostgreSQL,
 * where several processes serve and each must see every count (ADR 040).
 */
export function shopLimitStore(): LimitStore {
  const db = getDb()
  return dialectOf(db) === 'postgres' ? databaseStore(db) : memoryStore()
}

let limits: AuthLimits | undefined

/** The shop's limits, from AUTH_RATE_LIMIT, in shopLimitStore(). */
export function authLimits(): AuthLimits {
  limits ??= createAuthLimits({ limit: getConfig().AUTH_RATE_LIMIT, store: shopLimitStore() })
  return limits
}
