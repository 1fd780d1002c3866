// The admin's stock per variant (docs/decisions/061-stock-per-variant.md): create and edit write the
// variants with total_stock as their sum, an edit without stock per variant keeps the variants the
// product still has, and a variant's stock left as the editor saw it is not written over a sale.
import { expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { withTestDb } from '../../../tests/helpers/test-db'
import { productSchema } from '~/schemas/product'
import { createProduct, toProductFormValues, updateProduct } from './admin-products.server'
import { getProduct } from './catalog.server'

let db: DB
withTestDb((fresh) => {
  db = fresh
})

const input = (fields: Record<string, unknown> = {}) =>
  productSchema.parse({
    title: 'Ocean pendant',
    description: 'Waves.',
    category: 'jewellery',
    price: 999,
    totalStock: 40,
    colors: ['Teal', 'Gold'],
    varietyType: 'size',
    varieties: [
      { name: 'Small', price: 999, stockByColor: { Teal: 1, Gold: 2 } },
      { name: 'Large', price: 1499, stock: 4 },
    ],
    ...fields,
  })

const shelf = async (id: string) => {
  const product = await getProduct(db, id, 'shelf')
  return { total: product.totalStock, variants: product.variants.map((v) => [v.variety, v.color, v.available]) }
}

it('creates the variants in the form order and keeps total_stock their sum, whatever total is given', async () => {
  const product = await createProduct(db, input({ optionLabel: 'Length' }))
  expect(await shelf(product.id)).toEqual({
    total: 7,
    variants: [
      ['Small', 'Teal', 1],
      ['Small', 'Gold', 2],
      ['Large', '', 4],
    ],
  })
  expect([product.optionLabel, product.ownOptionLabel]).toEqual(['Length', 'Length'])
})

it('reads the variety type as the option label when the owner names none', async () => {
  const product = await createProduct(db, input())
  expect([product.optionLabel, product.ownOptionLabel]).toEqual(['Size', ''])
})

it('keeps the variants through an edit without stock per variant, dropping those of a removed option or colour', async () => {
  const { id } = await createProduct(db, input())
  await updateProduct(db, id, input({ title: 'Wave pendant', varieties: [{ name: 'Small', price: 999 }, { name: 'Large', price: 1499 }] }))
  expect((await shelf(id)).total).toBe(7)
  await updateProduct(db, id, input({ colors: ['Teal'], varieties: [{ name: 'Small', price: 999 }, { name: 'Large', price: 1499 }] }))
  expect(await shelf(id)).toEqual({
    total: 5,
    variants: [
      ['Small', 'Teal', 1],
      ['Large', '', 4],
    ],
  })
})

it('does not write a variant stock left as the editor saw it over a sale made meanwhile; a changed one is written', async () => {
  const { id } = await createProduct(db, input())
  const seen = (await getProduct(db, id, 'shelf')).variants.map((v) => ({ variety: v.variety, color: v.color, stock: v.available }))
  // A Large sells while the owner edits.
  await db.updateTable('product_variants').set({ stock: 3 }).where('product_id', '=', id).where('variety_name', '=', 'Large').execute()
  await db.updateTable('products').set({ total_stock: 6 }).where('id', '=', id).execute()
  await updateProduct(db, id, input({ varieties: [{ name: 'Small', price: 999, stockByColor: { Teal: 5, Gold: 2 } }, { name: 'Large', price: 1499, stock: 4 }] }), {
    stockSeen: 7,
    variantStockSeen: seen,
  })
  expect(await shelf(id)).toEqual({
    total: 10,
    variants: [
      ['Small', 'Teal', 5],
      ['Small', 'Gold', 2],
      ['Large', '', 3],
    ],
  })
})

it('keeps one stock on the product when no stock per variant is given, as before', async () => {
  const product = await createProduct(db, input({ varieties: [{ name: 'Small', price: 999 }, { name: 'Large', price: 1499 }] }))
  expect(await shelf(product.id)).toEqual({ total: 40, variants: [] })
  await updateProduct(db, product.id, input({ totalStock: 12, varieties: [{ name: 'Small', price: 999 }] }))
  expect(await shelf(product.id)).toEqual({ total: 12, variants: [] })
})

it('refuses stock on some options only, colours the product lacks and a stock by colour beside options', () => {
  const issues = (fields: Record<string, unknown>) =>
    productSchema.safeParse({ title: 'x', description: 'x', category: 'jewellery', price: 10, totalStock: 1, colors: ['Teal'], ...fields }).error?.issues.map((i) => [i.path.join('.'), i.message])
  const sizes = (...varieties: unknown[]) => ({ varietyType: 'size', varieties })
  expect(issues(sizes({ name: 'S', price: 10, stock: 1 }, { name: 'L', price: 10 }))).toEqual([['varieties.1.stock', 'Give the stock of every option, or of none']])
  expect(issues(sizes({ name: 'S', price: 10, stockByColor: { Gold: 1 } }))).toEqual([['varieties.0.stockByColor', 'Not a color of this product: Gold']])
  expect(issues(sizes({ name: 'S', price: 10, stock: 2, stockByColor: { Teal: 1 } }))).toEqual([['varieties.0.stock', 'Stock must be the sum of its stock by color']])
  expect(issues({ ...sizes({ name: 'S', price: 10 }), stockByColor: { Teal: 1 } })).toEqual([['stockByColor', 'Give the stock by color on each option']])
  expect(issues(sizes({ name: 'S', price: 10, stock: -1 }))).toEqual([['varieties.0.stock', 'Stock cannot be negative']])
  expect(issues(sizes({ name: 'S', price: 10, stock: 100_001 }))).toEqual([['varieties.0.stock', 'Stock can be at most 100000']])
})

it('drops every variant when the edit keeps one stock (the form switch off, ADR 067), the total as given', async () => {
  const { id } = await createProduct(db, input())
  const plain = input({ totalStock: 12, varieties: [{ name: 'Small', price: 999 }, { name: 'Large', price: 1499 }] })
  await updateProduct(db, id, plain, { stockSeen: 7, oneStock: true })
  expect(await shelf(id)).toEqual({ total: 12, variants: [] })
})

it('clears the owner option label when an edit gives an empty one', async () => {
  const { id } = await createProduct(db, input({ optionLabel: 'Chain' }))
  const product = await updateProduct(db, id, input({ optionLabel: '' }))
  expect([product.optionLabel, product.ownOptionLabel]).toEqual(['Size', ''])
})

it('prefills the form grid from the shelf stock: option x colour boxes in colour order, the seen stock beside', async () => {
  const product = await createProduct(db, input({ optionLabel: 'Chain', varieties: [{ name: 'Small', price: 999, stockByColor: { Gold: 2, Teal: 1 } }, { name: 'Large', price: 1499, stockByColor: { Teal: 4, Gold: 0 } }] }))
  const values = toProductFormValues(product)
  expect([values.optionLabel, values.variantStock, values.stockByOption]).toEqual(['Chain', 'on', undefined])
  expect(values.varieties.map((v) => ('colorStock' in v ? v.colorStock : null))).toEqual([
    ['1', '2'],
    ['4', '0'],
  ])
  expect(values.variantStockSeen).toContainEqual({ variety: 'Large', option2: '', color: 'Gold', stock: 0 })
})

it('prefills per option boxes when the variants are kept per option though the product has colours', async () => {
  const product = await createProduct(db, input({ varieties: [{ name: 'Small', price: 999, stock: 3 }, { name: 'Large', price: 1499, stock: 4 }] }))
  const values = toProductFormValues(product)
  expect([values.variantStock, values.stockByOption, values.varieties.map((v) => ('stock' in v ? v.stock : null))]).toEqual(['on', 'on', ['3', '4']])
})
