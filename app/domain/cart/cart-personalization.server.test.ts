// Personalised pieces in the cart (docs/decisions/069-personalised-pieces.md): two different names
// are two lines drawing on one variant's stock, the add-on is the server's, and bad values change
// nothing.
import { expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { asha, insertUsers } from '../../../tests/helpers/fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { withTestDb } from '../../../tests/helpers/test-db'
import { productSchema } from '~/schemas/product'
import { createProduct, updateProduct } from '~/domain/catalog/admin-products.server'
import { getProduct } from '~/domain/catalog/catalog.server'
import { Invalid } from '~/domain/errors'
import { addToCart, removeCartLines, setLineQuantity } from './cart-edits.server'
import { getCart } from './cart.server'

let db: DB
let pendant: string
let plain: string
const shopper = { userId: asha.id }

const product = (fields: Record<string, unknown>) =>
  productSchema.parse({ description: 'Resin', category: 'jewellery', price: 500, totalStock: 0, ...fields })

const NAME = 'Name to engrave'
const DATE = 'Date'

withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha])
  pendant = (
    await createProduct(
      db,
      product({
        title: 'Name pendant',
        varietyType: 'size',
        varieties: [
          { name: 'Small', price: 500, salePrice: 450, stock: 2 },
          { name: 'Large', price: 900, stock: 5 },
        ],
        personalization: [
          { label: NAME, kind: 'text', maxLength: 12, required: true, pricePaise: 5000 },
          { label: DATE, kind: 'date', required: false, pricePaise: 2500 },
        ],
      }),
    )
  ).id
  plain = (await createProduct(db, product({ title: 'Coaster', totalStock: 4 }))).id
})

async function refusal(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await rejection(promise)
  expect(error).toBeInstanceOf(Invalid)
  return (error as Invalid).errors
}

it('keeps two different names as two lines that share the variant stock', async () => {
  await addToCart(db, shopper, { productId: pendant, variety: 'Small', personalization: { [NAME]: 'Priya' } })
  await addToCart(db, shopper, { productId: pendant, variety: 'Small', personalization: { [NAME]: 'प्रिया' } })
  // The same name again raises its own line.
  const cart = await getCart(db, shopper)
  expect(cart.items.map((line) => [line.variety, line.personalization, line.quantity])).toEqual([
    ['Small', { [NAME]: 'Priya' }, 1],
    ['Small', { [NAME]: 'प्रिया' }, 1],
  ])
  // Small has 2: both lines together hold them, a third name is refused.
  expect(await refusal(addToCart(db, shopper, { productId: pendant, variety: 'Small', personalization: { [NAME]: 'தமிழ்' } }))).toEqual({
    quantity: ['Only 2 quantity can be added for this item'],
  })
  expect(await refusal(setLineQuantity(db, shopper, { lineId: cart.items[0]?.id ?? '' }, 2))).toEqual({
    quantity: ['Only 1 Quantity Can be Added for this Item'],
  })
  // The Large size is not held back.
  const large = await addToCart(db, shopper, { productId: pendant, variety: 'Large', quantity: 5, personalization: { [NAME]: 'Priya' } })
  expect(large.items).toHaveLength(3)
})

it('prices the filled fields on top of the option (sale price too), on the server', async () => {
  const cart = await addToCart(db, shopper, {
    productId: pendant,
    variety: 'Small',
    personalization: { [NAME]: ' Priya ', [DATE]: '2026-02-14' },
  })
  const line = cart.items[0]
  expect(line?.personalization).toEqual({ [NAME]: 'Priya', [DATE]: '2026-02-14' })
  // 450 sale + 50 + 25 = 525; the price 500 + 75.
  expect([line?.pricePaise, line?.salePricePaise, line?.unitPricePaise, cart.totalPaise]).toEqual([57_500, 52_500, 52_500, 52_500])
  const large = await addToCart(db, shopper, { productId: pendant, variety: 'Large', personalization: [' Ravi'] })
  expect(large.items[1]).toMatchObject({ personalization: { [NAME]: 'Ravi' }, unitPricePaise: 95_000, salePricePaise: 0 })
})

it('refuses a missing, too long, control-character or unreal-date value by field, and changes nothing', async () => {
  const add = (personalization: Record<string, unknown> | unknown[] | undefined) =>
    refusal(addToCart(db, shopper, { productId: pendant, variety: 'Small', personalization }))
  expect(await add(undefined)).toEqual({ personalization0: [`Please fill in ${NAME}.`] })
  expect(await add({ [NAME]: '   ' })).toEqual({ personalization0: [`Please fill in ${NAME}.`] })
  expect(await add({ [NAME]: 'Priyadarshini S' })).toEqual({ personalization0: [`${NAME} can be at most 12 characters.`] })
  expect(await add({ [NAME]: 'Pri\u0007ya' })).toEqual({ personalization0: [`${NAME} cannot contain control characters.`] })
  expect(await add({ [NAME]: 'Priya\u202Eevil' })).toEqual({ personalization0: [`${NAME} cannot contain control characters.`] })
  expect(await add({ [NAME]: 'Priya', [DATE]: '2026-02-30' })).toEqual({ personalization1: [`${DATE} must be a date (YYYY-MM-DD).`] })
  expect(await add({ [NAME]: 'Priya', Colour: 'Red' })).toEqual({ personalization: ['This piece has no personalisation called Colour.'] })
  expect(await add({ [NAME]: 42 })).toEqual({ personalization0: [`${NAME} must be text.`] })
  expect((await getCart(db, shopper)).items).toEqual([])
})

it('counts a Tamil or Hindi name by its letters, and keeps it NFC', async () => {
  // 'தமிழ்செல்வி' is 11 code points; NFD 'é' becomes one.
  const cart = await addToCart(db, shopper, { productId: pendant, variety: 'Large', personalization: { [NAME]: 'தமிழ்செல்வி' } })
  expect(cart.items[0]?.personalization).toEqual({ [NAME]: 'தமிழ்செல்வி' })
  const nfd = await addToCart(db, shopper, { productId: pendant, variety: 'Large', personalization: { [NAME]: 'Rene\u0301e' } })
  expect(nfd.items[1]?.personalization[NAME]).toBe('Ren\u00e9e')
})

it('takes a plain piece as before, without personalisation, and refuses one it does not ask for', async () => {
  const cart = await addToCart(db, shopper, { productId: plain, quantity: 2 })
  expect(cart.items[0]).toMatchObject({ personalization: {}, quantity: 2, unitPricePaise: 50_000 })
  expect(await refusal(addToCart(db, shopper, { productId: plain, personalization: { Name: 'Priya' } }))).toEqual({
    personalization: ['This piece has no personalisation called Name.'],
  })
})

it('picks the line by its personalisation for an update, and a paid order takes out only its own lines', async () => {
  await addToCart(db, shopper, { productId: pendant, variety: 'Large', personalization: { [NAME]: 'Priya' } })
  await addToCart(db, shopper, { productId: pendant, variety: 'Large', personalization: { [NAME]: 'Ravi' } })
  expect(await refusal(setLineQuantity(db, shopper, { productId: pendant, variety: 'Large' }, 2))).toHaveProperty('variety')
  const cart = await setLineQuantity(db, shopper, { productId: pendant, variety: 'Large', personalization: { [NAME]: 'Ravi ' } }, 3)
  expect(cart.items.map((line) => [line.personalization[NAME], line.quantity])).toEqual([
    ['Priya', 1],
    ['Ravi', 3],
  ])
  await removeCartLines(db, shopper, [{ productId: pendant, variety: 'Large', color: '', personalization: JSON.stringify({ [NAME]: 'Priya' }) }])
  expect((await getCart(db, shopper)).items.map((line) => line.personalization[NAME])).toEqual(['Ravi'])
})

it('marks a line whose field the owner removed as one to add again', async () => {
  await addToCart(db, shopper, { productId: pendant, variety: 'Large', personalization: { [NAME]: 'Priya', [DATE]: '2026-02-14' } })
  const current = await getProduct(db, pendant, 'shelf')
  await updateProduct(
    db,
    pendant,
    product({
      title: current.title,
      varietyType: 'size',
      varieties: [
        { name: 'Small', price: 500, salePrice: 450 },
        { name: 'Large', price: 900 },
      ],
      personalization: [{ label: NAME, maxLength: 12, required: true, pricePaise: 5000 }],
    }),
  )
  const [line] = (await getCart(db, shopper)).items
  expect(line).toMatchObject({ available: false, problem: 'This option is no longer available.' })
})
