// Delivery by zone over real HTTP (issue 30, ADR 085, docs/api.md extras): the shipping quote for a
// product and a cart, 400 for a malformed pincode; the cart's "from" estimate; the Razorpay amount and
// the order charge the address's zone; the product page says the delivery line and remembers the pincode.
import { beforeAll, describe, expect, it } from 'vitest'
import { ADDRESS, shopWithOwner } from '../helpers/shop-api'

const PENDANT = { title: 'Quiet pendant', description: 'Blue resin.', category: 'jewellery', price: 1499, totalStock: 9 }

describe('delivery by zone through /api', () => {
  const { api, admin, asha, server } = shopWithOwner({ DELIVERY_PRICING: 'zones' })
  let pendantId: string

  beforeAll(async () => {
    pendantId = (await api.call('POST', '/api/admin/products/add', { token: admin.token, body: PENDANT })).body.data._id
  })

  it('quotes a product to Bengaluru and Imphal, and refuses a malformed pincode with errors', async () => {
    const near = await api.call('GET', `/api/shop/shipping/quote?pincode=560%20038&productId=${pendantId}`)
    expect(near.status, JSON.stringify(near.body)).toBe(200)
    expect(near.body).toMatchObject({ success: true, data: { serviceable: true, fee: 40 } })
    expect(near.body.data.estimatedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const far = await api.call('GET', `/api/shop/shipping/quote?pincode=795001&productId=${pendantId}`)
    expect(far.body.data).toMatchObject({ serviceable: true, fee: 95 })
    expect(far.body.data.estimatedDelivery > near.body.data.estimatedDelivery).toBe(true)
    const bad = await api.call('GET', `/api/shop/shipping/quote?pincode=5600&productId=${pendantId}`)
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ pincode: ['Enter a 6-digit pincode'] })
    expect((await api.call('GET', '/api/shop/shipping/quote?pincode=560038')).status).toBe(400)
    expect((await api.call('GET', `/api/shop/shipping/quote?pincode=560038&userId=${asha.id}`)).status).toBe(401)
  })

  it('shows the cart a "from" fee, quotes the cart, and charges the order the address\'s zone', async () => {
    await api.addToCart(asha, { productId: pendantId, quantity: 1 })
    const cart = (await api.cartOf(asha)) as unknown as { subtotal: number; delivery: number; total: number; deliveryEstimate?: boolean }
    expect(cart).toMatchObject({ subtotal: 1499, delivery: 40, deliveryEstimate: true })
    const quote = await api.call('GET', `/api/shop/shipping/quote?pincode=795001&userId=${asha.id}`, { token: asha.token })
    expect(quote.body.data).toMatchObject({ serviceable: true, fee: 95 })
    const imphal = (await api.addAddress(asha, { ...ADDRESS, city: 'Imphal', state: 'Manipur', pincode: '795001' })).body.data
    const created = await api.createOrder(asha, { addressInfo: { addressId: imphal._id }, totalAmount: 1 })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.razorpayOrder.amount).toBe(149_900 + 9_500)
    const details = await api.call('GET', `/api/shop/order/details/${created.body.orderId}`, { token: asha.token })
    expect(details.body.data).toMatchObject({ deliveryFee: 95, totalAmount: 1594 })
  })

  it('says the delivery on the product page once a pincode is given, and remembers it in a cookie', async () => {
    const asked = await fetch(`${server().url}/shop/product/${pendantId}?pincode=795001`)
    const html = await asked.text()
    expect(html).toMatch(/Delivery to 795001 by \w{3} \d{1,2} \w{3}, ₹95\.00/)
    const cookie = asked.headers.get('set-cookie')?.split(';')[0] ?? ''
    expect(cookie).toMatch(/^delivery_pincode=/)
    const again = await (await fetch(`${server().url}/shop/product/${pendantId}`, { headers: { Cookie: cookie } })).text()
    expect(again).toContain('Delivery to 795001 by')
    const bad = await (await fetch(`${server().url}/shop/product/${pendantId}?pincode=79`)).text()
    expect(bad).toContain('Enter a 6-digit pincode')
  })
})
