// Personalised pieces over real HTTP (docs/decisions/069-personalised-pieces.md, docs/api.md): the
// admin gives a product its personalisation fields, the shop shows them, the cart takes label ->
// value (two names, two lines; bad values a 400 by field that changes nothing), the order's
// cartItems keep them; and an old client that sends none gets today's behaviour.
import { describe, expect, it } from 'vitest'
import { ADDRESS, shopWithOwner, testPaymentResult } from '../helpers/shop-api'

const NAME = 'Name to engrave'

const BOOKMARK = {
  title: 'Name bookmark',
  description: 'Pressed flowers and a name.',
  category: 'gifting-memories',
  price: 249,
  totalStock: 10,
  personalization: [
    { label: NAME, kind: 'text', maxLength: 20, required: true, pricePaise: 5000 },
    { label: 'Date', kind: 'date', maxLength: 10, required: false },
  ],
}
const COASTER = { title: 'Plain coaster', description: 'Blue waves.', category: 'home-decor', price: 399, totalStock: 10 }

describe('personalised pieces through /api', () => {
  const { api, admin, asha } = shopWithOwner()
  let bookmarkId: string
  let coasterId: string

  const add = (body: Record<string, unknown>) => api.call('POST', '/api/shop/cart/add', { token: asha.token, body: { userId: asha.id, quantity: 1, ...body } })

  it('adds a product with personalisation fields and shows them; an old client sending none gets []', async () => {
    const added = await api.call('POST', '/api/admin/products/add', { token: admin.token, body: BOOKMARK })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    bookmarkId = added.body.data._id
    expect(added.body.data.personalization).toEqual([
      { label: NAME, kind: 'text', maxLength: 20, required: true, pricePaise: 5000 },
      { label: 'Date', kind: 'date', maxLength: 10, required: false },
    ])
    const shop = await api.call('GET', `/api/shop/products/get/${bookmarkId}`)
    expect(shop.body.data.personalization).toHaveLength(2)
    const plain = await api.call('POST', '/api/admin/products/add', { token: admin.token, body: COASTER })
    expect(plain.status).toBe(201)
    coasterId = plain.body.data._id
    expect(plain.body.data.personalization).toEqual([])
  })

  it('refuses bad fields with 400 errors by field, and keeps the fields on an edit that names none', async () => {
    const bad = await api.call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: {
        ...COASTER,
        personalization: [
          { label: 'Name', maxLength: 61 },
          { label: 'name', kind: 'colour' },
          { label: 'Bell\u0007', maxLength: 5 },
        ],
      },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({
      'personalization.0.maxLength': ['Max length can be at most 60'],
      'personalization.1.kind': ['Kind must be text or date'],
      'personalization.2.label': ['Label cannot contain control characters'],
    })
    const four = await api.call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: { ...COASTER, personalization: [{ label: 'A' }, { label: 'B' }, { label: 'C' }, { label: 'D' }] },
    })
    expect(four.body.errors).toEqual({ personalization: ['At most 3 personalization fields'] })
    const edited = await api.call('PUT', `/api/admin/products/edit/${bookmarkId}`, { token: admin.token, body: { price: 259 } })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.data.personalization).toHaveLength(2)
    const back = await api.call('PUT', `/api/admin/products/edit/${bookmarkId}`, { token: admin.token, body: { price: 249 } })
    expect(back.status).toBe(200)
  })

  it('takes label -> value in the cart: two names are two lines, priced with the add-on', async () => {
    expect((await add({ productId: bookmarkId, personalization: { [NAME]: 'Priya', Date: '2026-02-14' } })).status).toBe(200)
    const second = await add({ productId: bookmarkId, quantity: 2, personalization: { [NAME]: 'தமிழ்செல்வி' } })
    expect(second.status).toBe(200)
    expect(second.body.data.items.map((i: { personalization: unknown; quantity: number; price: number }) => [i.personalization, i.quantity, i.price])).toEqual([
      [{ [NAME]: 'Priya', Date: '2026-02-14' }, 1, 299],
      [{ [NAME]: 'தமிழ்செல்வி' }, 2, 299],
    ])
    expect(second.body.data.totalAmount).toBe(897)
    // update-cart picks the line by its personalisation.
    const updated = await api.call('PUT', '/api/shop/cart/update-cart', {
      token: asha.token,
      body: { userId: asha.id, productId: bookmarkId, quantity: 1, personalization: { [NAME]: 'தமிழ்செல்வி' } },
    })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect(updated.body.data.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 1])
    const unnamed = await api.call('PUT', '/api/shop/cart/update-cart', { token: asha.token, body: { userId: asha.id, productId: bookmarkId, quantity: 3 } })
    expect(unnamed.status).toBe(400)
  })

  it('answers 400 by field for a missing, bad or unknown value, and changes nothing', async () => {
    const before = (await api.cartOf(asha)).items
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { personalization0: [`Please fill in ${NAME}.`] }],
      [{ personalization: { [NAME]: 'Priya\u202Egnp' } }, { personalization0: [`${NAME} cannot contain control characters.`] }],
      [{ personalization: { [NAME]: 'Priya', Date: '14/02/2026' } }, { personalization1: ['Date must be a date (YYYY-MM-DD).'] }],
      [{ personalization: { [NAME]: 'x'.repeat(21) } }, { personalization0: [`${NAME} can be at most 20 characters.`] }],
      [{ personalization: { [NAME]: 'Priya', Colour: 'Red' } }, { personalization: ['This piece has no personalisation called Colour.'] }],
      [{ personalization: 'Priya' }, { personalization: ['Personalization must be an object of label and value.'] }],
    ]
    for (const [body, errors] of cases) {
      const answer = await add({ productId: bookmarkId, ...body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors).toEqual(errors)
    }
    expect((await api.cartOf(asha)).items).toEqual(before)
  })

  it('lets an old client buy a plain piece as before; the order cartItems carry each line personalisation', async () => {
    const plain = await add({ productId: coasterId })
    expect(plain.status).toBe(200)
    expect(plain.body.data.items[2]).toMatchObject({ productId: coasterId, personalization: {}, price: 399 })
    const address = await api.addAddress(asha, ADDRESS)
    const created = await api.createOrder(asha, { addressInfo: { addressId: address.body.data._id } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { orderId } = created.body
    const verified = await api.verify(asha, testPaymentResult(created.body.razorpayOrder.id, 'pay_personal_1', orderId))
    expect(verified.status).toBe(200)
    const details = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: asha.token })
    expect(details.body.data.totalAmount).toBe(299 + 299 + 399)
    expect(details.body.data.cartItems.map((i: { personalization: unknown; price: number }) => [i.personalization, i.price])).toEqual([
      [{ [NAME]: 'Priya', Date: '2026-02-14' }, 299],
      [{ [NAME]: 'தமிழ்செல்வி' }, 299],
      [{}, 399],
    ])
  })
})
