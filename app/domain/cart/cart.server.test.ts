// The cart service on a fresh database per test, with a small hand-made catalogue (not the demo seed).
import { describe, expect, it } from 'vitest'
import { setClock, setDomainSettings } from '../../../tests/helpers/domain-settings'
import { asha as ashaUser, insertProducts, insertUsers, type ProductFixture, ravi as raviUser } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { rejection } from '../../../tests/helpers/rejection'
import type { DB } from '../../../db/database'
import { addToCart, clearCart, removeLine, removeProductLines, setLineQuantity, stepLineQuantity } from './cart-edits.server'
import { type Cart, type CartOwner, countCartLines, getCart } from './cart.server'
import { deleteStaleGuestCarts, GUEST_CART_TTL_DAYS, mergeGuestCart } from './guest-carts.server'
import { Invalid, NotFound } from '~/domain/errors'

/** Prices in paise. */
const PRODUCTS: ProductFixture[] = [
  // No variety, no colors.
  { id: 'plain', title: 'Plain coaster', price: 50_000, stock: 5, images: ['/img/plain-1.webp', '/img/plain-2.webp'] },
  // On sale.
  { id: 'sale', price: 100_000, sale: 80_000, stock: 10 },
  // Sizes and colors; both sizes share the product's stock of 3.
  {
    id: 'sized',
    price: 99_900,
    sale: 10_000,
    stock: 3,
    varietyType: 'size',
    varieties: [
      { name: 'Small', price: 30_000 },
      { name: 'Large', price: 60_000, sale: 45_000 },
    ],
    colors: ['Red', 'Blue'],
  },
  // Colors only.
  { id: 'colored', price: 20_000, stock: 4, colors: ['Green'] },
  // Packs only.
  { id: 'packs', price: 40_000, stock: 20, varietyType: 'pack', varieties: [{ name: 'Pack of 2', price: 70_000 }] },
  // Plenty of stock, for the per-line limit.
  { id: 'bulk', price: 1_000, stock: 500 },
]

let db: DB
const asha: CartOwner = { userId: ashaUser.id }
const ravi: CartOwner = { userId: raviUser.id }
const guest: CartOwner = { guestId: 'guest-1' }

withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [ashaUser, raviUser])
  await insertProducts(db, PRODUCTS)
})

async function invalid(promise: Promise<unknown>): Promise<Invalid> {
  const error = await rejection(promise)
  expect(error).toBeInstanceOf(Invalid)
  return error as Invalid
}

/** Adds each line in turn to the owner's cart; answers the cart after the last. */
async function fill(owner: CartOwner, lines: Parameters<typeof addToCart>[2][]): Promise<Cart> {
  let cart = await getCart(db, owner)
  for (const line of lines) cart = await addToCart(db, owner, line)
  return cart
}

const summary = (cart: Cart) => cart.items.map((i) => [i.productId, i.variety, i.color, i.quantity])

function lineOf(cart: Cart, productId: string, variety = '', color = '') {
  const line = cart.items.find((i) => i.productId === productId && i.variety === variety && i.color === color)
  if (!line) throw new Error(`No line ${productId}/${variety}/${color}`)
  return line
}

async function setStock(productId: string, stock: number) {
  await db.updateTable('products').set({ total_stock: stock }).where('id', '=', productId).execute()
}

describe('addToCart', () => {
  it('adds one by default and answers the cart with the line', async () => {
    const cart = await addToCart(db, asha, { productId: 'plain' })
    expect(cart.id).toEqual(expect.any(String))
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]).toMatchObject({
      productId: 'plain',
      title: 'Plain coaster',
      image: '/img/plain-1.webp',
      varietyType: null,
      variety: '',
      color: '',
      quantity: 1,
      pricePaise: 50_000,
      salePricePaise: 0,
      unitPricePaise: 50_000,
      lineTotalPaise: 50_000,
      totalStock: 5,
      available: true,
      problem: null,
    })
    expect(cart.totalPaise).toBe(50_000)
  })

  it('raises the quantity for the same product, variety and color', async () => {
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red' })
    const cart = await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red', quantity: 2 })
    expect(summary(cart)).toEqual([['sized', 'Small', 'Red', 3]])
  })

  it('makes a new line for another variety or another color', async () => {
    const cart = await fill(asha, [
      { productId: 'sized', variety: 'Small', color: 'Red' },
      { productId: 'sized', variety: 'Large', color: 'Red' },
      { productId: 'sized', variety: 'Small', color: 'Blue' },
    ])
    expect(summary(cart)).toEqual([
      ['sized', 'Small', 'Red', 1],
      ['sized', 'Large', 'Red', 1],
      ['sized', 'Small', 'Blue', 1],
    ])
  })

  it('keeps each owner to their own cart', async () => {
    await addToCart(db, asha, { productId: 'plain' })
    await addToCart(db, ravi, { productId: 'sale', quantity: 2 })
    expect(summary(await getCart(db, asha))).toEqual([['plain', '', '', 1]])
    expect(summary(await getCart(db, ravi))).toEqual([['sale', '', '', 2]])
  })

  it('requires a variety when the product has options, and one of them', async () => {
    const missing = await invalid(addToCart(db, asha, { productId: 'sized', color: 'Red' }))
    expect(missing.errors).toEqual({ variety: ['Please choose one of the Size Options.'] })
    const unknown = await invalid(addToCart(db, asha, { productId: 'sized', variety: 'Huge', color: 'Red' }))
    expect(unknown.errors).toEqual({ variety: ['This option is not available.'] })
    const packs = await invalid(addToCart(db, asha, { productId: 'packs' }))
    expect(packs.errors.variety).toEqual(['Please choose one of the Pack Options.'])
    expect(await countCartLines(db, asha)).toBe(0)
  })

  it("speaks of the option group by the owner's own name for it, in the message and on the line", async () => {
    await db.updateTable('products').set({ option_label: 'Chain' }).where('id', '=', 'sized').execute()
    const missing = await invalid(addToCart(db, asha, { productId: 'sized', color: 'Red' }))
    expect(missing.errors).toEqual({ variety: ['Please choose one of the Chain Options.'] })
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red' })
    await addToCart(db, asha, { productId: 'packs', variety: 'Pack of 2' })
    await addToCart(db, asha, { productId: 'plain' })
    const labels = (await getCart(db, asha)).items.map((l) => [l.productId, l.optionLabel])
    expect(labels).toEqual([
      ['sized', 'Chain'],
      ['packs', 'Pack'],
      ['plain', ''],
    ])
  })

  it('requires a color when the product has colors, and one of them', async () => {
    const missing = await invalid(addToCart(db, asha, { productId: 'colored' }))
    expect(missing.errors).toEqual({ color: ['Please choose one of the Color Options.'] })
    const unknown = await invalid(addToCart(db, asha, { productId: 'colored', color: 'Purple' }))
    expect(unknown.errors).toEqual({ color: ['This color is not available.'] })
    const both = await invalid(addToCart(db, asha, { productId: 'sized' }))
    expect(Object.keys(both.errors).sort()).toEqual(['color', 'variety'])
    expect(await countCartLines(db, asha)).toBe(0)
  })

  it('ignores a variety or color for a product that has none', async () => {
    await addToCart(db, asha, { productId: 'plain', variety: 'Large', color: 'Red' })
    const cart = await addToCart(db, asha, { productId: 'plain' })
    expect(summary(cart)).toEqual([['plain', '', '', 2]])
  })

  it('refuses quantities that are not whole numbers from 1 to 99', async () => {
    for (const quantity of [0, -1, 1.5, 100, Number.NaN]) {
      const error = await invalid(addToCart(db, asha, { productId: 'bulk', quantity }))
      expect(error.errors.quantity).toBeDefined()
    }
    expect(await countCartLines(db, asha)).toBe(0)
  })

  it('caps one line at 99 even with more stock (and a per-order limit that high)', async () => {
    setDomainSettings({ checkout: { maxUnitsPerOrder: 99 } })
    await addToCart(db, asha, { productId: 'bulk', quantity: 99 })
    const error = await invalid(addToCart(db, asha, { productId: 'bulk' }))
    expect(error.message).toBe('Only 99 quantity can be added for this item')
  })

  it('answers NotFound for a deleted or unknown product', async () => {
    await db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', 'plain').execute()
    expect(await rejection(addToCart(db, asha, { productId: 'plain' }))).toBeInstanceOf(NotFound)
    expect(await rejection(addToCart(db, asha, { productId: 'nope' }))).toBeInstanceOf(NotFound)
    expect(await countCartLines(db, asha)).toBe(0)
  })

  it('never takes a price from the client', async () => {
    const input = { productId: 'sale', price: 1, salePrice: 1, total: 1 }
    const cart = await addToCart(db, asha, input)
    expect(cart.items[0]).toMatchObject({ pricePaise: 100_000, salePricePaise: 80_000, unitPricePaise: 80_000 })
    expect(cart.totalPaise).toBe(80_000)
  })
})

describe('prices and totals', () => {
  it('uses the sale price when above 0, else the price', async () => {
    const cart = await addToCart(db, asha, { productId: 'sale', quantity: 2 })
    expect(lineOf(cart, 'sale')).toMatchObject({ unitPricePaise: 80_000, lineTotalPaise: 160_000 })
  })

  it("lets a variety's price (and its sale price) override the product's", async () => {
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red' })
    const cart = await addToCart(db, asha, { productId: 'sized', variety: 'Large', color: 'Blue', quantity: 2 })
    // The product's own sale price (100.00) does not apply to a variety.
    expect(lineOf(cart, 'sized', 'Small', 'Red')).toMatchObject({
      varietyType: 'size',
      pricePaise: 30_000,
      salePricePaise: 0,
      unitPricePaise: 30_000,
    })
    expect(lineOf(cart, 'sized', 'Large', 'Blue')).toMatchObject({
      pricePaise: 60_000,
      salePricePaise: 45_000,
      unitPricePaise: 45_000,
      lineTotalPaise: 90_000,
    })
  })

  it('sums the lines into the total, at current prices', async () => {
    await addToCart(db, asha, { productId: 'plain', quantity: 2 }) // 100000
    await addToCart(db, asha, { productId: 'sale' }) // 80000
    await addToCart(db, asha, { productId: 'packs', variety: 'Pack of 2', quantity: 3 }) // 210000
    expect((await getCart(db, asha)).totalPaise).toBe(390_000)
    await db.updateTable('products').set({ sale_price_paise: 40_000 }).where('id', '=', 'plain').execute()
    const cart = await getCart(db, asha)
    expect(lineOf(cart, 'plain').unitPricePaise).toBe(40_000)
    expect(cart.totalPaise).toBe(370_000)
  })

  it('answers an empty cart for an owner without one', async () => {
    expect(await getCart(db, ravi)).toEqual({ id: null, items: [], totalPaise: 0 })
    expect(await getCart(db, guest)).toEqual({ id: null, items: [], totalPaise: 0 })
  })
})

describe('stock limits', () => {
  it('caps all lines of one product together at its stock when adding', async () => {
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red', quantity: 2 })
    await addToCart(db, asha, { productId: 'sized', variety: 'Large', color: 'Red' })
    // n is the line's current quantity.
    const sameLine = await invalid(addToCart(db, asha, { productId: 'sized', variety: 'Large', color: 'Red' }))
    expect(sameLine.message).toBe('Only 1 quantity can be added for this item')
    expect(sameLine.errors).toEqual({ quantity: ['Only 1 quantity can be added for this item'] })
    // A new line has no quantity yet: n is what the cart holds of the product.
    const newLine = await invalid(addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Blue' }))
    expect(newLine.message).toBe('Only 3 quantity can be added for this item')
    expect(summary(await getCart(db, asha))).toEqual([
      ['sized', 'Small', 'Red', 2],
      ['sized', 'Large', 'Red', 1],
    ])
  })

  it('refuses a first add above the stock', async () => {
    const error = await invalid(addToCart(db, asha, { productId: 'plain', quantity: 6 }))
    expect(error.message).toBe('Only 0 quantity can be added for this item')
    await addToCart(db, asha, { productId: 'plain', quantity: 5 })
  })

  it('caps setLineQuantity across the lines of the product, with the cart wording', async () => {
    const added = await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red', quantity: 2 })
    await addToCart(db, asha, { productId: 'sized', variety: 'Large', color: 'Red' })
    const small = lineOf(added, 'sized', 'Small', 'Red')
    const error = await invalid(setLineQuantity(db, asha, { lineId: small.id }, 3))
    expect(error.message).toBe('Only 2 Quantity Can be Added for this Item')
    expect(error.errors).toEqual({ quantity: ['Only 2 Quantity Can be Added for this Item'] })
    // Lowering is always allowed.
    const lowered = await setLineQuantity(db, asha, { productId: 'sized', variety: 'Small', color: 'Red' }, 1)
    expect(lineOf(lowered, 'sized', 'Small', 'Red').quantity).toBe(1)
    const raised = await setLineQuantity(db, asha, { productId: 'sized', variety: 'Large', color: 'Red' }, 2)
    expect(summary(raised)).toEqual([
      ['sized', 'Small', 'Red', 1],
      ['sized', 'Large', 'Red', 2],
    ])
  })

  it('setLineQuantity refuses bad quantities and unknown lines', async () => {
    const cart = await addToCart(db, asha, { productId: 'plain' })
    const lineId = lineOf(cart, 'plain').id
    for (const quantity of [0, -1, 2.5, 100]) {
      expect((await invalid(setLineQuantity(db, asha, { lineId }, quantity))).errors.quantity).toBeDefined()
    }
    expect(await rejection(setLineQuantity(db, asha, { lineId: 'nope' }, 1))).toBeInstanceOf(NotFound)
    expect(await rejection(setLineQuantity(db, asha, { productId: 'sale' }, 1))).toBeInstanceOf(NotFound)
    // Another owner cannot reach the line by its id.
    expect(await rejection(setLineQuantity(db, ravi, { lineId }, 2))).toBeInstanceOf(NotFound)
    expect(lineOf(await getCart(db, asha), 'plain').quantity).toBe(1)
  })

  it('asks which line when a product selector matches several', async () => {
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red' })
    await addToCart(db, asha, { productId: 'sized', variety: 'Large', color: 'Red' })
    const error = await invalid(setLineQuantity(db, asha, { productId: 'sized' }, 2))
    expect(error.errors.variety).toBeDefined()
    const byColorOnly = await invalid(setLineQuantity(db, asha, { productId: 'sized', color: 'Red' }, 2))
    expect(byColorOnly.errors.variety).toBeDefined()
    const picked = await setLineQuantity(db, asha, { productId: 'sized', variety: 'Large' }, 2)
    expect(lineOf(picked, 'sized', 'Large', 'Red').quantity).toBe(2)
  })

  it('stepLineQuantity goes up by one, and never below 1', async () => {
    const cart = await addToCart(db, asha, { productId: 'plain' })
    const lineId = lineOf(cart, 'plain').id
    expect(lineOf(await stepLineQuantity(db, asha, lineId, -1), 'plain').quantity).toBe(1)
    expect(lineOf(await stepLineQuantity(db, asha, lineId, 1), 'plain').quantity).toBe(2)
    expect(lineOf(await stepLineQuantity(db, asha, lineId, -1), 'plain').quantity).toBe(1)
    expect(await rejection(stepLineQuantity(db, asha, 'nope', 1))).toBeInstanceOf(NotFound)
  })

  it('stepLineQuantity refuses to go above the stock', async () => {
    const cart = await addToCart(db, asha, { productId: 'colored', color: 'Green', quantity: 4 })
    const error = await invalid(stepLineQuantity(db, asha, lineOf(cart, 'colored', '', 'Green').id, 1))
    expect(error.message).toBe('Only 4 Quantity Can be Added for this Item')
  })

  it('ten parallel adds of a product with stock 3 end with 3 in the cart and 7 refusals', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red' }),
      ),
    )
    const refused = results.filter((r) => r.status === 'rejected')
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
    expect(refused).toHaveLength(7)
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(Invalid)
    expect(summary(await getCart(db, asha))).toEqual([['sized', 'Small', 'Red', 3]])
  })
})

describe('the per-order limit (MAX_UNITS_PER_ORDER, ADR 050)', () => {
  const limit = 'At most 10 of this item per order.'

  it('refuses more than 10 of one product, its lines together, whatever the stock, with its own message', async () => {
    await insertProducts(db, [
      { id: 'many', price: 5_000, stock: 100, varietyType: 'size', varieties: [{ name: 'Small', price: 5_000 }, { name: 'Large', price: 9_000 }] },
    ])
    expect((await invalid(addToCart(db, asha, { productId: 'bulk', quantity: 11 }))).errors).toEqual({ quantity: [limit] })
    const cart = await addToCart(db, asha, { productId: 'bulk', quantity: 10 })
    expect((await invalid(addToCart(db, asha, { productId: 'bulk' }))).message).toBe(limit)
    const bulk = lineOf(cart, 'bulk')
    expect((await invalid(stepLineQuantity(db, asha, bulk.id, 1))).message).toBe(limit)
    expect((await invalid(setLineQuantity(db, asha, { lineId: bulk.id }, 11))).message).toBe(limit)
    // Lowering is always allowed; another product has its own 10.
    await setLineQuantity(db, asha, { lineId: bulk.id }, 9)
    await addToCart(db, asha, { productId: 'sale', quantity: 10 })
    // The lines of one product share the limit.
    await addToCart(db, asha, { productId: 'many', variety: 'Small', quantity: 6 })
    expect((await invalid(addToCart(db, asha, { productId: 'many', variety: 'Large', quantity: 5 }))).message).toBe(limit)
    await addToCart(db, asha, { productId: 'many', variety: 'Large', quantity: 4 })
    expect(summary(await getCart(db, asha))).toEqual([
      ['bulk', '', '', 9],
      ['sale', '', '', 10],
      ['many', 'Small', '', 6],
      ['many', 'Large', '', 4],
    ])
    // When the stock stops the shopper first, its own message still says so.
    expect((await invalid(addToCart(db, ravi, { productId: 'plain', quantity: 6 }))).message).toBe('Only 0 quantity can be added for this item')
  })

  it('merges a guest cart up to the limit', async () => {
    await addToCart(db, asha, { productId: 'bulk', quantity: 5 })
    await addToCart(db, guest, { productId: 'bulk', quantity: 8 })
    await mergeGuestCart(db, 'guest-1', 'u-asha')
    expect(summary(await getCart(db, asha))).toEqual([['bulk', '', '', 10]])
  })

  it('shows lines over the limit (a cart filled before it was lowered) as not buyable, with the message', async () => {
    await addToCart(db, asha, { productId: 'bulk', quantity: 6 })
    await addToCart(db, asha, { productId: 'plain', quantity: 2 })
    setDomainSettings({ checkout: { maxUnitsPerOrder: 4 } })
    const cart = await getCart(db, asha)
    expect(lineOf(cart, 'bulk')).toMatchObject({ available: false, shortOfStock: false, problem: 'At most 4 of this item per order.' })
    expect(lineOf(cart, 'plain')).toMatchObject({ available: true, problem: null })
    expect(cart.totalPaise).toBe(2 * 50_000)
  })
})

describe('removeLine', () => {
  it('removes a line by its id or by product, variety and color', async () => {
    const first = await addToCart(db, asha, { productId: 'plain' })
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red' })
    await addToCart(db, asha, { productId: 'sized', variety: 'Large', color: 'Blue' })
    const afterId = await removeLine(db, asha, { lineId: lineOf(first, 'plain').id })
    expect(summary(afterId)).toEqual([
      ['sized', 'Small', 'Red', 1],
      ['sized', 'Large', 'Blue', 1],
    ])
    expect((await invalid(removeLine(db, asha, { productId: 'sized' }))).errors.variety).toBeDefined()
    const afterSelector = await removeLine(db, asha, { productId: 'sized', variety: 'Large', color: 'Blue' })
    expect(summary(afterSelector)).toEqual([['sized', 'Small', 'Red', 1]])
    const last = await removeLine(db, asha, { productId: 'sized' })
    expect(last.items).toEqual([])
    expect(last.totalPaise).toBe(0)
  })

  it('answers NotFound for a line that is not there', async () => {
    expect(await rejection(removeLine(db, asha, { productId: 'plain' }))).toBeInstanceOf(NotFound)
    await addToCart(db, asha, { productId: 'plain' })
    expect(await rejection(removeLine(db, asha, { productId: 'sale' }))).toBeInstanceOf(NotFound)
    expect(await rejection(removeLine(db, asha, { productId: 'plain', color: 'Red' }))).toBeInstanceOf(NotFound)
    const line = lineOf(await getCart(db, asha), 'plain')
    expect(await rejection(removeLine(db, ravi, { lineId: line.id }))).toBeInstanceOf(NotFound)
    expect(await countCartLines(db, asha)).toBe(1)
  })
})

describe('removeProductLines', () => {
  it("removes every line of the product, or only those of the given variety and color", async () => {
    await fill(asha, [
      { productId: 'plain' },
      { productId: 'sized', variety: 'Small', color: 'Red' },
      { productId: 'sized', variety: 'Small', color: 'Blue' },
      { productId: 'sized', variety: 'Large', color: 'Blue' },
    ])
    const narrowed = await removeProductLines(db, asha, { productId: 'sized', variety: 'Small', color: 'Blue' })
    expect(summary(narrowed)).toEqual([
      ['plain', '', '', 1],
      ['sized', 'Small', 'Red', 1],
      ['sized', 'Large', 'Blue', 1],
    ])
    const all = await removeProductLines(db, asha, { productId: 'sized' })
    expect(summary(all)).toEqual([['plain', '', '', 1]])
  })

  it('answers NotFound when no line matches, changing nothing', async () => {
    expect(await rejection(removeProductLines(db, asha, { productId: 'plain' }))).toBeInstanceOf(NotFound)
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red' })
    expect(await rejection(removeProductLines(db, asha, { productId: 'sized', variety: 'Large' }))).toBeInstanceOf(NotFound)
    expect(await rejection(removeProductLines(db, ravi, { productId: 'sized' }))).toBeInstanceOf(NotFound)
    expect(await countCartLines(db, asha)).toBe(1)
  })
})

describe('lines that can no longer be bought', () => {
  it('shows a deleted product as unavailable, outside the total, without crashing', async () => {
    await addToCart(db, asha, { productId: 'plain' })
    await addToCart(db, asha, { productId: 'sale' })
    await db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', 'plain').execute()
    const cart = await getCart(db, asha)
    expect(lineOf(cart, 'plain')).toMatchObject({ available: false, problem: 'This item is no longer available.' })
    expect(lineOf(cart, 'sale').available).toBe(true)
    expect(cart.totalPaise).toBe(80_000)
    // It can still be removed.
    const after = await removeLine(db, asha, { productId: 'plain' })
    expect(summary(after)).toEqual([['sale', '', '', 1]])
  })

  it('shows a line as unavailable when the stock drops to 0 or below the quantity', async () => {
    await addToCart(db, asha, { productId: 'plain', quantity: 3 })
    await addToCart(db, asha, { productId: 'sale' })
    await setStock('plain', 2)
    let cart = await getCart(db, asha)
    expect(lineOf(cart, 'plain')).toMatchObject({ available: false, problem: 'Only 2 left in stock.', totalStock: 2 })
    expect(cart.totalPaise).toBe(80_000)
    // Lowering the quantity to the stock makes it available again.
    cart = await setLineQuantity(db, asha, { productId: 'plain' }, 2)
    expect(lineOf(cart, 'plain').available).toBe(true)
    expect(cart.totalPaise).toBe(180_000)
    await setStock('plain', 0)
    cart = await getCart(db, asha)
    expect(lineOf(cart, 'plain')).toMatchObject({ available: false, problem: 'Out of stock.' })
    expect(cart.totalPaise).toBe(80_000)
  })

  it('marks every line of a product unavailable when together they exceed its stock', async () => {
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red', quantity: 2 })
    await addToCart(db, asha, { productId: 'sized', variety: 'Large', color: 'Red' })
    await setStock('sized', 2)
    const cart = await getCart(db, asha)
    expect(cart.items.map((i) => i.available)).toEqual([false, false])
    expect(cart.totalPaise).toBe(0)
  })

  it('shows a line as unavailable when its variety or color was removed from the product', async () => {
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red' })
    await addToCart(db, asha, { productId: 'sized', variety: 'Large', color: 'Blue' })
    await db.deleteFrom('product_varieties').where('product_id', '=', 'sized').where('name', '=', 'Small').execute()
    await db.deleteFrom('product_colors').where('product_id', '=', 'sized').where('name', '=', 'Blue').execute()
    const cart = await getCart(db, asha)
    expect(lineOf(cart, 'sized', 'Small', 'Red')).toMatchObject({
      available: false,
      problem: 'This option is no longer available.',
    })
    expect(lineOf(cart, 'sized', 'Large', 'Blue')).toMatchObject({
      available: false,
      problem: 'This option is no longer available.',
    })
    expect(cart.totalPaise).toBe(0)
  })
})

describe('mergeGuestCart', () => {
  it('adds quantities for the same line and moves new lines', async () => {
    await addToCart(db, asha, { productId: 'sale', quantity: 2 })
    await addToCart(db, guest, { productId: 'sale', quantity: 3 })
    await addToCart(db, guest, { productId: 'sized', variety: 'Large', color: 'Blue' })
    await mergeGuestCart(db, 'guest-1', 'u-asha')
    expect(summary(await getCart(db, asha))).toEqual([
      ['sale', '', '', 5],
      ['sized', 'Large', 'Blue', 1],
    ])
    expect(await getCart(db, guest)).toEqual({ id: null, items: [], totalPaise: 0 })
    expect(await db.selectFrom('carts').select('id').where('guest_id', '=', 'guest-1').execute()).toEqual([])
  })

  it('creates the user cart when the user had none', async () => {
    await addToCart(db, guest, { productId: 'plain', quantity: 2 })
    await mergeGuestCart(db, 'guest-1', 'u-ravi')
    expect(summary(await getCart(db, ravi))).toEqual([['plain', '', '', 2]])
  })

  it('caps the merged quantities at the stock, across lines of the product', async () => {
    await addToCart(db, asha, { productId: 'plain', quantity: 4 })
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red', quantity: 2 })
    await addToCart(db, guest, { productId: 'plain', quantity: 3 })
    await addToCart(db, guest, { productId: 'sized', variety: 'Large', color: 'Red', quantity: 3 })
    await mergeGuestCart(db, 'guest-1', 'u-asha')
    expect(summary(await getCart(db, asha))).toEqual([
      ['plain', '', '', 5],
      ['sized', 'Small', 'Red', 2],
      ['sized', 'Large', 'Red', 1],
    ])
  })

  it('skips lines of deleted or sold-out products, and still deletes the guest cart', async () => {
    await addToCart(db, guest, { productId: 'plain' })
    await addToCart(db, guest, { productId: 'sale' })
    await addToCart(db, guest, { productId: 'packs', variety: 'Pack of 2' })
    await db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', 'plain').execute()
    await setStock('sale', 0)
    await mergeGuestCart(db, 'guest-1', 'u-asha')
    expect(summary(await getCart(db, asha))).toEqual([['packs', 'Pack of 2', '', 1]])
    expect(await countCartLines(db, guest)).toBe(0)
  })

  it('does nothing without a guest cart', async () => {
    await addToCart(db, asha, { productId: 'plain' })
    await mergeGuestCart(db, 'no-such-guest', 'u-asha')
    expect(summary(await getCart(db, asha))).toEqual([['plain', '', '', 1]])
    await mergeGuestCart(db, 'no-such-guest', 'u-ravi')
    expect(await db.selectFrom('carts').select('id').where('user_id', '=', 'u-ravi').execute()).toEqual([])
  })
})

describe('clearCart, countCartLines and deleteStaleGuestCarts', () => {
  it('counts distinct lines, not items', async () => {
    expect(await countCartLines(db, asha)).toBe(0)
    await addToCart(db, asha, { productId: 'plain', quantity: 3 })
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Red' })
    await addToCart(db, asha, { productId: 'sized', variety: 'Small', color: 'Blue' })
    await addToCart(db, ravi, { productId: 'sale' })
    expect(await countCartLines(db, asha)).toBe(3)
    expect(await countCartLines(db, ravi)).toBe(1)
  })

  it("clearCart empties only the owner's cart", async () => {
    await addToCart(db, asha, { productId: 'plain', quantity: 2 })
    await addToCart(db, asha, { productId: 'sale' })
    await addToCart(db, ravi, { productId: 'sale' })
    await clearCart(db, asha)
    const cart = await getCart(db, asha)
    expect(cart.items).toEqual([])
    expect(cart.totalPaise).toBe(0)
    expect(await countCartLines(db, ravi)).toBe(1)
    await clearCart(db, { userId: 'nobody' })
  })

  it('deletes only guest carts untouched for the TTL', async () => {
    const day = 24 * 60 * 60 * 1000
    const start = Date.parse('2026-11-01T10:00:00.000Z')
    setClock(new Date(start))
    await addToCart(db, { guestId: 'old-guest' }, { productId: 'plain' })
    await addToCart(db, asha, { productId: 'plain' })
    // Touched a day later: its TTL counts from then.
    setClock(new Date(start + day))
    await addToCart(db, { guestId: 'new-guest' }, { productId: 'plain' })
    setClock(new Date(start + GUEST_CART_TTL_DAYS * day))
    expect(await deleteStaleGuestCarts(db)).toBe(0)
    setClock(new Date(start + GUEST_CART_TTL_DAYS * day + 1))
    expect(await deleteStaleGuestCarts(db)).toBe(1)
    expect(await countCartLines(db, { guestId: 'old-guest' })).toBe(0)
    expect(await countCartLines(db, { guestId: 'new-guest' })).toBe(1)
    expect(await countCartLines(db, asha)).toBe(1)
    // Lines went with their cart.
    const orphans = await db
      .selectFrom('cart_lines')
      .leftJoin('carts', 'carts.id', 'cart_lines.cart_id')
      .select('cart_lines.id')
      .where('carts.id', 'is', null)
      .execute()
    expect(orphans).toEqual([])
  })
})
