// Spam limits for custom requests: per address and per email; only a request refused by the limits is not counted. Each
// case runs in memory (the one-process SQLite shop) and in the database's counters (what the shop
// uses on PostgreSQL; this file runs on SQLite in `npm test` and on PostgreSQL in `npm run test:pg`).
import { beforeEach, describe, expect, it } from 'vitest'
import { rejection } from '../../tests/helpers/rejection'
import type { DB } from '../../db/database'
import { withTestDb } from '../../tests/helpers/test-db'
import { CUSTOM_ORDER_MESSAGES } from '~/lib/custom-orders'
import { TooManyRequests } from '~/domain/errors'
import { createCustomOrderLimits } from './custom-order-limits.server'
import { databaseStore, type LimitStore, memoryStore } from './rate-limit.server'

let db: DB
withTestDb((fresh) => (db = fresh), { perFile: true })
beforeEach(async () => {
  await db.deleteFrom('rate_limit_counters').execute()
})

const RATE = { perAddress: 3, perEmail: 2, seconds: 3600 }
const stores: [string, () => LimitStore][] = [
  ['in memory (one process)', () => memoryStore()],
  ['in the database (every process)', () => databaseStore(db)],
]

describe.each(stores)('custom order limits, counted %s', (_name, store) => {
  const limits = () => createCustomOrderLimits(RATE, store())

  it('refuses a third request for one email, from any address', async () => {
    const l = limits()
    await l.take('203.0.113.1', 'a@example.com')
    await l.take('203.0.113.2', 'A@Example.com ')
    const error = await rejection(l.take('203.0.113.3', 'a@example.com'))
    expect(error).toBeInstanceOf(TooManyRequests)
    expect((error as TooManyRequests).message).toBe(CUSTOM_ORDER_MESSAGES.tooMany)
    expect((error as TooManyRequests).retryAfterSeconds).toBeGreaterThan(0)
    // The refused request did not use up the third address's allowance.
    await l.take('203.0.113.3', 'b@example.com')
    await l.take('203.0.113.3', 'c@example.com')
    await l.take('203.0.113.3', 'd@example.com')
    expect(await rejection(l.take('203.0.113.3', 'e@example.com'))).toBeInstanceOf(TooManyRequests)
  })

  it('refuses a fourth request from one address (an IPv6 /64 counts as one), whatever the emails', async () => {
    const l = limits()
    await l.take('2001:db8::1', 'a@example.com')
    await l.take('2001:db8::2', 'b@example.com')
    await l.take('2001:db8::3', 'c@example.com')
    expect(await rejection(l.take('2001:db8::ffff', 'd@example.com'))).toBeInstanceOf(TooManyRequests)
    await l.take('2001:db8:1::1', 'd@example.com')
  })

  it('counts every request it lets through, whatever becomes of it afterwards', async () => {
    const l = limits()
    // Two requests for one email (refused later for their photos, say): the third is over the limit.
    await l.take('203.0.113.9', 'a@example.com')
    await l.take('203.0.113.10', 'a@example.com')
    expect(await rejection(l.take('203.0.113.11', 'a@example.com'))).toBeInstanceOf(TooManyRequests)
  })
})

describe('custom order limits in the database (several processes)', () => {
  it('counts the requests of every process together', async () => {
    // Two worker processes' limits over one database: each sees the other's requests.
    const [a, b] = [createCustomOrderLimits(RATE, databaseStore(db)), createCustomOrderLimits(RATE, databaseStore(db))]
    await a.take('203.0.113.20', 'f@example.com')
    await b.take('203.0.113.21', 'f@example.com')
    expect(await rejection(a.take('203.0.113.22', 'f@example.com'))).toBeInstanceOf(TooManyRequests)
    expect(await rejection(b.take('203.0.113.23', 'f@example.com'))).toBeInstanceOf(TooManyRequests)
    // One address's fourth request is refused, its first three counted by the two processes together.
    await a.take('203.0.113.24', 'g@example.com')
    await b.take('203.0.113.24', 'h@example.com')
    await a.take('203.0.113.24', 'i@example.com')
    expect(await rejection(b.take('203.0.113.24', 'j@example.com'))).toBeInstanceOf(TooManyRequests)
  })

  it('counts concurrent requests exactly', async () => {
    const limits = Array.from({ length: 4 }, () => createCustomOrderLimits({ perAddress: 10, perEmail: 10, seconds: 3600 }, databaseStore(db)))
    const results = await Promise.allSettled(Array.from({ length: 16 }, (_, i) => (limits[i % 4] as (typeof limits)[0]).take('203.0.113.30', `burst${i}@example.com`)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10)
  })
})
