// A variant's own price end to end (docs/decisions/071-variant-prices.md): the
// cart prices each line by the variant it draws on, else its option, else the product; the order line
// keeps that unit price, the total and the invoice follow it exactly, and an edit without prices keeps them.
import { execFileSync } from 'node:child_process'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { asha, insertUsers } from '../../../tests/helpers/fixtures'
import { saveAddress } from '../../../tests/helpers/payment-fixtures'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { testGateway } from '~/infra/payment-gateway.server'
import { pdfInvoiceWriter } from '~/infra/pdf/invoice-pdf.server'
import { productSchema } from '~/schemas/product'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { getCart } from '~/domain/cart/cart.server'
import { createProduct, updateProduct } from '~/domain/catalog/admin-products.server'
import { getProduct } from '~/domain/catalog/catalog.server'
import { orderDocumentPdf } from './invoices.server'
import { getOrderDetail } from './order-reads.server'
import { placeOrder } from './place-order.server'
import { confirmPayment } from './payments.server'

let testDb: TestDb
let db: DB
const gateway = testGateway('variant-price-test-secret')
const owner = { userId: asha.id }

const pendantInput = (extra: Record<string, unknown> = {}) =>
  productSchema.parse({
    title: 'Ocean pendant',
    description: 'Resin and sea glass',
    category: 'jewellery',
    price: 800,
    totalStock: 0,
    colors: ['Teal', 'Gold'],
    varietyType: 'size',
    varieties: [
      { name: 'Small', price: 900, salePrice: 850, stockByColor: { Teal: 5, Gold: 5 }, priceByColor: { Gold: 1249.5 } },
      { name: 'Large', price: 1500, stockByColor: { Teal: 5, Gold: 5 }, salePriceByColor: { Teal: 1399 } },
    ],
    ...extra,
  })

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await insertUsers(db, [asha])
})

afterEach(async () => {
  await testDb?.cleanup()
})

it('prices each line by its variant, else its option, and keeps that price in the order and the invoice', async () => {
  const pendant = await createProduct(db, pendantInput())
  await addToCart(db, owner, { productId: pendant.id, variety: 'Small', color: 'Gold', quantity: 2 })
  await addToCart(db, owner, { productId: pendant.id, variety: 'Small', color: 'Teal' })
  await addToCart(db, owner, { productId: pendant.id, variety: 'Large', color: 'Teal' })
  await addToCart(db, owner, { productId: pendant.id, variety: 'Large', color: 'Gold' })
  const cart = await getCart(db, owner)
  expect(cart.items.map((line) => [line.variety, line.color, line.pricePaise, line.salePricePaise, line.unitPricePaise])).toEqual([
    // Its own price, and not on the option's sale (a variant with its own price is on sale only by its own sale price).
    ['Small', 'Gold', 124_950, 0, 124_950],
    ['Small', 'Teal', 90_000, 85_000, 85_000],
    // The option's price with the variant's own sale price.
    ['Large', 'Teal', 150_000, 139_900, 139_900],
    ['Large', 'Gold', 150_000, 0, 150_000],
  ])
  const total = 2 * 124_950 + 85_000 + 139_900 + 150_000
  expect(cart.totalPaise).toBe(total)

  const address = await saveAddress(db, asha)
  const placed = await placeOrder(db, gateway, asha, { addressId: address.id }, 0)
  expect(placed.totalAmountPaise).toBe(total)
  await confirmPayment(db, { gatewayOrderId: placed.gatewayOrder.id, paymentId: 'pay_variant_price', amountPaise: null, source: 'test' })
  const order = await getOrderDetail(db, placed.orderId, asha)
  expect(order.lines.map((line) => [line.variety, line.color, line.unitPricePaise])).toEqual([
    ['Small', 'Gold', 124_950],
    ['Small', 'Teal', 85_000],
    ['Large', 'Teal', 139_900],
    ['Large', 'Gold', 150_000],
  ])

  const pdf = await orderDocumentPdf(db, pdfInvoiceWriter, placed.orderId, 'invoice', asha)
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.content }).toString('utf8')
  expect(text).toMatch(/\s2\s+1,249\.50\s.*\s2,499\.00\n/)
  expect(text).toMatch(/\s1\s+1,399\.00\s.*\s1,399\.00\n/)
  expect(text).toMatch(/Total\s+₹6,248.00/)
})

it('keeps the variants’ prices through an edit that does not send them, and clears one sent without it', async () => {
  const pendant = await createProduct(db, pendantInput())
  const { priceByColor: _p, ...small } = pendantInput().varieties[0] ?? { name: '', price: 0, salePrice: 0 }
  const { salePriceByColor: _s, ...large } = pendantInput().varieties[1] ?? { name: '', price: 0, salePrice: 0 }
  await updateProduct(db, pendant.id, { ...pendantInput(), varieties: [small, large] })
  const kept = await getProduct(db, pendant.id, 'shelf')
  expect(kept.variants.filter((v) => v.pricePaise !== undefined || v.salePricePaise !== undefined)).toEqual([
    { variety: 'Small', option2: '', color: 'Gold', available: 5, pricePaise: 124_950 },
    { variety: 'Large', option2: '', color: 'Teal', available: 5, salePricePaise: 139_900 },
  ])
  await updateProduct(db, pendant.id, { ...pendantInput(), varieties: [{ ...small, priceByColor: {} }, large] })
  const cleared = await getProduct(db, pendant.id, 'shelf')
  expect(cleared.variants.filter((v) => v.pricePaise !== undefined).map((v) => [v.variety, v.color])).toEqual([])
  expect(cleared.variants.filter((v) => v.salePricePaise !== undefined).map((v) => [v.variety, v.color])).toEqual([['Large', 'Teal']])
})

it('refuses prices for colours without stock, a price of 0, and a sale price not below the price the variant sells at', () => {
  const refused = productSchema.safeParse({
    title: 'Coaster',
    description: 'Resin',
    category: 'home-decor',
    price: 500,
    totalStock: 0,
    colors: ['Teal', 'Gold'],
    stockByColor: { Teal: 2 },
    priceByColor: { Teal: 0, Gold: 600 },
    salePriceByColor: { Teal: 500 },
  })
  expect(refused.success).toBe(false)
  expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
    ['priceByColor', 'No stock by color for: Gold'],
    ['priceByColor', 'Price of Teal must be more than 0'],
    ['salePriceByColor', 'Sale price of Teal must be less than its price'],
  ])
  const sale = productSchema.safeParse({
    title: 'Coaster',
    description: 'Resin',
    category: 'home-decor',
    price: 500,
    totalStock: 0,
    colors: ['Teal'],
    stockByColor: { Teal: 2 },
    salePriceByColor: { Teal: 500 },
  })
  expect(sale.error?.issues.map((issue) => issue.message)).toEqual(['Sale price of Teal must be less than its price'])
  const noStock = productSchema.safeParse({ title: 'Coaster', description: 'Resin', category: 'home-decor', price: 500, totalStock: 2, colors: ['Teal'], priceByColor: { Teal: 600 } })
  expect(noStock.error?.issues.map((issue) => issue.message)).toEqual(['Give the stock by color with its prices'])
})
