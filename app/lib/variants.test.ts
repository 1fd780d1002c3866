// The rule of which variant a line draws on, and which choices the product page shows sold out (ADR 061, 077).
import { describe, expect, it } from 'vitest'
import { choicePrices, choiceSoldOut, choiceWords, PRODUCT_STOCK, variantOf } from './variants'

const key = (variety: string, color: string, option2 = '') => ({ variety, option2, color })

const variants = [
  { ...key('Small', 'Teal'), available: 0 },
  { ...key('Small', ''), available: 2 },
  { ...key('', 'Gold'), available: 1 },
]

describe('variantOf', () => {
  it('takes the option and colour, else the option alone, else the colour alone', () => {
    expect(variantOf(variants, key('Small', 'Teal'))).toMatchObject({ variety: 'Small', color: 'Teal' })
    expect(variantOf(variants, key('Small', 'Gold'))).toMatchObject({ variety: 'Small', color: '' })
    expect(variantOf(variants, key('Large', 'Gold'))).toMatchObject({ variety: '', color: 'Gold' })
  })
  it('answers none when no variant fits, and the product stock for a product without variants', () => {
    expect(variantOf(variants, key('Large', 'Teal'))).toBeNull()
    expect(variantOf([], key('Large', 'Teal'))).toBe(PRODUCT_STOCK)
  })
})

describe('variantOf with a second group (ADR 077)', () => {
  const pendants = [
    { ...key('Small', 'Teal', 'Gold'), available: 1 },
    { ...key('Small', '', 'Silver'), available: 4 },
    { ...key('Large', 'Teal'), available: 3 },
    { ...key('Large', ''), available: 5 },
  ]
  it('takes both options and the colour, else both options, else the option with the colour, else the option alone', () => {
    expect(variantOf(pendants, key('Small', 'Teal', 'Gold'))).toMatchObject(key('Small', 'Teal', 'Gold'))
    expect(variantOf(pendants, key('Small', 'Teal', 'Silver'))).toMatchObject(key('Small', '', 'Silver'))
    expect(variantOf(pendants, key('Large', 'Teal', 'Gold'))).toMatchObject(key('Large', 'Teal'))
    expect(variantOf(pendants, key('Large', 'Rose', 'Gold'))).toMatchObject(key('Large', ''))
  })
  it('answers none for a combination the studio does not make', () => {
    expect(variantOf(pendants, key('Small', 'Rose', 'Gold'))).toBeNull()
    expect(variantOf(pendants, key('Small', 'Teal', 'Copper'))).toBeNull()
  })
  it('marks a combination sold out by its own variant, not its neighbours', () => {
    const sold = pendants.map((v) => (v.option2 === 'Gold' ? { ...v, available: 0 } : v))
    expect(choiceSoldOut(sold, key('Small', 'Teal', 'Gold'))).toBe(true)
    expect(choiceSoldOut(sold, key('Small', 'Teal', 'Silver'))).toBe(false)
  })
  it('names both groups in words', () => {
    expect(choiceWords({ option: 'Size', option2: 'Chain' }, key('M', 'Teal', 'Gold'))).toEqual(['Size: M', 'Chain: Gold', 'Colour: Teal'])
    expect(choiceWords({ option: 'Size', option2: '' }, key('M', ''))).toEqual(['Size: M'])
  })
})

describe('choiceSoldOut', () => {
  it('is sold out when the variant a choice draws on has nothing left, or none fits', () => {
    expect(choiceSoldOut(variants, key('Small', 'Teal'))).toBe(true)
    expect(choiceSoldOut(variants, key('Small', 'Gold'))).toBe(false)
    expect(choiceSoldOut(variants, key('Large', 'Teal'))).toBe(true)
  })
  it('never marks a choice of a product without variants', () => {
    expect(choiceSoldOut([], key('Small', 'Teal'))).toBe(false)
  })
})

describe('choicePrices (ADR 071)', () => {
  const product = { pricePaise: 100000, salePricePaise: 0 }
  const small = { pricePaise: 90000, salePricePaise: 0 }
  const priced = [
    { ...key('Small', 'Teal'), pricePaise: 95000, salePricePaise: null },
    { ...key('Small', 'Gold') },
    { ...key('', 'Rose'), pricePaise: null, salePricePaise: 85000 },
    { ...key('Small', '', 'Gold chain'), pricePaise: 120000, salePricePaise: 110000 },
  ]

  it('prices a choice by the variant it draws on, else its option, else the product', () => {
    expect(choicePrices(product, small, priced, key('Small', 'Teal'))).toEqual({ pricePaise: 95000, salePricePaise: 0 })
    expect(choicePrices(product, small, priced, key('Small', 'Gold'))).toEqual(small)
    expect(choicePrices(product, null, priced, key('', 'Rose'))).toEqual({ pricePaise: 100000, salePricePaise: 85000 })
    expect(choicePrices(product, null, [], key('', ''))).toEqual(product)
  })
  it('prices a combination of both groups by its own variant (ADR 077)', () => {
    expect(choicePrices(product, small, priced, key('Small', 'Teal', 'Gold chain'))).toEqual({ pricePaise: 120000, salePricePaise: 110000 })
  })
})
