// The demo's made-to-order pieces name real demo products and options (a typo would leave a piece ready
// to ship without a word), and their input carries the making times.
import { describe, expect, it } from 'vitest'
import { DEMO_PRODUCTS } from './demo-catalogue'
import { DEMO_MADE_TO_ORDER, withMadeToOrder } from './demo-made-to-order'

describe('the demo made-to-order pieces', () => {
  it('name demo products and their options', () => {
    for (const [title, demo] of Object.entries(DEMO_MADE_TO_ORDER)) {
      const product = DEMO_PRODUCTS.find((p) => p.title === title)
      expect(product, title).toBeDefined()
      const options = product?.variety?.options.map((o) => o.name) ?? []
      for (const option of Object.keys(demo.options ?? {})) expect(options, `${title}: ${option}`).toContain(option)
    }
  })

  it("give the product its making time and an option its own, others as the product's", () => {
    const input = withMadeToOrder({
      title: 'Wedding Varmala Preservation Frame',
      description: 'd',
      category: 'special-occasion',
      price: 100,
      salePrice: 0,
      totalStock: 1,
      madeToOrderDays: 0,
      varietyType: 'size',
      varieties: [
        { name: '12 inch', price: 100, salePrice: 0 },
        { name: '18 inch', price: 200, salePrice: 0 },
      ],
      colors: [],
      images: [],
    })
    expect(input.madeToOrderDays).toBe(7)
    expect(input.varieties.map((v) => v.madeToOrderDays)).toEqual([undefined, 10])
  })
})
