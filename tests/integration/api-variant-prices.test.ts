// A variant's own price over real HTTP (docs/decisions/071-variant-prices.md,
// docs/api.md): the admin gives colours their own price and sale price, the shop's answers carry them,
// the cart charges them, an edit that does not send them keeps them, and bad prices change nothing.
import { describe, expect, it } from 'vitest'
import { shopWithOwner } from '../helpers/shop-api'


const PENDANT = {
  title: 'Ocean pendant',
  description: 'Waves in resin.',
  category: 'jewellery',
  price: 999,
  totalStock: 0,
  colors: ['Teal', 'Gold'],
  variety: {
    type: 'size',
    sizes: [
      { size: 'Small', price: 999, salePrice: 0, stockByColor: { Teal: 3, Gold: 3 }, priceByColor: { Gold: 1249.5 } },
      { size: 'Large', price: 1499, salePrice: 1399, stockByColor: { Teal: 3, Gold: 3 }, priceByColor: { Gold: 1799 }, salePriceByColor: { Gold: 1699 } },
    ],
  },
}

describe('a variant’s own price through /api', () => {
  const { api, admin, asha } = shopWithOwner()
  let pendantId: string

  it('adds colours with their own prices; the shop shows them and the cart charges them', async () => {
    const added = await api.call('POST', '/api/admin/products/add', { token: admin.token, body: PENDANT })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    pendantId = added.body.data._id
    expect(added.body.data.variety.sizes).toEqual([
      { size: 'Small', price: 999, salePrice: 0, stock: 6, stockByColor: { Teal: 3, Gold: 3 }, priceByColor: { Gold: 1249.5 } },
      { size: 'Large', price: 1499, salePrice: 1399, stock: 6, stockByColor: { Teal: 3, Gold: 3 }, priceByColor: { Gold: 1799 }, salePriceByColor: { Gold: 1699 } },
    ])
    const shop = await api.call('GET', `/api/shop/products/get/${pendantId}`)
    expect(shop.body.data.variety.sizes[0]).toMatchObject({ priceByColor: { Gold: 1249.5 } })

    await api.addToCart(asha, { productId: pendantId, quantity: 2, variety: 'Small', color: 'Gold' })
    await api.addToCart(asha, { productId: pendantId, quantity: 1, variety: 'Large', color: 'Gold' })
    await api.addToCart(asha, { productId: pendantId, quantity: 1, variety: 'Large', color: 'Teal' })
    const cart = await api.call('GET', `/api/shop/cart/get/${asha.id}`, { token: asha.token })
    type Item = { variety: { name: string }; color: string; price: number; salePrice: number }
    expect(cart.body.data.items.map((item: Item) => [item.variety.name, item.color, item.price, item.salePrice])).toEqual([
      ['Small', 'Gold', 1249.5, 0],
      ['Large', 'Gold', 1799, 1699],
      ['Large', 'Teal', 1499, 1399],
    ])
    expect(cart.body.data.totalAmount).toBe(2 * 1249.5 + 1699 + 1399)
  })

  it("keeps the variants' prices through an old client's edit, and through one that sends the stock without them", async () => {
    const renamed = await api.call('PUT', `/api/admin/products/edit/${pendantId}`, { token: admin.token, body: { title: 'Ocean wave pendant' } })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body.data.variety.sizes.map((s: { priceByColor?: unknown }) => s.priceByColor)).toEqual([{ Gold: 1249.5 }, { Gold: 1799 }])
    const restocked = await api.call('PUT', `/api/admin/products/edit/${pendantId}`, {
      token: admin.token,
      body: {
        variety: {
          type: 'size',
          sizes: [
            { size: 'Small', price: 999, stockByColor: { Teal: 4, Gold: 3 } },
            { size: 'Large', price: 1499, salePrice: 1399, stockByColor: { Teal: 3, Gold: 3 } },
          ],
        },
      },
    })
    expect(restocked.status, JSON.stringify(restocked.body)).toBe(200)
    expect(restocked.body.data.variety.sizes[0]).toMatchObject({ stockByColor: { Teal: 4, Gold: 3 }, priceByColor: { Gold: 1249.5 } })
    expect(restocked.body.data.variety.sizes[1]).toMatchObject({ priceByColor: { Gold: 1799 }, salePriceByColor: { Gold: 1699 } })
  })

  it('refuses bad prices with 400 and errors named in the API shape, changing nothing', async () => {
    const edit = (sizes: unknown[]) => api.call('PUT', `/api/admin/products/edit/${pendantId}`, { token: admin.token, body: { variety: { type: 'size', sizes } } })
    const decimals = await edit([
      { size: 'Small', price: 999, stockByColor: { Teal: 3, Gold: 3 }, priceByColor: { Gold: 12.345 } },
      { size: 'Large', price: 1499, stockByColor: { Teal: 3, Gold: 3 } },
    ])
    expect(decimals.status).toBe(400)
    expect(decimals.body.errors).toEqual({ 'variety.sizes.0.priceByColor.Gold': ['Price can have at most 2 decimals'] })
    const sale = await edit([
      { size: 'Small', price: 999, stockByColor: { Teal: 3, Gold: 3 } },
      { size: 'Large', price: 1499, stockByColor: { Teal: 3, Gold: 3 }, salePriceByColor: { Teal: 1499 } },
    ])
    expect(sale.body.errors).toEqual({ 'variety.sizes.1.salePriceByColor': ['Sale price of Teal must be less than its price'] })
    const withoutStock = await edit([
      { size: 'Small', price: 999, priceByColor: { Gold: 1000 } },
      { size: 'Large', price: 1499 },
    ])
    expect(withoutStock.body.errors).toEqual({ 'variety.sizes.0.priceByColor': ['Give the stock by color with its prices'] })
    const product = await api.call('GET', `/api/shop/products/get/${pendantId}`)
    expect(product.body.data.variety.sizes[0]).toMatchObject({ priceByColor: { Gold: 1249.5 } })
  })

  it('takes a colour-only product’s prices on the product', async () => {
    const added = await api.call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: { title: 'Jhumka earrings', description: 'Drops.', category: 'jewellery', price: 699, totalStock: 0, colors: ['Teal', 'Gold'], stockByColor: { Teal: 2, Gold: 3 }, priceByColor: { Gold: 799 } },
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.data).toMatchObject({ stockByColor: { Teal: 2, Gold: 3 }, priceByColor: { Gold: 799 } })
    expect(added.body.data).not.toHaveProperty('salePriceByColor')
  })
})
