import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ServiceUnavailable as CourierUnavailable } from '~/domain/errors'
import type { QuoteRequest } from '~/domain/shipping/courier'
import { type FakeShiprocket, startFakeShiprocket } from '../../tests/fake-shiprocket'
import { shiprocket } from './shiprocket.server'

let fake: FakeShiprocket
beforeAll(async () => {
  fake = await startFakeShiprocket()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.requests.length = 0
  fake.logins = 0
  fake.delayMs = 0
  fake.unserviceable.clear()
})

const pendant: QuoteRequest = { fromPincode: '560001', toPincode: '110001', parcel: { deadGrams: 300, volumeCm3: 10 * 8 * 4 }, billedGrams: 300, declaredValuePaise: 129_900 }
const client = (overrides: Partial<Parameters<typeof shiprocket>[0]> = {}) =>
  shiprocket({ apiBase: fake.url, email: fake.email, password: fake.password, timeoutMs: 1000, ...overrides })

describe('shiprocket quotes', () => {
  it('lists the couriers that serve the route, cheapest first, in paise', async () => {
    expect(await client().quote(pendant)).toEqual([
      { courierId: '12', courierName: 'Delhivery Surface', feePaise: 4050, transitDays: 4 },
      { courierId: '55', courierName: 'Bluedart Air', feePaise: 8100, transitDays: 2 },
    ])
  })

  it('sends the billed weight (a light piece in a big box is charged for the box)', async () => {
    const tray = { ...pendant, parcel: { deadGrams: 600, volumeCm3: 30 * 30 * 10 }, billedGrams: 1800 }
    // 1.8 kg billed: four half kilos, ₹40.50 + 3 × ₹10.
    expect((await client().quote(tray))[0]?.feePaise).toBe(7050)
  })

  it('answers no couriers for a pincode none serves', async () => {
    fake.unserviceable.add('110001')
    expect(await client().quote(pendant)).toEqual([])
  })

  it('logs in once and reuses the token', async () => {
    const service = client()
    await Promise.all([service.quote(pendant), service.quote(pendant), service.quote(pendant)])
    await service.quote(pendant)
    expect(fake.logins).toBe(1)
  })

  it('logs in again once when the token has expired, and the quote still answers', async () => {
    const service = client()
    await service.quote(pendant)
    fake.expireTokens()
    expect(await service.quote(pendant)).toHaveLength(2)
    expect(fake.logins).toBe(2)
  })

  it('is unavailable, not a crash, with wrong credentials', async () => {
    await expect(client({ password: 'wrong' }).quote(pendant)).rejects.toBeInstanceOf(CourierUnavailable)
  })

  it('is unavailable within its timeout when the aggregator is slow', async () => {
    fake.delayMs = 3000
    const started = Date.now()
    await expect(client({ timeoutMs: 300 }).quote(pendant)).rejects.toThrow(/no answer in 300 ms/)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('is unavailable when the aggregator cannot be reached', async () => {
    await expect(client({ apiBase: 'http://127.0.0.1:9' }).quote(pendant)).rejects.toBeInstanceOf(CourierUnavailable)
  })

  it('is unavailable, with Shiprocket\'s message, for a request it refuses', async () => {
    await expect(client().quote({ ...pendant, fromPincode: '5600' })).rejects.toThrow(/422 Oops! Invalid Data\./)
  })
})
