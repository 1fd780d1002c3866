import { describe, expect, it } from 'vitest'
import { footerDeliveryText } from './footer-delivery'

describe('footerDeliveryText', () => {
  it('says free only when a flat fee of 0 is what every order pays', () => {
    expect(footerDeliveryText({ pricing: 'flat', feePaise: 0, freeOverPaise: null })).toBe('We deliver across India, free.')
    expect(footerDeliveryText({ pricing: 'flat', feePaise: 4_900, freeOverPaise: null })).toBe(
      'We deliver across India for ₹49.00 an order, shown at checkout.',
    )
  })

  it('under zones gives the cheapest rate and never says free', () => {
    const text = footerDeliveryText({ pricing: 'zones', fromPaise: 4_000, freeOverPaise: null })
    expect(text).toBe('We deliver across India from ₹40.00, by where the parcel goes and what it weighs: the fee for your pincode is shown before you pay.')
    expect(text).not.toMatch(/free/i)
  })

  it("names no amount when the courier's own rates decide", () => {
    expect(footerDeliveryText({ pricing: 'zones', fromPaise: null, freeOverPaise: null })).toBe(
      'We deliver across India, by where the parcel goes and what it weighs: the fee for your pincode is shown before you pay.',
    )
  })

  it('adds the free-delivery offer to a fee that is not 0', () => {
    expect(footerDeliveryText({ pricing: 'zones', fromPaise: 4_000, freeOverPaise: 99_900 })).toMatch(/ Free on orders of ₹999.00 or more\.$/)
    expect(footerDeliveryText({ pricing: 'flat', feePaise: 4_900, freeOverPaise: 99_900 })).toMatch(/ Free on orders of ₹999.00 or more\.$/)
  })
})
