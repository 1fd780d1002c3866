import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { spreadDiscount } from './discounts'
import { deliveryFeeFor, freeDeliveryHint, type LiveOffers, OFFER_MESSAGES, offerFor } from './offers'
import { linePrices, offerPricePaise, unitPricePaise, withOffer } from './pricing'

describe('an offer on a price', () => {
  it('takes the percent off the price, rounded half up to the paisa', () => {
    expect(offerPricePaise(99_900, 15)).toBe(84_915)
    // 15% of 333 paise is 49.95: 50 off.
    expect(offerPricePaise(333, 15)).toBe(283)
    // 10% of 5 paise is 0.5: rounded up, 1 off.
    expect(offerPricePaise(5, 10)).toBe(4)
    expect(offerPricePaise(0, 50)).toBe(0)
  })

  it('is the lower of the piece own sale price and the offer price, never both compounded', () => {
    expect(withOffer({ pricePaise: 100_000, salePricePaise: 0 }, 15)).toEqual({ pricePaise: 100_000, salePricePaise: 85_000 })
    expect(withOffer({ pricePaise: 100_000, salePricePaise: 80_000 }, 15)).toEqual({ pricePaise: 100_000, salePricePaise: 80_000 })
    expect(withOffer({ pricePaise: 100_000, salePricePaise: 90_000 }, 15)).toEqual({ pricePaise: 100_000, salePricePaise: 85_000 })
    expect(withOffer({ pricePaise: 100_000, salePricePaise: 0 }, null)).toEqual({ pricePaise: 100_000, salePricePaise: 0 })
  })

  it('is the one rule of a line: option and variant prices get it, applied once however often', () => {
    const product = { pricePaise: 100_000, salePricePaise: 0, offerPercent: 20 }
    expect(linePrices(product, { pricePaise: 50_000, salePricePaise: 0 })).toEqual({ pricePaise: 50_000, salePricePaise: 40_000 })
    expect(linePrices(product, null, { pricePaise: 70_000 })).toEqual({ pricePaise: 70_000, salePricePaise: 56_000 })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 90 }), (price, sale, percent) => {
        const once = withOffer({ pricePaise: price, salePricePaise: sale }, percent)
        expect(withOffer(once, percent)).toEqual(once)
        expect(unitPricePaise(once)).toBeGreaterThanOrEqual(0)
        expect(unitPricePaise(once)).toBeLessThanOrEqual(price)
      }),
    )
  })
})

describe('which offer covers a piece', () => {
  const offers: LiveOffers = {
    percentOff: [
      { id: 'a', name: 'Shop 10', percent: 10, categories: null, products: null, stackable: false },
      { id: 'b', name: 'Decor 15', percent: 15, categories: ['home-decor'], products: null, stackable: false },
      { id: 'c', name: 'Ring 20', percent: 20, categories: null, products: ['ring'], stackable: false },
    ],
    freeDelivery: null,
  }
  it('takes the largest percent of those covering its category', () => {
    expect(offerFor(offers, { id: 'tray', category: 'home-decor' })?.name).toBe('Decor 15')
    expect(offerFor(offers, { id: 'pendant', category: 'jewellery' })?.name).toBe('Shop 10')
    expect(offerFor(offers, { id: 'ring', category: 'jewellery' })?.name).toBe('Ring 20')
    expect(offerFor({ percentOff: [], freeDelivery: null }, { id: 'pendant', category: 'jewellery' })).toBeNull()
  })
})

describe('free delivery over an amount', () => {
  it('makes delivery free once the payable subtotal reaches the amount, not a paisa before', () => {
    const at = (payablePaise: number) => deliveryFeeFor({ hasItems: true, payablePaise, feePaise: 9_900, freeOverPaise: 99_900 })
    expect(at(99_899)).toBe(9_900)
    expect(at(99_900)).toBe(0)
    expect(deliveryFeeFor({ hasItems: true, payablePaise: 500_000, feePaise: 9_900, freeOverPaise: null })).toBe(9_900)
    expect(deliveryFeeFor({ hasItems: false, payablePaise: 0, feePaise: 9_900, freeOverPaise: null })).toBe(0)
  })

  it('tells the shopper how much more, word for word', () => {
    const offer = { id: 'f', name: 'Free delivery', minOrderPaise: 99_900 }
    expect(freeDeliveryHint(69_900, offer, 9_900)?.message).toBe('Add ₹300.00 more for free delivery')
    expect(freeDeliveryHint(99_900, offer, 9_900)).toMatchObject({ shortPaise: 0, message: 'Free delivery: your order is over ₹999.00' })
    expect(freeDeliveryHint(10_000, offer, 0)).toBeNull()
    expect(OFFER_MESSAGES.addForFreeDelivery(1)).toBe('Add ₹0.01 more for free delivery')
  })
})

describe('an offered cart adds up', () => {
  it('lines at offer prices with a stacked code spread over them: shares add up, no line below zero (property)', () => {
    const line = fc.record({ price: fc.integer({ min: 1, max: 5_000_000 }), sale: fc.integer({ min: 0, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 10 }) })
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 90 }), fc.integer({ min: 1, max: 100 }), (lines, percent, codePercent) => {
        const values = lines.map((l) => unitPricePaise(withOffer({ pricePaise: l.price, salePricePaise: l.sale }, percent)) * l.quantity)
        const subtotal = values.reduce((a, b) => a + b, 0)
        const amount = Math.min(subtotal, Math.floor((subtotal * codePercent * 2 + 100) / 200))
        const shares = spreadDiscount(values, amount)
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount)
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0)
          expect((values[i] ?? 0) - share).toBeGreaterThanOrEqual(0)
        })
      }),
      { numRuns: 2_000 },
    )
  })
})
