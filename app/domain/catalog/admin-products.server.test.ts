// The admin's catalogue service (create, edit, soft delete, form values) and the product schema
// that guards it, on a fresh database.
import { describe, expect, it } from 'vitest'
import { insertUsers, uploadUrl } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { rejection } from '../../../tests/helpers/rejection'
import type { DB } from '../../../db/database'
import { type ProductInput, productSchema } from '~/schemas/product'
import { createProduct, deleteProduct, toProductFormValues, updateProduct } from './admin-products.server'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { getCart } from '~/domain/cart/cart.server'
import { getProduct, listProducts, searchProducts } from './catalog.server'
import { NotFound } from '~/domain/errors'

const [IMG_A, IMG_B, IMG_C] = [uploadUrl('a', 1280), uploadUrl('b', 640), uploadUrl('c', 320)]

/** The form as an admin types it: rupees as text. */
const FORM = {
  title: 'Ocean wave coaster set',
  description: 'Four coasters with white resin waves.',
  category: 'home-decor',
  price: '1499.50',
  salePrice: '1199',
  totalStock: '12',
}

function input(overrides: Record<string, unknown> = {}): ProductInput {
  return productSchema.parse({ ...FORM, ...overrides })
}

/** Field -> messages for an invalid value, or null when it parses. */
function errorsOf(value: Record<string, unknown>): Record<string, string[]> | null {
  const result = productSchema.safeParse(value)
  if (result.success) return null
  const errors: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'body'
    errors[key] = [...(errors[key] ?? []), issue.message]
  }
  return errors
}

let db: DB
withTestDb((fresh) => {
  db = fresh
})

describe('createProduct', () => {
  it('stores a plain product in paise with its colours and images in order', async () => {
    const product = await createProduct(db, input({ colors: ['Teal', 'Gold'], images: [IMG_A, IMG_B] }))
    expect(product).toMatchObject({
      title: 'Ocean wave coaster set',
      description: 'Four coasters with white resin waves.',
      category: 'home-decor',
      pricePaise: 149_950,
      salePricePaise: 119_900,
      totalStock: 12,
      averageReview: 0,
      image: IMG_A,
      images: [IMG_A, IMG_B],
      colors: ['Teal', 'Gold'],
      variety: null,
      needsChoice: true,
    })
    expect(product.id).toMatch(/\S/)
    expect(await getProduct(db, product.id)).toEqual(product)
    expect((await listProducts(db)).items.map((p) => p.id)).toEqual([product.id])
  })

  it('stores no sale price as 0 and a product with no options needs no choice', async () => {
    const product = await createProduct(db, input({ salePrice: '' }))
    expect(product).toMatchObject({ salePricePaise: 0, colors: [], images: [], image: null, variety: null, needsChoice: false })
  })

  // Per variety type, the options as the admin types them (name, price, sale price) and the paise stored.
  it.each([
    ['choice options with their prices and sale prices', 'choice', [['Rose petals', '999', '899', 99_900, 89_900], ['Daisies', '1099.75', '', 109_975, 0]]],
    ['size options', 'size', [['Small', 500, 450, 50_000, 45_000], ['Large', 900, undefined, 90_000, 0]]],
    ['packs with their price only: a pack sale price is forced to 0', 'pack', [['Pack of 2', 700, 650, 70_000, 0], ['Pack of 4', 1300, undefined, 130_000, 0]]],
  ] as const)('stores %s', async (_what, type, rows) => {
    const varieties = rows.map(([name, price, salePrice]) => ({ name, price, salePrice }))
    const product = await createProduct(db, input({ varietyType: type, varieties }))
    const options = rows.map(([name, , , pricePaise, salePricePaise]) => ({ name, pricePaise, salePricePaise, madeToOrderDays: null }))
    expect(product.variety).toEqual({ type, options })
  })

  it('keeps no options when no variety type is chosen', async () => {
    const product = await createProduct(db, input({ varietyType: '', varieties: [{ name: 'Stray', price: 10 }] }))
    expect(product.variety).toBeNull()
    expect(await db.selectFrom('product_varieties').selectAll().execute()).toEqual([])
    expect((await db.selectFrom('products').select('variety_type').executeTakeFirstOrThrow()).variety_type).toBeNull()
  })

  it('makes a product that search finds', async () => {
    const product = await createProduct(db, input({ title: 'Moonlit geode clock' }))
    expect((await searchProducts(db, 'geode')).map((p) => p.id)).toEqual([product.id])
  })
})

describe('updateProduct', () => {
  it('replaces the fields, the colours, the images and the options', async () => {
    const created = await createProduct(
      db,
      input({
        colors: ['Teal', 'Gold'],
        images: [IMG_A, IMG_B],
        varietyType: 'size',
        varieties: [
          { name: 'Small', price: 500 },
          { name: 'Large', price: 900 },
        ],
      }),
    )
    const edited = await updateProduct(
      db,
      created.id,
      input({
        title: 'Ocean wave coasters (set of 6)',
        price: '1999',
        salePrice: '',
        category: 'gifting-memories',
        colors: ['Blue'],
        images: [IMG_C, IMG_A],
        varietyType: 'size',
        varieties: [{ name: 'Medium', price: 700, salePrice: 650 }],
      }),
    )
    expect(edited).toMatchObject({
      id: created.id,
      title: 'Ocean wave coasters (set of 6)',
      category: 'gifting-memories',
      pricePaise: 199_900,
      salePricePaise: 0,
      colors: ['Blue'],
      images: [IMG_C, IMG_A],
      image: IMG_C,
      variety: { type: 'size', options: [{ name: 'Medium', pricePaise: 70_000, salePricePaise: 65_000 }] },
    })
    expect(await db.selectFrom('product_colors').select('name').execute()).toEqual([{ name: 'Blue' }])
    expect(await db.selectFrom('product_images').select('url').orderBy('position').execute()).toEqual([{ url: IMG_C }, { url: IMG_A }])
  })

  it('records what an edit changed on each shelf in the stock history, with the admin (ADR 064)', async () => {
    await insertUsers(db, [{ id: 'owner', userName: 'Studio Owner', email: 'owner@example.com', role: 'admin' }])
    const created = await createProduct(db, input({ totalStock: '12' }))
    await updateProduct(db, created.id, input({ title: 'Renamed only' }), { stockSeen: 12, actorId: 'owner' })
    await updateProduct(db, created.id, input({ totalStock: '9' }), { stockSeen: 12, actorId: 'owner' })
    const history = await db.selectFrom('stock_movements').select(['variety_name', 'color', 'change', 'stock_after', 'reason', 'actor_id']).where('product_id', '=', created.id).execute()
    expect(history).toEqual([{ variety_name: '', color: '', change: -3, stock_after: 9, reason: 'product-form', actor_id: 'owner' }])
  })

  it('drops the other type when the variety type changes, and everything when it is cleared', async () => {
    const created = await createProduct(
      db,
      input({ varietyType: 'choice', varieties: [{ name: 'Rose', price: 999 }, { name: 'Lily', price: 1099 }] }),
    )
    const packs = await updateProduct(db, created.id, input({ varietyType: 'pack', varieties: [{ name: 'Pack of 3', price: 2500 }] }))
    expect(packs.variety).toEqual({ type: 'pack', options: [{ name: 'Pack of 3', pricePaise: 250_000, salePricePaise: 0, madeToOrderDays: null }] })
    expect(await db.selectFrom('product_varieties').select('name').execute()).toEqual([{ name: 'Pack of 3' }])

    const none = await updateProduct(db, created.id, input({ varietyType: '', varieties: [] }))
    expect(none.variety).toBeNull()
    expect(await db.selectFrom('product_varieties').selectAll().execute()).toEqual([])
  })

  it('keeps the same option names when they are edited in place (unique per product)', async () => {
    const created = await createProduct(db, input({ varietyType: 'size', varieties: [{ name: 'Small', price: 500 }], colors: ['Red'] }))
    const edited = await updateProduct(
      db,
      created.id,
      input({ varietyType: 'size', varieties: [{ name: 'Small', price: 550 }], colors: ['Red', 'Blue'] }),
    )
    expect(edited.variety?.options).toEqual([{ name: 'Small', pricePaise: 55_000, salePricePaise: 0, madeToOrderDays: null }])
    expect(edited.colors).toEqual(['Red', 'Blue'])
  })

  it('sets the stock to 0: the product stays listed, out of stock', async () => {
    const created = await createProduct(db, input({ totalStock: '12' }))
    const edited = await updateProduct(db, created.id, input({ totalStock: '0' }))
    expect(edited.totalStock).toBe(0)
    expect((await listProducts(db)).items).toEqual([expect.objectContaining({ id: created.id, totalStock: 0 })])
    expect((await listProducts(db, { filters: { category: [], price: [], availability: ['in-stock'] } })).items).toEqual([])
  })

  it('keeps sales made while the admin edited when the edit leaves the stock as it was seen', async () => {
    const created = await createProduct(db, input({ totalStock: '12' }))
    // Two units sell between opening the edit sheet (stock 12) and saving it.
    await db.updateTable('products').set({ total_stock: 10 }).where('id', '=', created.id).execute()
    const edited = await updateProduct(db, created.id, input({ title: 'Renamed coasters', totalStock: '12' }), { stockSeen: 12 })
    expect(edited.title).toBe('Renamed coasters')
    expect(edited.totalStock).toBe(10)
  })

  it('writes a stock the admin changed, whatever sold meanwhile (the admin counted it)', async () => {
    const created = await createProduct(db, input({ totalStock: '12' }))
    await db.updateTable('products').set({ total_stock: 10 }).where('id', '=', created.id).execute()
    expect((await updateProduct(db, created.id, input({ totalStock: '20' }), { stockSeen: 12 })).totalStock).toBe(20)
    expect((await updateProduct(db, created.id, input({ totalStock: '0' }), { stockSeen: 20 })).totalStock).toBe(0)
  })

  it('is NotFound for an unknown or deleted product and changes nothing', async () => {
    expect(await rejection(updateProduct(db, 'nope', input()))).toBeInstanceOf(NotFound)
    const created = await createProduct(db, input({ colors: ['Red'] }))
    await deleteProduct(db, created.id)
    expect(await rejection(updateProduct(db, created.id, input({ title: 'Back from the dead', colors: ['Blue'] })))).toBeInstanceOf(NotFound)
    expect((await db.selectFrom('products').select('title').executeTakeFirstOrThrow()).title).toBe(FORM.title)
    expect(await db.selectFrom('product_colors').select('name').execute()).toEqual([{ name: 'Red' }])
  })
})

describe('deleteProduct', () => {
  it('hides the product from shoppers but keeps the row, and a cart line shows it unavailable', async () => {
    const keep = await createProduct(db, input({ title: 'Kept pendant', category: 'jewellery' }))
    const gone = await createProduct(db, input({ title: 'Retired tray' }))
    await insertUsers(db, [{ id: 'u1', userName: 'Asha', email: 'asha@example.com' }])
    await addToCart(db, { userId: 'u1' }, { productId: gone.id, quantity: 2 })
    await addToCart(db, { userId: 'u1' }, { productId: keep.id, quantity: 1 })

    await deleteProduct(db, gone.id)

    expect(await rejection(getProduct(db, gone.id))).toBeInstanceOf(NotFound)
    expect((await listProducts(db)).items.map((p) => p.id)).toEqual([keep.id])
    expect(await searchProducts(db, 'Retired')).toEqual([])
    const row = await db.selectFrom('products').select(['id', 'deleted_at']).where('id', '=', gone.id).executeTakeFirstOrThrow()
    expect(row.deleted_at).toMatch(/^\d{4}-\d\d-\d\dT/)

    const cart = await getCart(db, { userId: 'u1' })
    const line = cart.items.find((l) => l.productId === gone.id)
    expect(line).toMatchObject({ available: false, problem: 'This item is no longer available.', quantity: 2 })
    expect(cart.items.find((l) => l.productId === keep.id)?.available).toBe(true)
    expect(cart.totalPaise).toBe(119_900)
  })

  it('is NotFound for an unknown id and for a second delete', async () => {
    expect(await rejection(deleteProduct(db, 'nope'))).toBeInstanceOf(NotFound)
    const created = await createProduct(db, input())
    await deleteProduct(db, created.id)
    expect(await rejection(deleteProduct(db, created.id))).toBeInstanceOf(NotFound)
  })
})

describe("a colour's or an option's own picture", () => {
  const pictured = () =>
    input({
      colors: ['Teal', 'Gold'],
      colorImages: { Gold: IMG_B },
      images: [IMG_A, IMG_B, IMG_C],
      varietyType: 'size',
      varieties: [
        { name: 'Small', price: 500, image: IMG_C },
        { name: 'Large', price: 900 },
      ],
    })

  it('is stored, read back for the product page and the form (by picture number)', async () => {
    const created = await createProduct(db, pictured())
    expect(created.colorImages).toEqual({ Gold: IMG_B })
    expect(created.variety?.options).toEqual([
      { name: 'Small', pricePaise: 50_000, salePricePaise: 0, madeToOrderDays: null, image: IMG_C },
      { name: 'Large', pricePaise: 90_000, salePricePaise: 0, madeToOrderDays: null },
    ])
    expect(toProductFormValues(created)).toMatchObject({ colorPicture: ['', '2'], varieties: [{ picture: '3' }, { picture: '' }] })
  })

  it('stays through an edit that does not speak of pictures (an older client), while its colour, option and image stay', async () => {
    const created = await createProduct(db, pictured())
    const { colorImages: _colors, ...withoutColorPictures } = pictured()
    const older = { ...withoutColorPictures, varieties: withoutColorPictures.varieties.map(({ image: _image, ...option }) => option) }
    const kept = await updateProduct(db, created.id, older)
    expect(kept.colorImages).toEqual({ Gold: IMG_B })
    expect(kept.variety?.options[0]?.image).toBe(IMG_C)
    // The picture taken out of the product goes from the option too; the colour renamed loses its own.
    const fewer = await updateProduct(db, created.id, { ...older, colors: ['Teal', 'Antique gold'], images: [IMG_A, IMG_B] })
    expect(fewer.colorImages).toEqual({})
    expect(fewer.variety?.options[0]?.image).toBeUndefined()
  })

  it('is cleared by an edit that gives none, and refused when it is not one of the product\'s pictures or colours', async () => {
    const created = await createProduct(db, pictured())
    const cleared = await updateProduct(db, created.id, { ...pictured(), colorImages: {}, varieties: pictured().varieties.map((v) => ({ ...v, image: '' })) })
    expect(cleared.colorImages).toEqual({})
    expect(cleared.variety?.options.map((o) => o.image)).toEqual([undefined, undefined])
    const base = { ...FORM, colors: ['Teal'], images: [IMG_A] }
    expect(errorsOf({ ...base, colorImages: { Teal: IMG_B } })).toEqual({ colorImages: ["Choose one of this product's pictures"] })
    expect(errorsOf({ ...base, colorImages: { Purple: IMG_A } })).toEqual({ colorImages: ['Not a color of this product: Purple'] })
    expect(errorsOf({ ...base, varietyType: 'size', varieties: [{ name: 'Small', price: 5, image: '/etc/passwd' }] })).toEqual({
      'varieties.0.image': ["Choose one of this product's pictures"],
    })
  })
})

describe('toProductFormValues', () => {
  it('gives the form back in rupees, and the values parse to the same product', async () => {
    const created = await createProduct(
      db,
      input({
        colors: ['Teal'],
        images: [IMG_A],
        varietyType: 'choice',
        varieties: [
          { name: 'Rose', price: '999.5', salePrice: '899' },
          { name: 'Lily', price: '1099' },
        ],
      }),
    )
    const values = toProductFormValues(created)
    expect(values).toEqual({
      title: FORM.title,
      description: FORM.description,
      category: 'home-decor',
      price: '1499.5',
      salePrice: '1199',
      totalStock: '12',
      madeToOrderDays: '0',
      countryOfOrigin: 'India',
      materials: '',
      weightGrams: '',
      lengthCm: '',
      breadthCm: '',
      heightCm: '',
      varietyType: 'choice',
      varieties: [
        { name: 'Rose', price: '999.5', salePrice: '899', picture: '' },
        { name: 'Lily', price: '1099', salePrice: '0', picture: '' },
      ],
      colors: ['Teal'],
      colorPicture: [''],
      images: [IMG_A],
      optionLabel: '',
      option2Label: '',
      options2: [],
      variantStockSeen: [],
      personalFields: [],
    })
    const again = await updateProduct(db, created.id, productSchema.parse(values))
    expect(again).toEqual(created)
  })

  it('shows a 0 sale price when there is none (the form requires the field) and no variety type without options', async () => {
    const created = await createProduct(db, input({ salePrice: '0', totalStock: '0' }))
    expect(toProductFormValues(created)).toMatchObject({ salePrice: '0', totalStock: '0', varietyType: '', varieties: [] })
  })
})

describe('productSchema', () => {
  it('parses rupees (text or numbers) into integer paise', () => {
    expect(input({ price: '1499', salePrice: 999.99 })).toMatchObject({ price: 149_900, salePrice: 99_999 })
    expect(input({ price: 0.1, salePrice: undefined })).toMatchObject({ price: 10, salePrice: 0 })
    expect(input({ price: '19.99', salePrice: '' }).price).toBe(1999)
  })

  it('requires title, description, category, price and stock', () => {
    const errors = errorsOf({})
    expect(errors).toMatchObject({
      title: ['Title is required'],
      description: ['Description is required'],
      category: ['Choose a category'],
      totalStock: ['Total stock must be a number'],
    })
    expect(errors?.price).toEqual(['Price must be a number'])
    expect(errorsOf({ ...FORM, title: '   ' })).toEqual({ title: ['Title is required'] })
    expect(errorsOf({ ...FORM, price: '0', salePrice: '' })).toEqual({ price: ['Price must be more than 0'] })
  })

  it('refuses an unknown category', () => {
    expect(errorsOf({ ...FORM, category: 'furniture' })).toEqual({ category: ['Choose a category'] })
    expect(errorsOf({ ...FORM, category: '' })).toEqual({ category: ['Choose a category'] })
  })

  it('refuses a sale price that is not below the price', () => {
    expect(errorsOf({ ...FORM, price: '1000', salePrice: '1000' })).toEqual({ salePrice: ['Sale price must be less than the price'] })
    expect(errorsOf({ ...FORM, price: '1000', salePrice: '1200' })).toEqual({ salePrice: ['Sale price must be less than the price'] })
    expect(errorsOf({ ...FORM, price: '1000', salePrice: '999.99' })).toBeNull()
  })

  it('reports a bad amount alone: no sale price comparison against an amount that is not valid', () => {
    // Before, '10.005' (still in rupees) was compared with the sale price in paise as well.
    expect(errorsOf({ ...FORM, price: '1500.005', salePrice: '1199' })).toEqual({ price: ['Price can have at most 2 decimals'] })
    expect(errorsOf({ ...FORM, price: '1500', salePrice: '-1' })).toEqual({ salePrice: ['Sale price cannot be negative'] })
    expect(
      errorsOf({ ...FORM, varietyType: 'size', varieties: [{ name: 'Small', price: '999.999', salePrice: '500' }] }),
    ).toEqual({ 'varieties.0.price': ['Option price can have at most 2 decimals'] })
  })

  it('refuses more than 2 decimals, negatives and non-numbers', () => {
    expect(errorsOf({ ...FORM, price: '10.005' })).toEqual({ price: ['Price can have at most 2 decimals'] })
    expect(errorsOf({ ...FORM, price: '-5' })).toEqual({ price: ['Price cannot be negative'] })
    expect(errorsOf({ ...FORM, salePrice: '-1' })).toEqual({ salePrice: ['Sale price cannot be negative'] })
    expect(errorsOf({ ...FORM, price: 'abc' })).toEqual({ price: ['Price must be a number'] })
    expect(errorsOf({ ...FORM, price: '1e9' })).toEqual({ price: ['Price can be at most ₹10,00,000'] })
    expect(errorsOf({ ...FORM, totalStock: '-1' })).toEqual({ totalStock: ['Total stock cannot be negative'] })
    expect(errorsOf({ ...FORM, totalStock: '2.5' })).toEqual({ totalStock: ['Total stock must be a whole number'] })
    expect(errorsOf({ ...FORM, totalStock: 'many' })).toEqual({ totalStock: ['Total stock must be a number'] })
    // The average review is no field of the form (ADR 062): a value sent is dropped, whatever it is.
    expect(errorsOf({ ...FORM, averageReview: '6' })).toBeNull()
    expect(input({ averageReview: '4.9' })).not.toHaveProperty('averageReview')
  })

  it('refuses option prices that are missing, negative, badly rounded or not above their sale price', () => {
    const base = { ...FORM, varietyType: 'size' }
    expect(errorsOf({ ...base, varieties: [{ name: 'Small', price: '0' }] })).toEqual({
      'varieties.0.price': ['Option price must be more than 0'],
    })
    expect(errorsOf({ ...base, varieties: [{ name: 'Small', price: '-10' }] })).toEqual({
      'varieties.0.price': ['Option price cannot be negative'],
    })
    expect(errorsOf({ ...base, varieties: [{ name: 'Small', price: '10.123' }] })).toEqual({
      'varieties.0.price': ['Option price can have at most 2 decimals'],
    })
    expect(errorsOf({ ...base, varieties: [{ name: 'Small', price: '500', salePrice: '600' }] })).toEqual({
      'varieties.0.salePrice': ['Sale price must be less than the price'],
    })
    expect(errorsOf({ ...base, varieties: [{ name: ' ', price: '500' }] })).toEqual({ 'varieties.0.name': ['Option name is required'] })
  })

  it('refuses duplicate option names and colours, ignoring case and spaces', () => {
    expect(
      errorsOf({
        ...FORM,
        varietyType: 'choice',
        varieties: [
          { name: 'Rose', price: 10 },
          { name: ' rose ', price: 12 },
        ],
      }),
    ).toEqual({ varieties: ['Option names must be different'] })
    expect(errorsOf({ ...FORM, colors: ['Teal', 'TEAL '] })).toEqual({ colors: ['Colors must be different'] })
    expect(errorsOf({ ...FORM, colors: ['Teal', ''] })).toEqual({ 'colors.1': ['Color is required'] })
  })

  it('needs at least one option when a variety type is chosen, and a known type', () => {
    for (const varietyType of ['choice', 'size', 'pack']) {
      expect(errorsOf({ ...FORM, varietyType, varieties: [] })).toEqual({
        varieties: ['Add at least one option, or choose no variety'],
      })
    }
    expect(errorsOf({ ...FORM, varietyType: 'flavour', varieties: [{ name: 'Vanilla', price: 5 }] })?.varietyType).toEqual([
      expect.stringMatching(/"choice"\|"size"\|"pack"/),
    ])
  })

  it('accepts only upload urls as images, at most 8', () => {
    expect(errorsOf({ ...FORM, images: [IMG_A, IMG_B, IMG_C] })).toBeNull()
    for (const url of [
      'https://example.com/a.webp',
      '/uploads/../../etc/passwd',
      `/uploads/${'a'.repeat(32)}-1280.png`,
      `/uploads/${'A'.repeat(32)}-1280.webp`,
      `/uploads/${'a'.repeat(8)}-1280.webp`,
      `/uploads/${'a'.repeat(32)}.webp`,
      `${IMG_A}?x=1`,
      'javascript:alert(1)',
    ]) {
      expect(errorsOf({ ...FORM, images: [url] }), url).toEqual({ 'images.0': ['Unknown image'] })
    }
    expect(errorsOf({ ...FORM, images: Array.from({ length: 9 }, () => IMG_A) })).toEqual({ images: ['At most 8 images'] })
  })
})
