// The demo's materials name real demo jewellery (a typo would leave a piece without its materials) and
// pass the product schema's checks.
import { expect, it } from 'vitest'
import { productSchema } from '~/schemas/product'
import { DEMO_PRODUCTS } from './demo-catalogue'
import { DEMO_MATERIALS, withMaterials } from './demo-materials'

it('gives every demo jewellery piece its materials, and nothing else any', () => {
  const jewellery = DEMO_PRODUCTS.filter((p) => p.category === 'jewellery').map((p) => p.title)
  expect(Object.keys(DEMO_MATERIALS).sort()).toEqual([...jewellery].sort())
  for (const [title, materials] of Object.entries(DEMO_MATERIALS)) {
    const input = withMaterials(productSchema.parse({ title, description: 'd', category: 'jewellery', price: 1, totalStock: 1 }))
    expect(productSchema.safeParse({ ...input, price: '1', materials }).success, title).toBe(true)
    expect(input.materials).toBe(materials)
  }
})
