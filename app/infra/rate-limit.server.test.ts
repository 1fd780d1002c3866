import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DB } from '../../db/database'
import { withTestDb } from '../../tests/helpers/test-db'
import { TooManyRequests } from '~/domain/errors'
import {
  clientKey,
  createAuthLimits,
  databaseStore,
  deleteExpiredRateLimits,
  type LimitStore,
  memoryStore,
  TOO_MANY_ATTEMPTS,
} from './rate-limit.server'

const FIFTEEN_MINUTES = 15 * 60 * 1000

let db: DB
withTestDb((fresh) => (db = fresh), { perFile: true })

beforeEach(async () => {
  // Only the clock: the database's connections keep their real timers.
  vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z'), toFake: ['Date'] })
  await db.deleteFrom('rate_limit_counters').execute()
  await db.deleteFrom('rate_limit_known').execute()
})
afterEach(() => {
  vi.useRealTimers()
})

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  return undefined
}

/** A failed login as checkLogin makes it: the check, then the failure. */
async function failLogin(limits: ReturnType<typeof createAuthLimits>, ip: string, email: string) {
  await limits.beforeLogin(ip, email)
  await limits.loginFailed(ip, email)
}

describe('clientKey', () => {
  it('keys IPv4 clients by address, and IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('keys IPv6 clients by their /64, whatever the spelling', () => {
    const key = clientKey('2001:db8:1:2::1')
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key)
    expect(clientKey('2001:0DB8:0001:0002:abcd::9')).toBe(key)
    expect(clientKey('2001:db8:1:2::1%eth0')).toBe(key)
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key)
  })

  it('keeps anything else as it is', () => {
    expect(clientKey('unknown')).toBe('unknown')
  })
})

const stores: [string, () => LimitStore, boolean][] = [
  ['in memory (one process)', () => memoryStore(), true],
  ['in the database (every process)', () => databaseStore(db), false],
]

describe.each(stores)('createAuthLimits, counts %s', (_name, store, inMemory) => {
  beforeEach(() => {
    // The memory store ends its windows with timers: fake them too.
    if (inMemory) vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') })
  })

  it('refuses registrations past the limit per IPv6 /64, not per address', async () => {
    const limits = createAuthLimits({ limit: 2, store: store() })
    await limits.beforeRegistration('2001:db8:1:2::1')
    await limits.beforeRegistration('2001:db8:1:2::2')
    const error = await caught(limits.beforeRegistration('2001:db8:1:2::3'))
    expect(error).toBeInstanceOf(TooManyRequests)
    await expect(limits.beforeRegistration('2001:db8:1:3::1')).resolves.toBeUndefined()
  })

  it('refuses logins for an email after `limit` failures, with the time left as retry-after', async () => {
    const limits = createAuthLimits({ limit: 3, store: store() })
    for (let i = 0; i < 3; i++) await failLogin(limits, '203.0.113.1', 'Target@Example.com')
    vi.advanceTimersByTime(60_000)
    const error = (await caught(limits.beforeLogin('203.0.113.2', 'target@example.com'))) as TooManyRequests
    expect(error).toBeInstanceOf(TooManyRequests)
    expect(error.message).toBe(TOO_MANY_ATTEMPTS)
    expect(error.status).toBe(429)
    expect(error.retryAfterSeconds).toBe(14 * 60)
    vi.advanceTimersByTime(14 * 60 * 1000)
    await expect(limits.beforeLogin('203.0.113.2', 'target@example.com')).resolves.toBeUndefined()
  })

  it('counts login attempts per IPv6 /64 (five times the email limit), successes included', async () => {
    const limits = createAuthLimits({ limit: 2, store: store() })
    for (let i = 0; i < 10; i++) await limits.beforeLogin(`2001:db8:5:6::${i + 1}`, `user-${i}@example.com`)
    expect(await caught(limits.beforeLogin('2001:db8:5:6::99', 'other@example.com'))).toBeInstanceOf(TooManyRequests)
    await expect(limits.beforeLogin('2001:db8:5:7::1', 'other@example.com')).resolves.toBeUndefined()
  })

  it('does not lock the owner out from an address that has signed into the account before', async () => {
    const limits = createAuthLimits({ limit: 3, store: store() })
    const owner = '2001:db8:aa:1::10'
    await limits.beforeLogin(owner, 'owner@example.com')
    await limits.loginSucceeded(owner, 'owner@example.com')
    // Someone else fails on purpose until the account is refused to unknown addresses...
    for (let i = 0; i < 3; i++) await failLogin(limits, '198.51.100.9', 'owner@example.com')
    expect(await caught(limits.beforeLogin('198.51.100.9', 'owner@example.com'))).toBeInstanceOf(TooManyRequests)
    expect(await caught(limits.beforeLogin('192.0.2.1', 'owner@example.com'))).toBeInstanceOf(TooManyRequests)
    // ...but the owner's network (same /64, a new address in it) still gets in, and typos there do not count.
    await expect(limits.beforeLogin('2001:db8:aa:1::77', 'OWNER@example.com')).resolves.toBeUndefined()
    await limits.loginFailed('2001:db8:aa:1::77', 'owner@example.com')
    await expect(limits.beforeLogin(owner, 'owner@example.com')).resolves.toBeUndefined()
  })

  it('forgets the oldest known addresses past its bound', async () => {
    const limits = createAuthLimits({ limit: 1, store: memoryStore(2) })
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) await limits.loginSucceeded(ip, 'owner@example.com')
    await failLogin(limits, '198.51.100.9', 'owner@example.com')
    expect(await caught(limits.beforeLogin('192.0.2.1', 'owner@example.com'))).toBeInstanceOf(TooManyRequests)
    await expect(limits.beforeLogin('192.0.2.3', 'owner@example.com')).resolves.toBeUndefined()
  })

  it('starts afresh once the 15-minute window has passed', async () => {
    const limits = createAuthLimits({ limit: 1, store: store() })
    await limits.beforeRegistration('203.0.113.1')
    expect(await caught(limits.beforeRegistration('203.0.113.1'))).toBeInstanceOf(TooManyRequests)
    vi.advanceTimersByTime(FIFTEEN_MINUTES)
    await expect(limits.beforeRegistration('203.0.113.1')).resolves.toBeUndefined()
  })
})

describe('databaseStore (several processes)', () => {
  it('counts every process\'s attempts together: two processes, one limit', async () => {
    const [a, b] = [createAuthLimits({ limit: 2, store: databaseStore(db) }), createAuthLimits({ limit: 2, store: databaseStore(db) })]
    await a.beforeRegistration('203.0.113.5')
    await b.beforeRegistration('203.0.113.5')
    expect(await caught(a.beforeRegistration('203.0.113.5'))).toBeInstanceOf(TooManyRequests)
    expect(await caught(b.beforeRegistration('203.0.113.5'))).toBeInstanceOf(TooManyRequests)
    // An address known to one process is known to the other.
    await a.loginSucceeded('198.51.100.1', 'owner@example.com')
    for (let i = 0; i < 2; i++) {
      await b.beforeLogin('192.0.2.9', 'owner@example.com')
      await b.loginFailed('192.0.2.9', 'owner@example.com')
    }
    expect(await caught(a.beforeLogin('192.0.2.9', 'owner@example.com'))).toBeInstanceOf(TooManyRequests)
    await expect(b.beforeLogin('198.51.100.1', 'owner@example.com')).resolves.toBeUndefined()
  })

  it('loses no count when many arrive at once', async () => {
    const counter = databaseStore(db).counter('burst', 1000, 60)
    await Promise.all(Array.from({ length: 40 }, () => counter.consume('k')))
    expect((await counter.get('k'))?.consumedPoints).toBe(40)
  })

  it('forgets ended windows and long-unseen addresses when tidying', async () => {
    const store = databaseStore(db)
    await store.counter('tidy', 5, 60).consume('k')
    await store.remember('old@example.com\n192.0.2.1')
    vi.advanceTimersByTime(91 * 24 * 60 * 60 * 1000)
    await store.remember('new@example.com\n192.0.2.2')
    await deleteExpiredRateLimits(db)
    expect(await db.selectFrom('rate_limit_counters').select('key').execute()).toEqual([])
    expect(await store.isKnown('old@example.com\n192.0.2.1')).toBe(false)
    expect(await store.isKnown('new@example.com\n192.0.2.2')).toBe(true)
  })
})
