// The product sheet's second option group (ADR 091): the group always sent, its grid's cells (option x
// second option, by colour too) turned into each option's byOption2 with their own prices, refusals
// next to the box.
import { parseWithZod } from '@conform-to/zod/v4'
import { expect, it } from 'vitest'
import { productFormSchema, toProductInput } from './product-form'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  const base = { title: 'Pendant', description: 'Geode.', category: 'jewellery', price: '999', salePrice: '0', totalStock: '0' }
  for (const [name, value] of Object.entries({ ...base, ...fields })) data.append(name, value)
  const submission = parseWithZod(data, { schema: productFormSchema })
  return submission.status === 'success' ? { status: 'success' as const, value: toProductInput(submission.value) } : { status: submission.status, error: submission.error }
}

const sizesAndChains = {
  varietyType: 'size',
  'varieties[0].name': 'S',
  'varieties[0].price': '999',
  'varieties[1].name': 'M',
  'varieties[1].price': '1299',
  option2Label: 'Chain',
  'options2[0]': 'Silver',
  'options2[1]': 'Gold',
}

it('always sends the second group: none when the sheet names none (an edit then removes it)', () => {
  const submission = form({ varietyType: 'size', 'varieties[0].name': 'S', 'varieties[0].price': '999', option2Label: 'Chain' })
  expect(submission.status === 'success' && [submission.value.input.options2, submission.value.input.option2Label]).toEqual([[], ''])
})

it('turns the option x second option cells into byOption2, an empty price box being the option price', () => {
  const submission = form({
    ...sizesAndChains,
    variantStock: 'on',
    'varieties[0].combos[0].stock': '2',
    'varieties[0].combos[1].stock': '0',
    'varieties[0].combos[1].price': '1199',
    'varieties[0].combos[1].salePrice': '1099.5',
    'varieties[1].combos[0].stock': '1',
    'varieties[1].combos[1].stock': '4',
  })
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.stockPerVariant).toBe(true)
  expect(submission.value.input.options2).toEqual(['Silver', 'Gold'])
  expect(submission.value.input.option2Label).toBe('Chain')
  expect(submission.value.input.varieties.map((v) => [v.name, v.stock, v.stockByColor, v.byOption2])).toEqual([
    ['S', undefined, undefined, { Silver: { stock: 2 }, Gold: { stock: 0, price: 119_900, salePrice: 109_950 } }],
    ['M', undefined, undefined, { Silver: { stock: 1 }, Gold: { stock: 4 } }],
  ])
})

it('turns the cells of a product with colours into stock and prices by colour per second option', () => {
  const submission = form({
    ...sizesAndChains,
    'colors[0]': 'Teal',
    'colors[1]': 'Rose.Gold [matte]',
    variantStock: 'on',
    ...Object.fromEntries([0, 1].flatMap((i) => [0, 1].flatMap((k) => [0, 1].map((j) => [`varieties[${i}].combos[${k}].colorStock[${j}]`, String(i + k + j)])))),
    'varieties[1].combos[1].colorPrice[1]': '1599',
  })
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.input.varieties[1]?.byOption2).toEqual({
    Silver: { stockByColor: { Teal: 1, 'Rose.Gold [matte]': 2 }, priceByColor: {}, salePriceByColor: {} },
    Gold: { stockByColor: { Teal: 2, 'Rose.Gold [matte]': 3 }, priceByColor: { 'Rose.Gold [matte]': 159_900 }, salePriceByColor: {} },
  })
})

it('refuses an empty cell and a sale at or above the price it sells at, next to the box', () => {
  const submission = form({
    ...sizesAndChains,
    variantStock: 'on',
    'varieties[0].combos[0].stock': '2',
    'varieties[0].combos[1].stock': '1',
    'varieties[0].combos[1].salePrice': '999',
    'varieties[1].combos[0].stock': '1',
    'varieties[1].combos[0].price': '0',
  })
  expect(submission.status).toBe('error')
  expect(submission.error?.['varieties[1].combos[1].stock']).toEqual(['Give the stock of M, Gold'])
  expect(submission.error?.['varieties[0].combos[1].salePrice']).toEqual(['Sale price must be less than the price'])
  expect(submission.error?.['varieties[1].combos[0].price']).toEqual(['Price must be more than 0'])
})

it('names a missing cell of a product with colours by option, second option and colour', () => {
  const submission = form({ ...sizesAndChains, 'colors[0]': 'Teal', variantStock: 'on', 'varieties[0].combos[0].colorStock[0]': '1' })
  expect(submission.error?.['varieties[0].combos[1].colorStock[0]']).toEqual(['Give the stock of S, Gold, Teal'])
})

it('keeps stock per option (the chains draw on it) when the saved variants are so', () => {
  const submission = form({ ...sizesAndChains, variantStock: 'on', stockByOption: 'on', 'varieties[0].stock': '3', 'varieties[1].stock': '0' })
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.input.varieties.map((v) => [v.stock, v.byOption2])).toEqual([
    [3, undefined],
    [0, undefined],
  ])
})

it('asks for the group name, a first group, and different names', () => {
  expect(form({ ...sizesAndChains, option2Label: '' }).error?.option2Label).toEqual(['Name the second option group'])
  expect(form({ option2Label: 'Chain', 'options2[0]': 'Gold' }).error?.options2).toEqual(['A second option group needs a first: choose a variety and add its options'])
  expect(form({ ...sizesAndChains, 'options2[1]': 'silver' }).error?.options2).toEqual(['Second option names must be different'])
  expect(form({ ...sizesAndChains, 'options2[1]': ' ' }).error?.['options2[1]']).toBeDefined()
})
