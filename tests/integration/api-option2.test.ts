// A second option group over real HTTP (docs/decisions/077-second-option-group.md, docs/api.md): the
// admin adds a pendant in sizes and chains with stock per combination, the shop and the cart answer
// per combination with `option2`, an order keeps it, and an old client that sends no `options2` nor
// `option2` keeps today's behaviour.
import { describe, expect, it } from 'vitest'
import { shopWithOwner } from '../helpers/shop-api'


const PENDANT = {
  title: 'Moon pendant',
  description: 'A moon in resin.',
  category: 'jewellery',
  price: 900,
  totalStock: 99,
  colors: ['Teal'],
  options2: { label: 'Chain', options: ['Gold', 'Silver'] },
  variety: {
    type: 'size',
    sizes: [
      { size: 'S', price: 800, salePrice: 0, byOption2: { Gold: { stock: 2 }, Silver: { stockByColor: { Teal: 3 } } } },
      { size: 'M', price: 900, salePrice: 0, byOption2: { Gold: { stock: 1, price: 1200 }, Silver: { stock: 4 } } },
    ],
  },
}

describe('a second option group through /api', () => {
  const { api, admin, asha } = shopWithOwner()
  let pendantId: string

  it('adds a pendant with stock per size and chain: the answer carries the group and each combination', async () => {
    const added = await api.call('POST', '/api/admin/products/add', { token: admin.token, body: PENDANT })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    pendantId = added.body.data._id
    expect(added.body.data).toMatchObject({
      totalStock: 10,
      options2: { label: 'Chain', options: [{ name: 'Gold', stock: 3 }, { name: 'Silver', stock: 7 }] },
      variety: {
        type: 'size',
        sizes: [
          { size: 'S', stock: 5, byOption2: { Gold: { stock: 2 }, Silver: { stock: 3, stockByColor: { Teal: 3 } } } },
          { size: 'M', stock: 5, byOption2: { Gold: { stock: 1, price: 1200 }, Silver: { stock: 4 } } },
        ],
      },
    })
  })

  it('refuses a bad group with errors by field and changes nothing', async () => {
    const bad = await api.call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: { ...PENDANT, title: 'Bad pendant', options2: { label: '', options: ['Gold'] } },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors['options2.label']).toEqual(['Name the second option group'])
    expect(bad.body.errors['variety.sizes.0.byOption2']).toEqual(['Not an option of the second group: Silver'])
  })

  it('asks the cart for the chain, caps each combination at its own stock, and prices it by its own price', async () => {
    const missing = await api.call('POST', '/api/shop/cart/add', { token: asha.token, body: { userId: asha.id, productId: pendantId, quantity: 1, variety: 'M', color: 'Teal' } })
    expect(missing.status).toBe(400)
    expect(missing.body.errors.option2).toEqual(['Please choose one of the Chain Options.'])
    const body = { userId: asha.id, productId: pendantId, quantity: 1, variety: 'M', option2: 'Gold', color: 'Teal' }
    const added = await api.call('POST', '/api/shop/cart/add', { token: asha.token, body })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(added.body.data.items).toMatchObject([{ variety: { type: 'size', name: 'M' }, option2: 'Gold', option2Label: 'Chain', color: 'Teal', price: 1200, totalStock: 1 }])
    const again = await api.call('POST', '/api/shop/cart/add', { token: asha.token, body })
    expect(again.status).toBe(400)
    expect(again.body.errors.quantity).toEqual(['Only 1 quantity can be added for this item'])
    const silver = await api.call('POST', '/api/shop/cart/add', { token: asha.token, body: { ...body, option2: 'Silver', quantity: 4 } })
    expect(silver.status).toBe(200)
    const update = await api.call('PUT', '/api/shop/cart/update-cart', { token: asha.token, body: { ...body, option2: 'Silver', quantity: 2 } })
    expect(update.body.data.items.map((i: { option2: string; quantity: number }) => [i.option2, i.quantity])).toEqual([
      ['Gold', 1],
      ['Silver', 2],
    ])
  })

  it('keeps an old client whole: an edit without options2 keeps the group and its stock, a product without one has no extras', async () => {
    const edit = await api.call('PUT', `/api/admin/products/edit/${pendantId}`, { token: admin.token, body: { title: 'Moon pendant (new)' } })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect(edit.body.data).toMatchObject({ title: 'Moon pendant (new)', totalStock: 10, options2: { label: 'Chain' } })
    const plain = await api.call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: { title: 'Plain coaster', description: 'Agate.', category: 'home-decor', price: 499, totalStock: 5 },
    })
    expect(plain.status).toBe(201)
    expect(plain.body.data).not.toHaveProperty('options2')
    await api.addToCart(asha, { productId: plain.body.data._id, quantity: 1 })
    const cart = await api.call('GET', `/api/shop/cart/get/${asha.id}`, { token: asha.token })
    const line = cart.body.data.items.find((i: { productId: string }) => i.productId === plain.body.data._id)
    expect(line).not.toHaveProperty('option2')
    expect(line.quantity).toBe(1)
  })
})
