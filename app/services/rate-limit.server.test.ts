import { describe, expect, it } from 'vitest'
import { TooManyRequests } from './errors'
import { createRateLimiter } from './rate-limit.server'

function clock(start = 1_000_000) {
  let time = start
  return {
    now: () => time,
    advance(ms: number) {
      time += ms
    },
  }
}

function caught(fn: () => void): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  return undefined
}

describe('createRateLimiter', () => {
  it('allows exactly `limit` hits, then throws TooManyRequests with a positive retry-after', () => {
    const time = clock()
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, message: 'Slow down', now: time.now })
    for (let i = 0; i < 3; i++) expect(() => limiter.hit('ip-1')).not.toThrow()
    const error = caught(() => limiter.hit('ip-1'))
    expect(error).toBeInstanceOf(TooManyRequests)
    const tooMany = error as TooManyRequests
    expect(tooMany.message).toBe('Slow down')
    expect(tooMany.status).toBe(429)
    expect(tooMany.retryAfterSeconds).toBe(60)
  })

  it('reports the time left in the window as retry-after, rounded up', () => {
    const time = clock()
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, message: 'Slow down', now: time.now })
    limiter.hit('ip-1')
    time.advance(45_500)
    const error = caught(() => limiter.hit('ip-1')) as TooManyRequests
    expect(error).toBeInstanceOf(TooManyRequests)
    expect(error.retryAfterSeconds).toBe(15)
    time.advance(14_499)
    const late = caught(() => limiter.hit('ip-1')) as TooManyRequests
    expect(late).toBeInstanceOf(TooManyRequests)
    expect(late.retryAfterSeconds).toBe(1)
  })

  it('keeps refusing while the window lasts', () => {
    const time = clock()
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000, message: 'Slow down', now: time.now })
    limiter.hit('k')
    limiter.hit('k')
    for (let i = 0; i < 5; i++) {
      time.advance(1_000)
      expect(() => limiter.hit('k')).toThrow(TooManyRequests)
    }
  })

  it('counts separate keys independently', () => {
    const time = clock()
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, message: 'Slow down', now: time.now })
    limiter.hit('a@example.com')
    limiter.hit('a@example.com')
    expect(() => limiter.hit('a@example.com')).toThrow(TooManyRequests)
    expect(() => limiter.hit('b@example.com')).not.toThrow()
    expect(() => limiter.hit('b@example.com')).not.toThrow()
    expect(() => limiter.hit('b@example.com')).toThrow(TooManyRequests)
  })

  it('starts a fresh window once windowMs has passed', () => {
    const time = clock()
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, message: 'Slow down', now: time.now })
    limiter.hit('k')
    limiter.hit('k')
    expect(() => limiter.hit('k')).toThrow(TooManyRequests)
    time.advance(59_999)
    expect(() => limiter.hit('k')).toThrow(TooManyRequests)
    time.advance(1)
    expect(() => limiter.hit('k')).not.toThrow()
    expect(() => limiter.hit('k')).not.toThrow()
    expect(() => limiter.hit('k')).toThrow(TooManyRequests)
  })

  it('keeps separate limiters independent', () => {
    const time = clock()
    const first = createRateLimiter({ limit: 1, windowMs: 60_000, message: 'first', now: time.now })
    const second = createRateLimiter({ limit: 1, windowMs: 60_000, message: 'second', now: time.now })
    first.hit('k')
    expect(() => first.hit('k')).toThrow('first')
    expect(() => second.hit('k')).not.toThrow()
  })

  it('still limits a key while pruning when many keys are tracked', () => {
    const time = clock()
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, message: 'Slow down', now: time.now })
    for (let i = 0; i <= 10_001; i++) limiter.hit(`old-${i}`)
    time.advance(1_000)
    limiter.hit('fresh')
    expect(() => limiter.hit('fresh')).toThrow(TooManyRequests)
    // The old windows have expired, so their keys start afresh.
    expect(() => limiter.hit('old-0')).not.toThrow()
  })

  it('uses the real clock when no `now` is given', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, message: 'Slow down' })
    limiter.hit('k')
    const error = caught(() => limiter.hit('k')) as TooManyRequests
    expect(error).toBeInstanceOf(TooManyRequests)
    expect(error.retryAfterSeconds).toBeGreaterThan(0)
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60)
  })
})
