import { describe, expect, it } from 'vitest'
import { ownRates, zoneBetween } from './own-rates'
import { DEFAULT_ZONE_RATES } from './rates'

const parcel = { deadGrams: 300, volumeCm3: 320 }
const billedGrams = 300

describe('ownRates', () => {
  it('prices a parcel at the zone rate from the studio', async () => {
    const service = ownRates(() => DEFAULT_ZONE_RATES)
    expect(await service.quote({ fromPincode: '560001', toPincode: '560038', parcel, billedGrams, declaredValuePaise: 0 })).toEqual([
      { courierId: 'own', courierName: 'Standard delivery', feePaise: 4000, transitDays: 2 },
    ])
    expect((await service.quote({ fromPincode: '560001', toPincode: '781001', parcel: { deadGrams: 1200, volumeCm3: 320 }, billedGrams: 1200, declaredValuePaise: 0 }))[0]).toMatchObject({
      feePaise: 9500 + 2 * 8000,
      transitDays: 7,
    })
  })

  it("reads the owner's rates at each quote", async () => {
    let rates = DEFAULT_ZONE_RATES
    const service = ownRates(() => rates)
    rates = { ...rates, city: { firstSlabPaise: 0, extraSlabPaise: 0, transitDays: 1 } }
    expect((await service.quote({ fromPincode: '560001', toPincode: '560038', parcel, billedGrams, declaredValuePaise: 0 }))[0]?.feePaise).toBe(0)
  })

  it('prices a pincode the directory does not know as the rest of India', async () => {
    expect(await zoneBetween('560001', '999999')).toBe('national')
  })

  it('serves a new pincode the directory does not know yet, as the rest of India', async () => {
    const service = ownRates(() => DEFAULT_ZONE_RATES)
    const quotes = await service.quote({ fromPincode: '560001', toPincode: '560999', parcel, billedGrams, declaredValuePaise: 0 })
    expect(quotes[0]?.feePaise).toBe(DEFAULT_ZONE_RATES.national.firstSlabPaise)
  })
})
