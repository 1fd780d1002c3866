// The cart caps per variant (docs/decisions/061-stock-per-variant.md): lines of one variant share its
// stock, other variants of the product are not held back by it, a variant another shopper holds is
// out of stock in this cart, and the per-order limit stays per product.
import { expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { asha, insertUsers, ravi } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { withTestDb } from '../../../tests/helpers/test-db'
import { productSchema } from '~/schemas/product'
import { createProduct } from '~/domain/catalog/admin-products.server'
import { Invalid } from '~/domain/errors'
import { addToCart, setLineQuantity } from './cart-edits.server'
import { getCart } from './cart.server'
import { holdStock } from './stock-holds.server'

let db: DB
let earrings: string
let pendant: string
const shopper = { userId: asha.id }

const product = (fields: Record<string, unknown>) =>
  productSchema.parse({ description: 'Resin', category: 'jewellery', price: 500, totalStock: 0, ...fields })

withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha, ravi])
  earrings = (await createProduct(db, product({ title: 'Jhumka earrings', colors: ['Teal', 'Gold'], stockByColor: { Teal: 1, Gold: 3 } }))).id
  pendant = (
    await createProduct(
      db,
      product({
        title: 'Ocean pendant',
        colors: ['Teal', 'Gold'],
        varietyType: 'size',
        varieties: [
          { name: 'Small', price: 500, stockByColor: { Teal: 2 } },
          { name: 'Large', price: 900, stock: 4 },
        ],
      }),
    )
  ).id
})

async function refusal(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await rejection(promise)
  expect(error).toBeInstanceOf(Invalid)
  return (error as Invalid).errors
}

it('caps a colour at its own stock while the other colour stays on sale', async () => {
  await addToCart(db, shopper, { productId: earrings, color: 'Teal' })
  expect(await refusal(addToCart(db, shopper, { productId: earrings, color: 'Teal' }))).toEqual({ quantity: ['Only 1 quantity can be added for this item'] })
  const cart = await addToCart(db, shopper, { productId: earrings, color: 'Gold', quantity: 3 })
  expect(cart.items.map((line) => [line.color, line.quantity, line.totalStock, line.available])).toEqual([
    ['Teal', 1, 1, true],
    ['Gold', 3, 3, true],
  ])
  const gold = cart.items[1]?.id ?? ''
  expect(await refusal(setLineQuantity(db, shopper, { lineId: gold }, 4))).toEqual({ quantity: ['Only 3 Quantity Can be Added for this Item'] })
})

it('draws an option and colour on its own variant, else on the option, and refuses a combination with none', async () => {
  await addToCart(db, shopper, { productId: pendant, variety: 'Small', color: 'Teal', quantity: 2 })
  await addToCart(db, shopper, { productId: pendant, variety: 'Large', color: 'Teal', quantity: 2 })
  // Large has one stock for every colour: the Gold line shares the Large's four.
  expect(await refusal(addToCart(db, shopper, { productId: pendant, variety: 'Large', color: 'Gold', quantity: 3 }))).toEqual({
    quantity: ['Only 2 quantity can be added for this item'],
  })
  await addToCart(db, shopper, { productId: pendant, variety: 'Large', color: 'Gold', quantity: 2 })
  // No Small in Gold is made.
  expect(await refusal(addToCart(db, shopper, { productId: pendant, variety: 'Small', color: 'Gold' }))).toEqual({
    quantity: ['Only 0 quantity can be added for this item'],
  })
})

it("shows a variant another shopper holds as out of stock in this cart, the other variant still buyable", async () => {
  await addToCart(db, shopper, { productId: earrings, color: 'Teal' })
  await addToCart(db, shopper, { productId: earrings, color: 'Gold' })
  await insertOrder(db, { id: 'o-ravi', user: { id: ravi.id, userName: ravi.userName, email: ravi.email }, date: new Date(), status: 'pending', paymentStatus: 'pending' })
  await db.transaction().execute((trx) =>
    holdStock(trx, { orderId: 'o-ravi', userId: ravi.id, lines: [{ productId: earrings, title: 'Jhumka earrings', variety: '', color: 'Teal', quantity: 1 }] }),
  )
  const cart = await getCart(db, shopper)
  expect(cart.items.map((line) => [line.color, line.totalStock, line.problem])).toEqual([
    ['Teal', 0, 'Out of stock.'],
    ['Gold', 3, null],
  ])
})

it('keeps the per-order limit per product across its variants', async () => {
  const many = (await createProduct(db, product({ title: 'Coasters', colors: ['Teal', 'Gold'], stockByColor: { Teal: 50, Gold: 50 } }))).id
  await addToCart(db, shopper, { productId: many, color: 'Teal', quantity: 6 })
  const errors = await refusal(addToCart(db, shopper, { productId: many, color: 'Gold', quantity: 5 }))
  expect(errors.quantity?.[0]).toMatch(/10/)
})
