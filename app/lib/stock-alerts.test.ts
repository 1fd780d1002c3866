import { describe, expect, it } from 'vitest'
import { STOCK_ALERT_SEPARATOR, soldOutChoices } from './stock-alerts'

const product = (totalStock: number, variants: { variety: string; color: string; available: number }[], optionLabel = '') => ({
  totalStock,
  optionLabel,
  variants,
})

describe('soldOutChoices', () => {
  it('offers the whole piece, without words, when a product without variants has none left', () => {
    expect(soldOutChoices(product(0, []))).toEqual([{ value: STOCK_ALERT_SEPARATOR, label: '' }])
    expect(soldOutChoices(product(2, []))).toEqual([])
  })

  it('offers each sold-out variant by option and colour, named by the option group', () => {
    const choices = soldOutChoices(
      product(
        3,
        [
          { variety: 'Small', color: 'Teal', available: 0 },
          { variety: 'Small', color: 'Gold', available: 3 },
          { variety: 'Large', color: '', available: -1 },
          { variety: '', color: 'Rose', available: 0 },
        ],
        'Chain',
      ),
    )
    expect(choices).toEqual([
      { value: `Small${STOCK_ALERT_SEPARATOR}Teal`, label: 'Chain: Small, Colour: Teal' },
      { value: `Large${STOCK_ALERT_SEPARATOR}`, label: 'Chain: Large' },
      { value: `${STOCK_ALERT_SEPARATOR}Rose`, label: 'Colour: Rose' },
    ])
  })

  it("says 'Option' when the product names no option group", () => {
    expect(soldOutChoices(product(0, [{ variety: 'Small', color: '', available: 0 }]))[0]?.label).toBe('Option: Small')
  })
})
