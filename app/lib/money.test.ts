import { describe, expect, it } from 'vitest'
import { formatPaise, isWholePaise, paiseToRupees, rupeesToPaise, splitPaise } from './money'

describe('formatPaise', () => {
  it('formats paise as rupees with two decimals', () => {
    expect(formatPaise(149900)).toBe('₹1,499.00')
  })

  it('uses Indian digit grouping for lakhs', () => {
    expect(formatPaise(14999900)).toBe('₹1,49,999.00')
    expect(formatPaise(1234567800)).toBe('₹1,23,45,678.00')
  })

  it('formats amounts below one rupee', () => {
    expect(formatPaise(50)).toBe('₹0.50')
    expect(formatPaise(0)).toBe('₹0.00')
  })

  it('keeps odd paise', () => {
    expect(formatPaise(149950)).toBe('₹1,499.50')
    expect(formatPaise(1999)).toBe('₹19.99')
  })
})

describe('paiseToRupees', () => {
  it('turns paise into a rupee number', () => {
    expect(paiseToRupees(149950)).toBe(1499.5)
    expect(paiseToRupees(149900)).toBe(1499)
    expect(paiseToRupees(0)).toBe(0)
  })
})

describe('rupeesToPaise', () => {
  it('rounds to whole paise despite floating point', () => {
    expect(rupeesToPaise(19.99)).toBe(1999)
    expect(rupeesToPaise(1.005)).toBe(100)
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30)
  })

  it('round-trips with paiseToRupees', () => {
    for (const paise of [0, 1, 50, 1999, 149950, 14999900]) {
      expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise)
    }
  })
})

describe('isWholePaise', () => {
  it('accepts up to two decimals despite floating point, and refuses more or non-numbers', () => {
    for (const rupees of [0, 1499, 1499.5, 19.99, 0.1 + 0.2, 1_000_000]) expect(isWholePaise(rupees), String(rupees)).toBe(true)
    for (const rupees of [1.005, 0.001, Number.NaN, Number.POSITIVE_INFINITY]) expect(isWholePaise(rupees), String(rupees)).toBe(false)
  })
})

describe('splitPaise', () => {
  it('splits an amount into whole rupees and the paise left over', () => {
    expect(splitPaise(0)).toEqual({ rupees: 0, paise: 0 })
    expect(splitPaise(149900)).toEqual({ rupees: 1499, paise: 0 })
    expect(splitPaise(149990)).toEqual({ rupees: 1499, paise: 90 })
    expect(splitPaise(1)).toEqual({ rupees: 0, paise: 1 })
    expect(splitPaise(Number.MAX_SAFE_INTEGER)).toEqual({ rupees: 90071992547409, paise: 91 })
  })
})
