// A second option group (docs/decisions/077-second-option-group.md): the owner's product written with
// stock per size, chain and colour; the cart asking for the chain and capping each combination at its
// own stock; 50 checkouts at once on the last unit of one combination (one holds it, the others of the
// same pendant unaffected; npm run test:pg runs it on PostgreSQL); and the order line keeping the chain.
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { insertUsers } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { withTestDb } from '../../../tests/helpers/test-db'
import { productSchema } from '~/schemas/product'
import { createProduct, updateProduct } from '~/domain/catalog/admin-products.server'
import { getProduct } from '~/domain/catalog/catalog.server'
import { Invalid } from '~/domain/errors'
import { addToCart } from './cart-edits.server'
import { holdStock, StockNotHeld } from './stock-holds.server'

const SHOPPERS = 50
const shoppers = Array.from({ length: SHOPPERS }, (_, i) => ({ id: `u${i}`, userName: `Shopper ${i}`, email: `s${i}@example.com` }))

/** Size M in a gold chain and teal: one left; the silver chain and the other colour keep theirs. */
const pendantInput = productSchema.parse({
  title: 'Moon pendant',
  description: 'Resin',
  category: 'jewellery',
  price: 900,
  totalStock: 0,
  colors: ['Teal', 'Rose'],
  varietyType: 'size',
  option2Label: 'Chain',
  options2: ['Gold', 'Silver'],
  varieties: [
    { name: 'S', price: 800, byOption2: { Gold: { stockByColor: { Teal: 3, Rose: 2 } }, Silver: { stockByColor: { Teal: 4 } } } },
    {
      name: 'M',
      price: 900,
      byOption2: { Gold: { stockByColor: { Teal: 1, Rose: 5 }, priceByColor: { Teal: 1200 } }, Silver: { stockByColor: { Teal: 6, Rose: 2 } } },
    },
  ],
})

let db: DB
let pendant: string
withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, shoppers)
  pendant = (await createProduct(db, pendantInput)).id
  for (const [i, user] of shoppers.entries()) await insertOrder(db, { id: `o${i}`, user, date: new Date(), status: 'pending', paymentStatus: 'pending' })
  await Promise.all(Array.from({ length: 10 }, () => sql`select 1`.execute(db)))
})

const mGoldTeal = { variety: 'M', option2: 'Gold', color: 'Teal' }

it('keeps a variant per size, chain and colour, the total their sum, and reads the group back', async () => {
  const product = await getProduct(db, pendant, 'shelf')
  expect(product.totalStock).toBe(23)
  expect(product.option2).toEqual({ label: 'Chain', options: ['Gold', 'Silver'] })
  expect(product.variants).toContainEqual(expect.objectContaining({ ...mGoldTeal, available: 1, pricePaise: 120_000 }))
  expect(product.variants).toHaveLength(7)
})

it('asks for the chain, refuses one the piece does not come in, and prices the combination by its own variant', async () => {
  const owner = { userId: 'u0' }
  const missing = await rejection(addToCart(db, owner, { productId: pendant, variety: 'M', color: 'Teal' }))
  expect(missing).toBeInstanceOf(Invalid)
  expect((missing as Invalid).errors.option2).toEqual(['Please choose one of the Chain Options.'])
  const unknown = await rejection(addToCart(db, owner, { productId: pendant, variety: 'M', option2: 'Copper', color: 'Teal' }))
  expect((unknown as Invalid).errors.option2).toEqual(['This option is not available.'])
  const cart = await addToCart(db, owner, { productId: pendant, ...mGoldTeal })
  expect(cart.items).toMatchObject([{ variety: 'M', option2: 'Gold', option2Label: 'Chain', color: 'Teal', unitPricePaise: 120_000, totalStock: 1 }])
})

it('caps each combination at its own stock while the other chain of the same size and colour stays on sale', async () => {
  const owner = { userId: 'u1' }
  await addToCart(db, owner, { productId: pendant, ...mGoldTeal })
  const refused = await rejection(addToCart(db, owner, { productId: pendant, ...mGoldTeal }))
  expect((refused as Invalid).errors.quantity).toEqual(['Only 1 quantity can be added for this item'])
  const cart = await addToCart(db, owner, { productId: pendant, variety: 'M', option2: 'Silver', color: 'Teal', quantity: 3 })
  expect(cart.items.map((line) => [line.option2, line.quantity, line.totalStock, line.available])).toEqual([
    ['Gold', 1, 1, true],
    ['Silver', 3, 6, true],
  ])
})

it('holds the last M gold teal for exactly one of 50 checkouts at once; the silver chain is unaffected', async () => {
  const line = { productId: pendant, title: 'Moon pendant', ...mGoldTeal, quantity: 1 }
  const results = await Promise.allSettled(
    shoppers.map((user, i) => db.transaction().execute((trx) => holdStock(trx, { orderId: `o${i}`, userId: user.id, lines: [line] }))),
  )
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
  expect(refusals).toHaveLength(SHOPPERS - 1)
  for (const reason of refusals) expect(reason).toBeInstanceOf(StockNotHeld)
  const holds = await db.selectFrom('stock_holds').select(['variety_name', 'option2', 'color', 'quantity']).execute()
  expect(holds).toEqual([{ variety_name: 'M', option2: 'Gold', color: 'Teal', quantity: 1 }])
  // A shopper who was not in the race can still hold the silver chain in the same size and colour.
  await insertUsers(db, [{ id: 'late', userName: 'Late', email: 'late@example.com' }])
  await insertOrder(db, { id: 'o-late', user: { id: 'late', userName: 'Late', email: 'late@example.com' }, date: new Date(), status: 'pending', paymentStatus: 'pending' })
  await db.transaction().execute((trx) => holdStock(trx, { orderId: 'o-late', userId: 'late', lines: [{ ...line, option2: 'Silver', quantity: 6 }] }))
  const shop = await getProduct(db, pendant)
  expect(shop.variants.find((v) => v.variety === 'M' && v.option2 === 'Gold' && v.color === 'Teal')?.available).toBe(0)
  expect(shop.variants.find((v) => v.variety === 'S' && v.option2 === 'Gold' && v.color === 'Teal')?.available).toBe(3)
})

it('an edit without the group keeps it and its variants; one that names another chain drops the gone one', async () => {
  const { options2: _, option2Label: __, ...older } = pendantInput
  const kept = await updateProduct(db, pendant, { ...older, varieties: older.varieties.map(({ byOption2: _b, ...v }) => v) })
  expect(kept.option2?.options).toEqual(['Gold', 'Silver'])
  expect(kept.variants).toHaveLength(7)
  // Stock given by option alone (the product sheet's grid) does not overwrite the combinations.
  const sheet = await updateProduct(db, pendant, { ...older, varieties: older.varieties.map(({ byOption2: _b, ...v }) => ({ ...v, stockByColor: { Teal: 9 } })) })
  expect(sheet.variants).toHaveLength(7)
  expect(sheet.totalStock).toBe(23)
  const renamed = await updateProduct(db, pendant, { ...older, options2: ['Gold'], option2Label: 'Chain', varieties: older.varieties.map(({ byOption2: _b, ...v }) => v) })
  expect(renamed.option2?.options).toEqual(['Gold'])
  expect(renamed.variants.every((v) => v.option2 === 'Gold')).toBe(true)
  expect(renamed.totalStock).toBe(11)
})

it('refuses stock per second option that names no option of the group, and a group without a name', () => {
  const bad = productSchema.safeParse({
    ...pendantInput,
    price: 900,
    option2Label: '',
    varieties: [{ name: 'S', price: 800, byOption2: { Copper: { stock: 1 } } }],
  })
  expect(bad.success).toBe(false)
  const messages = bad.error?.issues.map((issue) => issue.message) ?? []
  expect(messages).toContain('Name the second option group')
  expect(messages).toContain('Not an option of the second group: Copper')
})
