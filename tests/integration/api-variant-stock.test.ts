// Stock per variant over real HTTP (docs/decisions/061-stock-per-variant.md, docs/api.md): the admin
// adds and edits a product with stock per option and per colour, the shop answers what may still be
// bought of each, the cart answers 400 against the variant's stock, and an old client that sends no
// stock per variant gets today's behaviour (the whole stock on the product).
import { describe, expect, it } from 'vitest'
import { shopWithOwner } from '../helpers/shop-api'


const PENDANT = {
  title: 'Ocean pendant',
  description: 'Waves in resin.',
  category: 'jewellery',
  price: 1199,
  totalStock: 99,
  colors: ['Teal', 'Gold'],
  optionLabel: 'Chain',
  variety: {
    type: 'choice',
    options: [
      { name: 'Silver Chain', price: 1199, salePrice: 0, stockByColor: { Teal: 1, Gold: 2 } },
      { name: 'Gold Chain', price: 1299, salePrice: 0, stock: 4 },
    ],
  },
}

describe('stock per variant through /api', () => {
  const { api, admin, asha } = shopWithOwner()
  let pendantId: string

  it('adds a product with stock per option and colour: totalStock is their sum, the answer carries them', async () => {
    const added = await api.call('POST', '/api/admin/products/add', { token: admin.token, body: PENDANT })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    pendantId = added.body.data._id
    expect(added.body.data).toMatchObject({
      totalStock: 7,
      optionLabel: 'Chain',
      variety: {
        type: 'choice',
        options: [
          { name: 'Silver Chain', stock: 3, stockByColor: { Teal: 1, Gold: 2 } },
          { name: 'Gold Chain', stock: 4 },
        ],
      },
    })
    expect(added.body.data.variety.options[1]).not.toHaveProperty('stockByColor')
    const shop = await api.call('GET', `/api/shop/products/get/${pendantId}`)
    expect(shop.body.data).toMatchObject({ totalStock: 7, variety: { options: [{ stock: 3 }, { stock: 4 }] } })
  })

  it("answers 400 'Only {n} quantity can be added for this item' against the variant's stock; the shop shows what is left", async () => {
    await api.addToCart(asha, { productId: pendantId, quantity: 1, variety: 'Silver Chain', color: 'Teal' })
    const again = await api.call('POST', '/api/shop/cart/add', {
      token: asha.token,
      body: { userId: asha.id, productId: pendantId, quantity: 1, variety: 'Silver Chain', color: 'Teal' },
    })
    expect(again.status).toBe(400)
    expect(again.body.errors).toEqual({ quantity: ['Only 1 quantity can be added for this item'] })
    // The Gold one of the same chain is a variant of its own.
    await api.addToCart(asha, { productId: pendantId, quantity: 2, variety: 'Silver Chain', color: 'Gold' })
    const cart = await api.call('GET', `/api/shop/cart/get/${asha.id}`, { token: asha.token })
    expect(cart.body.data.items.map((item: { color: string; totalStock: number }) => [item.color, item.totalStock])).toEqual([
      ['Teal', 1],
      ['Gold', 2],
    ])
  })

  it('refuses bad stock per variant with 400 and errors named in the API shape, changing nothing', async () => {
    const edit = (options: unknown[]) =>
      api.call('PUT', `/api/admin/products/edit/${pendantId}`, { token: admin.token, body: { variety: { type: 'choice', options } } })
    const fraction = await edit([
      { name: 'Silver Chain', price: 1199, stock: 3 },
      { name: 'Gold Chain', price: 1299, stock: 2.5 },
    ])
    expect(fraction.status).toBe(400)
    expect(fraction.body.errors).toEqual({ 'variety.options.1.stock': ['Stock must be a whole number'] })
    const purple = await edit([
      { name: 'Silver Chain', price: 1199, stockByColor: { Teal: 1, Purple: 2 } },
      { name: 'Gold Chain', price: 1299, stock: 2 },
    ])
    expect(purple.status).toBe(400)
    expect(purple.body.errors).toEqual({ 'variety.options.0.stockByColor': ['Not a color of this product: Purple'] })
    const missing = await api.call('PUT', `/api/admin/products/edit/${pendantId}`, {
      token: admin.token,
      body: { variety: { type: 'choice', options: [{ name: 'Silver Chain', price: 1199, stock: 3 }, { name: 'Gold Chain', price: 1299 }] } },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ 'variety.options.1.stock': ['Give the stock of every option, or of none'] })
    const product = await api.call('GET', '/api/admin/products/get', { token: admin.token })
    expect(product.body.data.find((p: { _id: string }) => p._id === pendantId)).toMatchObject({ totalStock: 7 })
  })

  it('keeps the variants through an edit that sends none, ignoring a totalStock sent alongside them', async () => {
    const edited = await api.call('PUT', `/api/admin/products/edit/${pendantId}`, { token: admin.token, body: { title: 'Ocean wave pendant', totalStock: 50 } })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.data).toMatchObject({
      title: 'Ocean wave pendant',
      totalStock: 7,
      optionLabel: 'Chain',
      variety: { options: [{ stock: 3, stockByColor: { Teal: 1, Gold: 2 } }, { stock: 4 }] },
    })
    const restocked = await api.call('PUT', `/api/admin/products/edit/${pendantId}`, {
      token: admin.token,
      body: { variety: { type: 'choice', options: [{ name: 'Silver Chain', price: 1199, stockByColor: { Teal: 5, Gold: 2 } }, { name: 'Gold Chain', price: 1299, stock: 0 }] } },
    })
    expect(restocked.body.data).toMatchObject({ totalStock: 7, variety: { options: [{ stock: 7, stockByColor: { Teal: 5, Gold: 2 } }, { stock: 0 }] } })
  })

  it('takes a product by colour alone: stockByColor on the product', async () => {
    const added = await api.call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: { title: 'Jhumka earrings', description: 'Drops.', category: 'jewellery', price: 699, totalStock: 0, colors: ['Teal', 'Gold'], stockByColor: { Teal: 0, Gold: 3 } },
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.data).toMatchObject({ totalStock: 3, stockByColor: { Teal: 0, Gold: 3 }, variety: null })
    const soldOut = await api.call('POST', '/api/shop/cart/add', {
      token: asha.token,
      body: { userId: asha.id, productId: added.body.data._id, quantity: 1, color: 'Teal' },
    })
    expect(soldOut.status).toBe(400)
    expect(soldOut.body.errors).toEqual({ quantity: ['Only 0 quantity can be added for this item'] })
  })

  it("keeps an old client's product as today: the whole stock on the product, no stock fields", async () => {
    const added = await api.call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: {
        title: 'Geode coaster',
        description: 'Gold edges.',
        category: 'home-decor',
        price: 499,
        totalStock: 2,
        colors: ['Teal'],
        variety: { type: 'size', sizes: [{ size: 'Small', price: 499, salePrice: 0 }, { size: 'Large', price: 699, salePrice: 0 }] },
      },
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.data.totalStock).toBe(2)
    for (const size of added.body.data.variety.sizes) expect(size).toEqual({ size: size.size, price: expect.any(Number), salePrice: 0 })
    expect(added.body.data).not.toHaveProperty('stockByColor')
    expect(added.body.data.optionLabel).toBe('Size')
    // Its sizes share the product's stock, as before.
    await api.addToCart(asha, { productId: added.body.data._id, quantity: 2, variety: 'Small', color: 'Teal' })
    const more = await api.call('POST', '/api/shop/cart/add', {
      token: asha.token,
      body: { userId: asha.id, productId: added.body.data._id, quantity: 1, variety: 'Large', color: 'Teal' },
    })
    expect(more.status).toBe(400)
    const edited = await api.call('PUT', `/api/admin/products/edit/${added.body.data._id}`, { token: admin.token, body: { totalStock: 5 } })
    expect(edited.body.data.totalStock).toBe(5)
  })
})
