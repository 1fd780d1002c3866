import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { billedGrams, DEFAULT_ZONE_RATES, parcelOf, shippingFeePaise } from './rates'

describe('billedGrams', () => {
  it('is the dead weight when the box is small for it', () => {
    expect(billedGrams({ deadGrams: 800, volumeCm3: 10 * 10 * 10 })).toBe(800)
  })

  it('is the volumetric weight when the box is large for it: L x B x H / 5000 kg', () => {
    // A light resin tray in a 30 x 30 x 10 box: 9,000 cm³ is 1.8 kg.
    expect(billedGrams({ deadGrams: 600, volumeCm3: 30 * 30 * 10 })).toBe(1800)
  })
})

describe('shippingFeePaise', () => {
  const national = DEFAULT_ZONE_RATES.national
  it('charges the first slab for anything up to 500 g, then each further 500 g or part', () => {
    expect(shippingFeePaise(national, 1)).toBe(7000)
    expect(shippingFeePaise(national, 500)).toBe(7000)
    expect(shippingFeePaise(national, 501)).toBe(13000)
    expect(shippingFeePaise(national, 1800)).toBe(7000 + 3 * 6000)
  })

  it('never falls as the parcel grows, and rises by exactly one slab rate per 500 g', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), (grams) => {
        const fee = shippingFeePaise(national, grams)
        expect(shippingFeePaise(national, grams + 1)).toBeGreaterThanOrEqual(fee)
        expect(shippingFeePaise(national, grams + 500)).toBe(fee + national.extraSlabPaise)
      }),
    )
  })

  it('charges each zone more than the one nearer', () => {
    const { city, state, metro, national: rest, special } = DEFAULT_ZONE_RATES
    const fees = [city, state, metro, rest, special].map((rate) => shippingFeePaise(rate, 700))
    expect([...fees].sort((a, b) => a - b)).toEqual(fees)
  })
})

describe('parcelOf', () => {
  it('adds the weights and the volumes of the pieces', () => {
    const pendant = { deadGrams: 120, lengthCm: 10, breadthCm: 8, heightCm: 4 }
    const tray = { deadGrams: 700, lengthCm: 30, breadthCm: 30, heightCm: 5 }
    const box = parcelOf([
      { piece: pendant, quantity: 2 },
      { piece: tray, quantity: 1 },
    ])
    expect(box).toEqual({ deadGrams: 940, volumeCm3: 2 * 320 + 4500 })
    expect(billedGrams(box)).toBe(1028)
  })
})
