// Automatic offers over real HTTP (docs/decisions/078-automatic-offers.md, docs/api.md extras): the
// admin creates, lists and edits offers (400 with errors, 403 for shoppers, 404 for an unknown id);
// a product in the offer's category shows the offer as its salePrice; the cart answers the offer and
// free delivery; razorpay/create charges the offer-discounted total.
import { beforeAll, describe, expect, it } from 'vitest'
import { ADDRESS, shopWithOwner } from '../helpers/shop-api'

const TRAY = { title: 'Festive tray', description: 'Gold leaf in resin.', category: 'home-decor', price: 999, totalStock: 9 }
const PENDANT = { title: 'Quiet pendant', description: 'Blue resin.', category: 'jewellery', price: 1499, totalStock: 9 }

describe('automatic offers through /api', () => {
  const { api, admin, asha } = shopWithOwner({ DELIVERY_FEE: '99' })
  let trayId: string
  let pendantId: string

  beforeAll(async () => {
    trayId = (await api.call('POST', '/api/admin/products/add', { token: admin.token, body: TRAY })).body.data._id
    pendantId = (await api.call('POST', '/api/admin/products/add', { token: admin.token, body: PENDANT })).body.data._id
  })

  it('lets the admin create, list and edit offers, names each bad field, and refuses shoppers', async () => {
    const body = { name: 'Diwali sale', kind: 'percent_off', percent: 15, scope: 'categories', scopeItems: ['home-decor'], startsAt: '2026-01-01T00:00', endsAt: '2099-01-01T00:00' }
    const created = await api.call('POST', '/api/admin/offers', { token: admin.token, body })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.data).toMatchObject({ name: 'Diwali sale', kind: 'percent_off', percent: 15, scopeItems: ['home-decor'], startsAt: '2026-01-01T00:00', startsAtIso: '2025-12-31T18:30:00.000Z', state: 'live' })
    const bad = await api.call('POST', '/api/admin/offers', { token: admin.token, body: { name: '', kind: 'percent_off', percent: 15, startsAt: '2026-02-30T00:00', endsAt: '' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['endsAt', 'name', 'startsAt'])
    const tooMuch = await api.call('POST', '/api/admin/offers', { token: admin.token, body: { ...body, percent: 95 } })
    expect(tooMuch.body.errors).toEqual({ percent: ['Enter a whole percent from 1 to 90'] })
    expect((await api.call('GET', '/api/admin/offers', { token: asha.token })).status).toBe(403)
    expect((await api.call('POST', '/api/admin/offers', { token: asha.token, body })).status).toBe(403)
    const free = { name: 'Free delivery', kind: 'free_delivery', minOrder: 999, startsAt: '2026-01-01T00:00', endsAt: '2099-01-01T00:00' }
    const paused = await api.call('POST', '/api/admin/offers', { token: admin.token, body: { ...free, paused: true } })
    expect(paused.body.data.state).toBe('paused')
    const live = await api.call('PUT', `/api/admin/offers/${paused.body.data._id}`, { token: admin.token, body: free })
    expect(live.status, JSON.stringify(live.body)).toBe(200)
    expect(live.body.data).toMatchObject({ minOrder: 999, paused: false, state: 'live' })
    expect((await api.call('PUT', '/api/admin/offers/nope', { token: admin.token, body: free })).status).toBe(404)
    expect((await api.call('GET', '/api/admin/offers', { token: admin.token })).body.data).toHaveLength(2)
  })

  it('shows the offer as the salePrice of the pieces it covers, and not of the others', async () => {
    const tray = await api.call('GET', `/api/shop/products/get/${trayId}`)
    expect(tray.body.data).toMatchObject({ price: 999, salePrice: 849.15 })
    const pendant = await api.call('GET', `/api/shop/products/get/${pendantId}`)
    expect(pendant.body.data).toMatchObject({ price: 1499, salePrice: 0 })
  })

  it('the cart answers the offer and free delivery, and razorpay/create charges the offer-discounted total', async () => {
    await api.addToCart(asha, { productId: trayId, quantity: 1 })
    const short = (await api.cartOf(asha)) as unknown as { subtotal: number; delivery: number; total: number; offer?: string; freeDelivery?: { short: number; message: string } }
    expect(short).toMatchObject({ subtotal: 849.15, delivery: 99, offer: 'Diwali sale applied: you save ₹149.85' })
    expect(short.freeDelivery).toMatchObject({ short: 149.85, message: 'Add ₹149.85 more for free delivery' })
    await api.addToCart(asha, { productId: trayId, quantity: 1 })
    const cart = (await api.cartOf(asha)) as unknown as { subtotal: number; delivery: number; total: number }
    // 2 x 849.15 = 1,698.30, over 999.00: delivery is free.
    expect(cart).toMatchObject({ subtotal: 1698.3, delivery: 0, total: 1698.3 })
    const address = (await api.addAddress(asha, ADDRESS)).body.data
    const created = await api.createOrder(asha, { addressInfo: { addressId: address._id }, totalAmount: 1 })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.razorpayOrder.amount).toBe(169_830)
  })
})
