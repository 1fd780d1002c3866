// The rule of which variant a line draws on, and which choices the product page shows sold out (ADR 061).
import { describe, expect, it } from 'vitest'
import { choicePrices, choiceSoldOut, PRODUCT_STOCK, variantOf } from './variants'

const variants = [
  { variety: 'Small', color: 'Teal', available: 0 },
  { variety: 'Small', color: '', available: 2 },
  { variety: '', color: 'Gold', available: 1 },
]

describe('variantOf', () => {
  it('takes the option and colour, else the option alone, else the colour alone', () => {
    expect(variantOf(variants, 'Small', 'Teal')).toMatchObject({ variety: 'Small', color: 'Teal' })
    expect(variantOf(variants, 'Small', 'Gold')).toMatchObject({ variety: 'Small', color: '' })
    expect(variantOf(variants, 'Large', 'Gold')).toMatchObject({ variety: '', color: 'Gold' })
  })
  it('answers none when no variant fits, and the product stock for a product without variants', () => {
    expect(variantOf(variants, 'Large', 'Teal')).toBeNull()
    expect(variantOf([], 'Large', 'Teal')).toBe(PRODUCT_STOCK)
  })
})

describe('choiceSoldOut', () => {
  it('is sold out when the variant a choice draws on has nothing left, or none fits', () => {
    expect(choiceSoldOut(variants, 'Small', 'Teal')).toBe(true)
    expect(choiceSoldOut(variants, 'Small', 'Gold')).toBe(false)
    expect(choiceSoldOut(variants, 'Large', 'Teal')).toBe(true)
  })
  it('never marks a choice of a product without variants', () => {
    expect(choiceSoldOut([], 'Small', 'Teal')).toBe(false)
  })
})

describe('choicePrices (ADR 071)', () => {
  const product = { pricePaise: 100000, salePricePaise: 0 }
  const small = { pricePaise: 90000, salePricePaise: 0 }
  const priced = [
    { variety: 'Small', color: 'Teal', pricePaise: 95000, salePricePaise: null },
    { variety: 'Small', color: 'Gold' },
    { variety: '', color: 'Rose', pricePaise: null, salePricePaise: 85000 },
  ]

  it('prices a choice by the variant it draws on, else its option, else the product', () => {
    expect(choicePrices(product, small, priced, 'Small', 'Teal')).toEqual({ pricePaise: 95000, salePricePaise: 0 })
    expect(choicePrices(product, small, priced, 'Small', 'Gold')).toEqual(small)
    expect(choicePrices(product, null, priced, '', 'Rose')).toEqual({ pricePaise: 100000, salePricePaise: 85000 })
    expect(choicePrices(product, null, [], '', '')).toEqual(product)
  })
})
