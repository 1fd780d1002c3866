// The rule of which variant a line draws on, and which choices the product page shows sold out (ADR 061, 077).
import { describe, expect, it } from 'vitest'
import { choiceMadeToOrderDays, choicePrices, choiceSoldOut, choiceWords, openMadeToOrderDays, PRODUCT_STOCK, variantOf } from './variants'

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

describe('choiceMadeToOrderDays (issue 27)', () => {
  const timed = [
    { ...key('Small', 'Teal', 'Gold'), madeToOrderDays: 9 },
    { ...key('Small', 'Teal'), madeToOrderDays: null },
    { ...key('Small', ''), madeToOrderDays: 0 },
    { ...key('', 'Amber') },
  ]
  it("is the variant's own when it has one, else the option's, else the product's", () => {
    expect(choiceMadeToOrderDays(5, 7, timed, key('Small', 'Teal', 'Gold'))).toBe(9)
    // Small in Teal draws on its own variant, which has no making time: the option's.
    expect(choiceMadeToOrderDays(5, 7, timed, key('Small', 'Teal'))).toBe(7)
    // Small in another colour draws on Small's: 0, ready to ship, beats the option's 7.
    expect(choiceMadeToOrderDays(5, 7, timed, key('Small', 'Rose'))).toBe(0)
    expect(choiceMadeToOrderDays(5, null, timed, key('Large', 'Amber'))).toBe(5)
    // No variant fits, and a product without variants: the option's, else the product's.
    expect(choiceMadeToOrderDays(5, null, timed, key('Large', 'Rose'))).toBe(5)
    expect(choiceMadeToOrderDays(5, 2, [], key('Large', ''))).toBe(2)
  })
})

describe('openMadeToOrderDays (issue 27)', () => {
  const product = {
    madeToOrderDays: 5,
    variety: { options: [{ name: 'Small', madeToOrderDays: null }, { name: 'Large', madeToOrderDays: 7 }] },
    option2: { options: ['Gold', 'Silver'] },
    colors: [] as string[],
    variants: [
      { ...key('Small', '', 'Gold'), available: 3, madeToOrderDays: 9 },
      { ...key('Small', '', 'Silver'), available: 3 },
      { ...key('Large', '', 'Gold'), available: 3 },
      { ...key('Large', '', 'Silver'), available: 0, madeToOrderDays: 2 },
    ],
  }
  it('gives every making time the choice so far may come to, soonest first, each once', () => {
    expect(openMadeToOrderDays(product, key('', ''))).toEqual([5, 7, 9])
    expect(openMadeToOrderDays(product, key('Small', ''))).toEqual([5, 9])
    expect(openMadeToOrderDays(product, key('', '', 'Gold'))).toEqual([7, 9])
    expect(openMadeToOrderDays(product, key('Small', '', 'Gold'))).toEqual([9])
  })
  it('leaves out sold-out combinations unless every one is', () => {
    // Large in Silver (2 days) is sold out: Large comes to 7 only, until Silver is the choice.
    expect(openMadeToOrderDays(product, key('Large', ''))).toEqual([7])
    expect(openMadeToOrderDays(product, key('Large', '', 'Silver'))).toEqual([2])
  })
  it('is the product\'s own for a product without choices', () => {
    expect(openMadeToOrderDays({ madeToOrderDays: 4, variety: null, option2: null, colors: [], variants: [] }, key('', ''))).toEqual([4])
  })
})
