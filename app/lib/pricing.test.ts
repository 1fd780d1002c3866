import { describe, expect, it } from 'vitest'
import { effectivePricePaise, isOnSale, linePrices, ownPricesFor, unitPricePaise } from './pricing'

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

describe('linePrices (ADR 071)', () => {
  const product = { pricePaise: 100000, salePricePaise: 90000 }
  const option = { pricePaise: 150000, salePricePaise: 0 }
  const none = { pricePaise: null, salePricePaise: null }

  it('takes the product’s price and sale price when neither option nor variant has its own', () => {
    expect(linePrices(product, null, null)).toEqual(product)
    expect(linePrices(product, undefined, none)).toEqual(product)
  })

  it('takes the option’s over the product’s', () => {
    expect(linePrices(product, option, none)).toEqual(option)
  })

  it('takes the variant’s own price over the option’s and the product’s, not on sale unless it says so', () => {
    expect(linePrices(product, option, { pricePaise: 180000, salePricePaise: null })).toEqual({ pricePaise: 180000, salePricePaise: 0 })
    expect(linePrices(product, null, { pricePaise: 120000, salePricePaise: null })).toEqual({ pricePaise: 120000, salePricePaise: 0 })
    expect(linePrices(product, option, { pricePaise: 180000, salePricePaise: 160000 })).toEqual({ pricePaise: 180000, salePricePaise: 160000 })
  })

  it('puts one variant on sale at the price it inherits', () => {
    expect(linePrices(product, option, { pricePaise: null, salePricePaise: 140000 })).toEqual({ pricePaise: 150000, salePricePaise: 140000 })
  })

  it('counts a sale price only when above 0 and below the price', () => {
    expect(linePrices(product, null, { pricePaise: 80000, salePricePaise: 80000 })).toEqual({ pricePaise: 80000, salePricePaise: 0 })
    expect(linePrices(product, option, { pricePaise: null, salePricePaise: 160000 })).toEqual({ pricePaise: 150000, salePricePaise: 0 })
    expect(linePrices({ pricePaise: 100000, salePricePaise: 120000 }, null, none)).toEqual({ pricePaise: 100000, salePricePaise: 0 })
    expect(unitPricePaise({ pricePaise: 100000, salePricePaise: 120000 })).toBe(100000)
  })
})

describe('ownPricesFor (ADR 071)', () => {
  const option = { pricePaise: 150000, salePricePaise: 140000 }
  const cases: [number, number][] = [
    [150000, 140000],
    [150000, 0],
    [150000, 120000],
    [180000, 0],
    [180000, 170000],
  ]

  it('keeps no own price where the variant would inherit the same, and sells at what is wanted either way', () => {
    expect(ownPricesFor(option, option)).toEqual({ pricePaise: null, salePricePaise: null })
    expect(ownPricesFor(option, { pricePaise: 150000, salePricePaise: 0 })).toEqual({ pricePaise: null, salePricePaise: 0 })
    expect(ownPricesFor(option, { pricePaise: 180000, salePricePaise: 0 })).toEqual({ pricePaise: 180000, salePricePaise: null })
    for (const [pricePaise, salePricePaise] of cases) {
      expect(linePrices({ pricePaise: 1, salePricePaise: 0 }, option, ownPricesFor(option, { pricePaise, salePricePaise }))).toEqual({ pricePaise, salePricePaise })
    }
  })
})
