import { describe, expect, it } from 'vitest'
import { effectivePricePaise, isOnSale, unitPricePaise } from './pricing'

describe('unitPricePaise', () => {
  it('uses the sale price when it is above 0', () => {
    expect(unitPricePaise({ pricePaise: 149900, salePricePaise: 99900 })).toBe(99900)
  })

  it('uses the price when the sale price is 0', () => {
    expect(unitPricePaise({ pricePaise: 149900, salePricePaise: 0 })).toBe(149900)
  })
})

describe('effectivePricePaise', () => {
  const product = { pricePaise: 100000, salePricePaise: 80000 }

  it('uses the product price when no variety is chosen', () => {
    expect(effectivePricePaise(product)).toBe(80000)
    expect(effectivePricePaise(product, null)).toBe(80000)
    expect(effectivePricePaise({ pricePaise: 100000, salePricePaise: 0 }, undefined)).toBe(100000)
  })

  it('lets a variety’s price override the product’s', () => {
    expect(effectivePricePaise(product, { pricePaise: 250000, salePricePaise: 0 })).toBe(250000)
  })

  it('uses a variety’s sale price when it has one', () => {
    expect(effectivePricePaise(product, { pricePaise: 250000, salePricePaise: 199900 })).toBe(199900)
  })

  it('ignores the product’s sale price once a variety is chosen', () => {
    expect(effectivePricePaise({ pricePaise: 100000, salePricePaise: 1000 }, { pricePaise: 50000, salePricePaise: 0 })).toBe(
      50000,
    )
  })
})

describe('isOnSale', () => {
  it('is true when the sale price is above 0 and below the price', () => {
    expect(isOnSale({ pricePaise: 149900, salePricePaise: 99900 })).toBe(true)
  })

  it('is false without a sale price', () => {
    expect(isOnSale({ pricePaise: 149900, salePricePaise: 0 })).toBe(false)
  })

  it('is false when the sale price is not below the price', () => {
    expect(isOnSale({ pricePaise: 149900, salePricePaise: 149900 })).toBe(false)
    expect(isOnSale({ pricePaise: 149900, salePricePaise: 199900 })).toBe(false)
  })
})
