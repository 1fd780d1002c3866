// Made to order over real HTTP (docs/decisions/070-made-to-order-dispatch-dates.md, docs/api.md): the
// admin adds and edits a product's making time and an option's own, bad values answer 400 with
// `errors` and change nothing, an old client that sends none keeps "ready to ship", and a paid order
// carries the day it is expected to leave the studio.
import { describe, expect, it } from 'vitest'
import { indiaDay } from '../../app/lib/dates'
import { addWorkingDays, formatDispatchDay } from '../../app/lib/dispatch'
import { ADDRESS, shopWithOwner, testPaymentResult } from '../helpers/shop-api'


const FRAME = {
  title: 'Varmala frame',
  description: 'Wedding flowers preserved in resin.',
  category: 'special-occasion',
  price: 5999,
  totalStock: 5,
  madeToOrderDays: 7,
  variety: {
    type: 'size',
    sizes: [
      { size: 'Small', price: 5999, salePrice: 0 },
      { size: 'Large', price: 8999, salePrice: 0, madeToOrderDays: 10 },
    ],
  },
}

const PLAIN = { title: 'Plain coaster', description: 'A coaster.', category: 'home-decor', price: 499, totalStock: 9 }

describe('made to order through /api', () => {
  const { api, admin, asha } = shopWithOwner()
  let frameId: string

  it("adds a product's making time and an option's own; the shop answers them", async () => {
    const added = await api.call('POST', '/api/admin/products/add', { token: admin.token, body: FRAME })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    frameId = added.body.data._id
    expect(added.body.data.madeToOrderDays).toBe(7)
    expect(added.body.data.variety.sizes).toEqual([
      { size: 'Small', price: 5999, salePrice: 0 },
      { size: 'Large', price: 8999, salePrice: 0, madeToOrderDays: 10 },
    ])
    const shown = await api.call('GET', `/api/shop/products/get/${frameId}`)
    // The admin's answer adds the package (weightGrams, dimensionsCm); the rest is the shop's.
    const { weightGrams: _weight, dimensionsCm: _box, ...shopShape } = added.body.data
    expect(shown.body.data).toEqual(shopShape)
  })

  it('keeps an old client that sends no making time at "ready to ship", and an edit without it keeps it', async () => {
    const plain = await api.call('POST', '/api/admin/products/add', { token: admin.token, body: PLAIN })
    expect(plain.status).toBe(201)
    expect(plain.body.data.madeToOrderDays).toBe(0)
    const renamed = await api.call('PUT', `/api/admin/products/edit/${frameId}`, { token: admin.token, body: { title: 'Varmala frame (new)' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data).toMatchObject({ title: 'Varmala frame (new)', madeToOrderDays: 7 })
    expect(renamed.body.data.variety.sizes[1].madeToOrderDays).toBe(10)
    const ready = await api.call('PUT', `/api/admin/products/edit/${frameId}`, {
      token: admin.token,
      body: { madeToOrderDays: 0, variety: { type: 'size', sizes: [{ size: 'Small', price: 5999 }, { size: 'Large', price: 8999, madeToOrderDays: null }] } },
    })
    expect(ready.status).toBe(200)
    expect(ready.body.data.madeToOrderDays).toBe(0)
    expect(ready.body.data.variety.sizes[1]).not.toHaveProperty('madeToOrderDays')
  })

  it('answers 400 with errors for a making time that is not 0 to 60 whole days, and changes nothing', async () => {
    for (const days of [-1, 61, 2.5, 'soon', true]) {
      const answer = await api.call('PUT', `/api/admin/products/edit/${frameId}`, { token: admin.token, body: { madeToOrderDays: days } })
      expect(answer.status, JSON.stringify(days)).toBe(400)
      expect(answer.body.errors.madeToOrderDays).toEqual(['Made to order takes 1 to 60 working days (0 for ready to ship)'])
    }
    const option = await api.call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: { ...FRAME, variety: { type: 'size', sizes: [{ size: 'Small', price: 5999, madeToOrderDays: 99 }] } },
    })
    expect(option.status).toBe(400)
    expect(option.body.errors['variety.sizes.0.madeToOrderDays']).toEqual(['Made to order takes 1 to 60 working days (0 for ready to ship)'])
    expect((await api.call('GET', `/api/shop/products/get/${frameId}`)).body.data.madeToOrderDays).toBe(0)
  })

  it("gives a paid order the day it is expected to leave: its slowest line's", async () => {
    await api.call('PUT', `/api/admin/products/edit/${frameId}`, {
      token: admin.token,
      body: { madeToOrderDays: 3, variety: { type: 'size', sizes: [{ size: 'Small', price: 5999 }, { size: 'Large', price: 8999, madeToOrderDays: 10 }] } },
    })
    const address = (await api.addAddress(asha, ADDRESS)).body.data
    await api.addToCart(asha, { productId: frameId, quantity: 1, variety: 'Small' })
    await api.addToCart(asha, { productId: frameId, quantity: 1, variety: 'Large' })
    const created = await api.createOrder(asha, { addressInfo: { addressId: address._id } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { orderId } = created.body
    const paid = await api.verify(asha, testPaymentResult(created.body.razorpayOrder.id, 'pay_mto_1', orderId))
    expect(paid.status).toBe(200)
    const details = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: asha.token })
    // A fresh shop has no holidays: ten working days (Sundays skipped) from today in India.
    expect(details.body.data.dispatchBy).toBe(addWorkingDays(indiaDay(new Date()), 10, new Set()))
  })
})

describe("a variant's own making time through /api (issue 27)", () => {
  const { api, admin, server } = shopWithOwner()
  const ships = (days: number) => formatDispatchDay(addWorkingDays(indiaDay(new Date()), days, new Set()))

  it('is given on add and edit, answered as variantMadeToOrderDays, and kept by an edit without it', async () => {
    const body = {
      ...FRAME,
      colors: ['Teal', 'Amber'],
      variety: { type: 'size', sizes: [{ size: 'Small', price: 5999, salePrice: 0, stockByColor: { Teal: 2, Amber: 2 } }] },
      variantMadeToOrderDays: [{ option: 'Small', color: 'Amber', madeToOrderDays: 9 }],
    }
    const added = await api.call('POST', '/api/admin/products/add', { token: admin.token, body })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    const id = added.body.data._id
    expect(added.body.data.variantMadeToOrderDays).toEqual([{ option: 'Small', option2: '', color: 'Amber', madeToOrderDays: 9 }])
    const shown = await api.call('GET', `/api/shop/products/get/${id}`)
    expect(shown.body.data.variantMadeToOrderDays).toEqual(added.body.data.variantMadeToOrderDays)
    const renamed = await api.call('PUT', `/api/admin/products/edit/${id}`, { token: admin.token, body: { title: 'Varmala frame (teal)' } })
    expect(renamed.body.data.variantMadeToOrderDays).toEqual(added.body.data.variantMadeToOrderDays)
    // The product page as served (so without JS): Small in Teal takes the product's 7 days, in Amber its own 9.
    const html = await (await fetch(`${server().url}/shop/product/${id}`)).text()
    expect(html).toContain(`Made to order · ships between ${ships(7)} and ${ships(9)}`)
    const bad = await api.call('PUT', `/api/admin/products/edit/${id}`, {
      token: admin.token,
      body: { variantMadeToOrderDays: [{ option: 'Small', color: 'Amber', madeToOrderDays: 61 }] },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors['variantMadeToOrderDays.0.madeToOrderDays']).toEqual(['Made to order takes 1 to 60 working days (0 for ready to ship)'])
    const cleared = await api.call('PUT', `/api/admin/products/edit/${id}`, { token: admin.token, body: { variantMadeToOrderDays: [] } })
    expect(cleared.status).toBe(200)
    expect(cleared.body.data).not.toHaveProperty('variantMadeToOrderDays')
  })
})
