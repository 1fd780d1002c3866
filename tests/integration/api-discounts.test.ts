// Discount codes over real HTTP (docs/decisions/073-discount-codes.md, docs/api.md extras): the admin
// creates, lists and edits codes (400 with errors for bad fields, 403 for shoppers), a shopper
// applies one (case-insensitive) and the cart answers the saving, subtotal, delivery and total;
// refusals are 400 with the reason under `code`; razorpay/create charges the discounted total and
// the order's details carry the discount.
import { beforeAll, describe, expect, it } from 'vitest'
import { ADDRESS, type Shopper, shopWithOwner, testPaymentResult } from '../helpers/shop-api'

const PENDANT = { title: 'Diwali pendant', description: 'Gold leaf in resin.', category: 'jewellery', price: 1499, totalStock: 9 }

describe('discount codes through /api', () => {
  const { api, admin, asha } = shopWithOwner()
  let productId: string
  let codeId: string

  beforeAll(async () => {
    const added = await api.call('POST', '/api/admin/products/add', { token: admin.token, body: PENDANT })
    productId = added.body.data._id
  })

  /** The cart answer with the extras of ADR 073. */
  const pricedCart = async (who: Shopper) =>
    (await api.cartOf(who)) as unknown as { subtotal: number; delivery: number; total: number; discount?: { code: string; amountPaise: number; message: string } }

  it('lets the admin create and list a code, names each bad field, and refuses shoppers', async () => {
    const body = { code: 'diwali10', type: 'percent', value: 10, minOrder: 999, startsAt: null, endsAt: '2099-12-31', maxUses: 100, maxUsesPerUser: 1, scope: 'shop' }
    const created = await api.call('POST', '/api/admin/discounts', { token: admin.token, body })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    codeId = created.body.data._id
    expect(created.body.data).toEqual({
      _id: codeId,
      code: 'DIWALI10',
      type: 'percent',
      value: 10,
      minOrder: 999,
      startsAt: null,
      endsAt: '2099-12-31',
      maxUses: 100,
      maxUsesPerUser: 1,
      scope: 'shop',
      scopeItems: [],
      variants: [],
      firstOrderOnly: false,
      paused: false,
      uses: 0,
    })
    const again = await api.call('POST', '/api/admin/discounts', { token: admin.token, body })
    expect(again.status).toBe(400)
    expect(again.body.errors).toEqual({ code: ['A code with this name already exists'] })
    const bad = await api.call('POST', '/api/admin/discounts', { token: admin.token, body: { code: 'X', type: 'half', value: 'lots' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['code', 'type']))
    const listed = await api.call('GET', '/api/admin/discounts', { token: admin.token })
    expect(listed.body.data.map((c: { code: string }) => c.code)).toEqual(['DIWALI10'])
    expect((await api.call('GET', '/api/admin/discounts', { token: asha.token })).status).toBe(403)
    expect((await api.call('POST', '/api/admin/discounts', { token: asha.token, body })).status).toBe(403)
  })

  it('edits a code with PUT; an unknown id is 404', async () => {
    const edited = await api.call('PUT', `/api/admin/discounts/${codeId}`, {
      token: admin.token,
      body: { code: 'DIWALI10', type: 'percent', value: 10, minOrder: 999, maxUses: 50, maxUsesPerUser: 1, scope: 'categories', scopeItems: ['jewellery'] },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.data).toMatchObject({ maxUses: 50, scope: 'categories', scopeItems: ['jewellery'], endsAt: null })
    expect((await api.call('PUT', '/api/admin/discounts/nope', { token: admin.token, body: { code: 'NOPE1', type: 'fixed', value: 5 } })).status).toBe(404)
  })

  it('applies a code to the cart (any case), refuses one that does not fit under `code`, and the cart answers the money', async () => {
    await api.addToCart(asha, { productId, quantity: 1 })
    const unknown = await api.call('POST', '/api/shop/cart/discount', { token: asha.token, body: { userId: asha.id, code: 'nope' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual({ code: ['We do not know this code: check its spelling'] })
    const someoneElse = await api.call('POST', '/api/shop/cart/discount', { token: asha.token, body: { userId: admin.id, code: 'diwali10' } })
    expect(someoneElse.status).toBe(403)
    const applied = await api.call('POST', '/api/shop/cart/discount', { token: asha.token, body: { userId: asha.id, code: 'diwali10' } })
    expect(applied.status, JSON.stringify(applied.body)).toBe(200)
    const cart = applied.body.data
    expect(cart.discount).toEqual({ code: 'DIWALI10', amountPaise: 14_990, message: 'DIWALI10 takes ₹149.90 off' })
    expect(cart.subtotal).toBe(1499)
    expect(cart.totalAmount).toBe(1499)
    expect(cart.total).toBeCloseTo(1499 - 149.9 + cart.delivery, 2)
    expect((await pricedCart(asha)).discount).toEqual(cart.discount)
  })

  it('charges the discounted total through razorpay/create, and the order details carry the discount', async () => {
    const cart = await pricedCart(asha)
    const address = (await api.addAddress(asha, ADDRESS)).body.data
    const created = await api.createOrder(asha, { addressInfo: { addressId: address._id }, totalAmount: 1 })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.razorpayOrder.amount).toBe(Math.round(cart.total * 100))
    const { orderId } = created.body
    expect((await api.verify(asha, testPaymentResult(created.body.razorpayOrder.id, 'pay_disc_1', orderId))).status).toBe(200)
    const details = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: asha.token })
    expect(details.body.data.discount).toEqual({ code: 'DIWALI10', amountPaise: 14_990 })
    expect(details.body.data.totalAmount).toBe(cart.total)
    const listed = await api.call('GET', '/api/admin/discounts', { token: admin.token })
    expect(listed.body.data[0].uses).toBe(1)
  })

  it('refuses a second use by the same shopper, and DELETE takes a code off the cart', async () => {
    await api.addToCart(asha, { productId, quantity: 1 })
    const again = await api.call('POST', '/api/shop/cart/discount', { token: asha.token, body: { userId: asha.id, code: 'DIWALI10' } })
    expect(again.status).toBe(400)
    expect(again.body.errors).toEqual({ code: ['You have already used this code'] })
    await api.call('POST', '/api/admin/discounts', { token: admin.token, body: { code: 'FLAT100', type: 'fixed', value: 100, scope: 'shop' } })
    const flat = await api.call('POST', '/api/shop/cart/discount', { token: asha.token, body: { userId: asha.id, code: 'flat100' } })
    expect(flat.body.data.discount.amountPaise).toBe(10_000)
    const removed = await api.call('DELETE', `/api/shop/cart/discount/${asha.id}`, { token: asha.token })
    expect(removed.status).toBe(200)
    expect(removed.body.data).not.toHaveProperty('discount')
    expect(removed.body.data.total).toBe(removed.body.data.subtotal + removed.body.data.delivery)
  })

  it('takes a code for some variants, `scope` as an object (ADR 084), and applies it only to those variants', async () => {
    const ring = await api.call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: { ...PENDANT, title: 'Variant ring', colors: ['Teal', 'Gold'], variety: { type: 'size', sizes: [{ size: 'Small', price: 1000, salePrice: 0 }, { size: 'Large', price: 2000, salePrice: 0 }] } },
    })
    expect(ring.status, JSON.stringify(ring.body)).toBe(201)
    const ringId = ring.body.data._id
    const body = { code: 'LARGETEAL', type: 'percent', value: 10, scope: { type: 'variants', variants: [{ productId: ringId, variety: 'Large', color: 'Teal' }] } }
    const created = await api.call('POST', '/api/admin/discounts', { token: admin.token, body })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.data).toMatchObject({ scope: 'variants', scopeItems: [ringId], variants: [{ productId: ringId, variety: 'Large', option2: '', color: 'Teal' }] })
    const unknown = await api.call('POST', '/api/admin/discounts', { token: admin.token, body: { ...body, code: 'PINKRING', scope: 'variants', variants: [{ productId: ringId, color: 'Pink' }] } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual({ variants: ['Choose variants from the list'] })
    const none = await api.call('POST', '/api/admin/discounts', { token: admin.token, body: { ...body, code: 'NOVARIANT', scope: 'variants' } })
    expect(none.body.errors).toEqual({ variants: ['Choose at least one variant'] })

    const ravi = await api.registerAndLogin('Ravi', 'ravi@example.com')
    await api.addToCart(ravi, { productId: ringId, quantity: 1, variety: 'Large', color: 'Gold' })
    const refused = await api.call('POST', '/api/shop/cart/discount', { token: ravi.token, body: { userId: ravi.id, code: 'largeteal' } })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({ code: ['This code is not for the pieces in your cart'] })
    await api.addToCart(ravi, { productId: ringId, quantity: 1, variety: 'Large', color: 'Teal' })
    const applied = await api.call('POST', '/api/shop/cart/discount', { token: ravi.token, body: { userId: ravi.id, code: 'largeteal' } })
    expect(applied.status, JSON.stringify(applied.body)).toBe(200)
    // 10% of the Large Teal ring only (2,000.00), not of the Large Gold one.
    expect(applied.body.data.discount).toEqual({ code: 'LARGETEAL', amountPaise: 20_000, message: 'LARGETEAL takes ₹200.00 off' })
  })
})
