import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DISCOUNT_MESSAGES, discountAmount, normalizeCode, spreadDiscount } from './discounts'

describe('spreadDiscount', () => {
  it('spreads in proportion to the lines and gives the odd paise to the largest remainders', () => {
    // 100 over 1:1:1 is 33.33 each: the first line takes the odd paisa (ties go to the earlier line).
    expect(spreadDiscount([1000, 1000, 1000], 100)).toEqual([34, 33, 33])
    // 10 over 150:50 is 7.5 and 2.5: one paisa left, the first line's remainder wins the tie.
    expect(spreadDiscount([150, 50], 10)).toEqual([8, 2])
    expect(spreadDiscount([99_900, 49_950, 0], 14_985)).toEqual([9990, 4995, 0])
  })

  it('takes all of every line when the amount is the whole total, and nothing of a free line', () => {
    expect(spreadDiscount([500, 0, 700], 1200)).toEqual([500, 0, 700])
    expect(spreadDiscount([0, 0], 0)).toEqual([0, 0])
  })

  it('refuses an amount above the lines or below zero', () => {
    expect(() => spreadDiscount([100], 101)).toThrow(RangeError)
    expect(() => spreadDiscount([100], -1)).toThrow(RangeError)
  })

  it('always adds up to the amount exactly, never below zero, never more than a line (property, 10,000 carts)', () => {
    const cart = fc
      .array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 12 })
      .chain((values) => fc.tuple(fc.constant(values), fc.integer({ min: 0, max: values.reduce((a, b) => a + b, 0) })))
    fc.assert(
      fc.property(cart, ([values, amount]) => {
        const shares = spreadDiscount(values, amount)
        expect(shares).toHaveLength(values.length)
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount)
        shares.forEach((share, i) => {
          expect(Number.isInteger(share)).toBe(true)
          expect(share).toBeGreaterThanOrEqual(0)
          expect(share).toBeLessThanOrEqual(values[i] ?? 0)
          // Within a paisa of the exact proportional share.
          const total = values.reduce((a, b) => a + b, 0)
          const exact = total === 0 ? 0 : ((values[i] ?? 0) * amount) / total
          expect(Math.abs(share - exact)).toBeLessThan(1)
        })
      }),
      { numRuns: 10_000, seed: 28 },
    )
    // 10,000 carts take about 3 s alone, and several times that beside a whole suite on 2 cores.
  }, 120_000)
})

describe('discountAmount', () => {
  it('takes a percentage rounded half up to the paisa', () => {
    expect(discountAmount('percent', 10, 149_900)).toBe(14_990)
    expect(discountAmount('percent', 15, 333)).toBe(50) // 49.95 -> 50
    expect(discountAmount('percent', 15, 330)).toBe(50) // 49.5 -> 50
    expect(discountAmount('percent', 100, 12_345)).toBe(12_345)
  })

  it('never takes more than the pieces it is for', () => {
    expect(discountAmount('fixed', 50_000, 30_000)).toBe(30_000)
    expect(discountAmount('fixed', 20_000, 30_000)).toBe(20_000)
    expect(discountAmount('fixed', 20_000, 0)).toBe(0)
  })
})

describe('the shopper messages', () => {
  it('say the issue\'s words', () => {
    expect(DISCOUNT_MESSAGES.ended('2026-11-02')).toBe('This code ended on 2 Nov')
    expect(DISCOUNT_MESSAGES.addMore(30_000)).toBe('Add ₹300.00 more to use this code')
    expect(DISCOUNT_MESSAGES.usedByYou).toBe('You have already used this code')
    expect(DISCOUNT_MESSAGES.notForCart).toBe('This code is not for the pieces in your cart')
  })

  it('reads codes in any case', () => {
    expect(normalizeCode('  diwali10 ')).toBe('DIWALI10')
  })
})
