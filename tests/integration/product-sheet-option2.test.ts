// The product sheet's second option group over real HTTP, without JavaScript (ADR 091): the owner's
// plain form post names the group and its grid's cells; /api answers each combination's stock and own
// price; an empty cell is refused next to it and changes nothing; a post without a group removes it;
// a shopper's plain add-to-cart post of the sold-out combination is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, ADMIN_ENV, Browser, registerShopper } from '../helpers/shop-client'
import { type RunningServer, startServer } from './server'

let server: RunningServer
let admin: Browser
let productId: string

const BASE = { title: 'Geode drop', description: 'A geode in resin.', category: 'jewellery', price: '999', salePrice: '0', totalStock: '0' }
const GROUPS = {
  varietyType: 'size',
  'varieties[0].name': 'S',
  'varieties[0].price': '999',
  'varieties[0].salePrice': '0',
  'varieties[1].name': 'M',
  'varieties[1].price': '1299',
  'varieties[1].salePrice': '0',
  option2Label: 'Chain',
  'options2[0]': 'Silver',
  'options2[1]': 'Gold',
  variantStock: 'on',
}

/** The sheet's post as a browser without JS sends it (multipart, as the form's encType says). */
function postSheet(fields: Record<string, string>) {
  const body = new FormData()
  for (const [name, value] of Object.entries({ ...BASE, ...fields })) body.append(name, value)
  return admin.post(`/admin/products/${productId}/edit`, { body })
}

const shopProduct = async () => (await new Browser(server.url).get(`/api/shop/products/get/${productId}`)).json.data

beforeAll(async () => {
  server = await startServer({ ...ADMIN_ENV })
  admin = await new Browser(server.url).signIn(ADMIN.email, ADMIN.password)
  const added = await admin.api('POST', '/api/admin/products/add', { title: BASE.title, description: BASE.description, category: 'jewellery', price: 999, totalStock: 5 })
  expect(added.status, added.text).toBe(201)
  productId = added.json.data._id
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

describe('the product sheet with a second option group, JS off', () => {
  it('saves stock and a price per size and chain from the grid', async () => {
    const saved = await postSheet({
      ...GROUPS,
      'varieties[0].combos[0].stock': '2',
      'varieties[0].combos[1].stock': '0',
      'varieties[1].combos[0].stock': '1',
      'varieties[1].combos[1].stock': '3',
      'varieties[1].combos[1].price': '1499',
    })
    expect(saved.status, saved.text.slice(0, 500)).toBe(302)
    expect(saved.location).toMatch(/^\/admin\/products/)
    const product = await shopProduct()
    expect(product).toMatchObject({
      totalStock: 6,
      options2: { label: 'Chain', options: [{ name: 'Silver' }, { name: 'Gold' }] },
      variety: {
        type: 'size',
        sizes: [
          { size: 'S', price: 999, byOption2: { Silver: { stock: 2 }, Gold: { stock: 0 } } },
          { size: 'M', price: 1299, byOption2: { Silver: { stock: 1 }, Gold: { stock: 3, price: 1499 } } },
        ],
      },
    })
    // An empty price box is the size's price: S on silver has none of its own.
    expect(product.variety.sizes[0].byOption2.Silver.price).toBeUndefined()
  })

  it('prefills the grid on the edit sheet from the shelf', async () => {
    const page = await admin.get(`/admin/products/${productId}/edit`)
    expect(page.status).toBe(200)
    expect(page.text).toMatch(/name="varieties\[1\]\.combos\[1\]\.stock"[^>]*value="3"|value="3"[^>]*name="varieties\[1\]\.combos\[1\]\.stock"/)
    expect(page.text).toMatch(/name="varieties\[1\]\.combos\[1\]\.price"[^>]*value="1499"|value="1499"[^>]*name="varieties\[1\]\.combos\[1\]\.price"/)
    expect(page.text).toContain('value="Chain"')
  })

  it('refuses an empty cell next to it and changes nothing', async () => {
    const before = await shopProduct()
    const refused = await postSheet({ ...GROUPS, 'varieties[0].combos[0].stock': '9', 'varieties[0].combos[1].stock': '9', 'varieties[1].combos[0].stock': '9' })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('Give the stock of M, Gold')
    expect(await shopProduct()).toEqual(before)
  })

  it("refuses a shopper's plain post of the sold-out combination, and takes its neighbour", async () => {
    const shopper = await registerShopper(server.url, 'Meera', 'meera-option2@example.com')
    const add = (option2: string) =>
      shopper.post(`/shop/product/${productId}`, { form: { intent: 'add', productId, variety: 'S', option2, quantity: '1', redirectTo: `/shop/product/${productId}` } })
    const cartText = async () => (await shopper.get('/shop/cart')).text.replaceAll('<!-- -->', '')
    const soldOut = await add('Gold')
    expect(soldOut.status).toBeLessThan(500)
    expect(await cartText()).not.toContain('Chain: Gold')
    const taken = await add('Silver')
    expect(taken.status, taken.text.slice(0, 300)).toBe(302)
    expect(await cartText()).toContain('Chain: Silver')
  })

  it('removes the group when the sheet names none, keeping stock per size', async () => {
    const saved = await postSheet({
      ...GROUPS,
      option2Label: '',
      'options2[0]': '',
      'options2[1]': '',
      'varieties[0].stock': '4',
      'varieties[1].stock': '1',
    })
    // Blank second options are refused (a name is required), so the owner removes them instead.
    expect(saved.status).toBe(400)
    const { 'options2[0]': _a, 'options2[1]': _b, ...withoutGroup } = GROUPS
    const removed = await postSheet({ ...withoutGroup, option2Label: '', 'varieties[0].stock': '4', 'varieties[1].stock': '1' })
    expect(removed.status, removed.text.slice(0, 500)).toBe(302)
    const product = await shopProduct()
    expect(product.options2).toBeUndefined()
    expect(product.variety.sizes.map((s: { stock: number }) => s.stock)).toEqual([4, 1])
    expect(product.totalStock).toBe(5)
  })
})
