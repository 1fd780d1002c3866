// Spam limits for custom requests: per address and per email; a refused request is given back.
import { describe, expect, it } from 'vitest'
import { rejection } from '../../tests/helpers/rejection'
import { CUSTOM_REQUEST_MESSAGES } from '~/lib/custom-orders'
import { TooManyRequests } from '../domain/errors'
import { createCustomOrderLimits } from './custom-order-limits.server'

const limits = () => createCustomOrderLimits({ perAddress: 3, perEmail: 2, seconds: 3600 })

describe('custom order limits', () => {
  it('refuses a third request for one email, from any address', async () => {
    const l = limits()
    await l.take('203.0.113.1', 'a@example.com')
    await l.take('203.0.113.2', 'A@Example.com ')
    const error = await rejection(l.take('203.0.113.3', 'a@example.com'))
    expect(error).toBeInstanceOf(TooManyRequests)
    expect((error as TooManyRequests).message).toBe(CUSTOM_REQUEST_MESSAGES.tooMany)
    expect((error as TooManyRequests).retryAfterSeconds).toBeGreaterThan(0)
    // The refused request did not use up the third address's allowance.
    await l.take('203.0.113.3', 'b@example.com')
  })

  it('refuses a fourth request from one address (an IPv6 /64 counts as one), whatever the emails', async () => {
    const l = limits()
    await l.take('2001:db8::1', 'a@example.com')
    await l.take('2001:db8::2', 'b@example.com')
    await l.take('2001:db8::3', 'c@example.com')
    expect(await rejection(l.take('2001:db8::ffff', 'd@example.com'))).toBeInstanceOf(TooManyRequests)
    await l.take('2001:db8:1::1', 'd@example.com')
  })

  it('gives back a request that was refused for its content', async () => {
    const l = limits()
    await l.take('203.0.113.9', 'a@example.com')
    await l.giveBack('203.0.113.9', 'a@example.com')
    await l.take('203.0.113.9', 'a@example.com')
    await l.take('203.0.113.9', 'a@example.com')
    expect(await rejection(l.take('203.0.113.9', 'a@example.com'))).toBeInstanceOf(TooManyRequests)
  })
})
