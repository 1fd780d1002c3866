// The admin form's stock grid (ADR 067): index-named boxes become the product input's stock per
// option and colour; an empty box is refused next to it; the switch off gives none.
import { parseWithZod } from '@conform-to/zod/v4'
import { expect, it } from 'vitest'
import { DISPATCH_MESSAGES } from '~/lib/dispatch'
import { productFormSchema, toProductInput } from './product-form'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  const base = { title: 'Pendant', description: 'Waves.', category: 'jewellery', price: '999', salePrice: '0', totalStock: '0' }
  for (const [name, value] of Object.entries({ ...base, ...fields })) data.append(name, value)
  const submission = parseWithZod(data, { schema: productFormSchema })
  return submission.status === 'success' ? { status: 'success' as const, value: toProductInput(submission.value) } : { status: submission.status, error: submission.error }
}

const withOptionsAndColors = {
  varietyType: 'size',
  optionLabel: 'Chain',
  'varieties[0].name': 'Small',
  'varieties[0].price': '999',
  'varieties[1].name': 'Large',
  'varieties[1].price': '1499',
  'colors[0]': 'Rose.Gold [matte]',
  'colors[1]': 'Teal',
}

it('turns the option x colour boxes into each option stock by colour, whatever the colour names', () => {
  const submission = form({
    ...withOptionsAndColors,
    variantStock: 'on',
    'varieties[0].colorStock[0]': '3',
    'varieties[0].colorStock[1]': '0',
    'varieties[1].colorStock[0]': '5',
    'varieties[1].colorStock[1]': '2',
  })
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.stockPerVariant).toBe(true)
  expect(submission.value.input.optionLabel).toBe('Chain')
  expect(submission.value.input.varieties.map((v) => [v.name, v.stock, v.stockByColor])).toEqual([
    ['Small', undefined, { 'Rose.Gold [matte]': 3, Teal: 0 }],
    ['Large', undefined, { 'Rose.Gold [matte]': 5, Teal: 2 }],
  ])
})

it('refuses an empty or negative box next to it, naming the option and colour', () => {
  const submission = form({ ...withOptionsAndColors, variantStock: 'on', 'varieties[0].colorStock[0]': '3', 'varieties[0].colorStock[1]': '-1', 'varieties[1].colorStock[0]': '5' })
  expect(submission.status).toBe('error')
  expect(submission.error?.['varieties[0].colorStock[1]']).toEqual(['Stock cannot be negative'])
  expect(submission.error?.['varieties[1].colorStock[1]']).toEqual(['Give the stock of Large, Teal'])
})

it('keeps stock per option when the saved variants are so, though the product has colours', () => {
  const submission = form({ ...withOptionsAndColors, variantStock: 'on', stockByOption: 'on', 'varieties[0].stock': '4', 'varieties[1].stock': '1' })
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.input.varieties.map((v) => [v.stock, v.stockByColor])).toEqual([
    [4, undefined],
    [1, undefined],
  ])
})

it('turns the colour boxes of a product without options into its stock by colour', () => {
  const submission = form({ variantStock: 'on', 'colors[0]': 'Ivory', 'colors[1]': 'Gold', 'colorStock[0]': '18', 'colorStock[1]': '0' })
  expect(submission.status === 'success' && submission.value.input.stockByColor).toEqual({ Ivory: 18, Gold: 0 })
})

it('gives no stock per variant with the switch off, and an empty option group name as empty (it clears the name)', () => {
  const submission = form({ ...withOptionsAndColors, optionLabel: '', 'varieties[0].colorStock[0]': '3' })
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.stockPerVariant).toBe(false)
  expect(submission.value.input.optionLabel).toBe('')
  expect(submission.value.input.varieties.every((v) => v.stock === undefined && v.stockByColor === undefined)).toBe(true)
  expect(submission.value.input.stockByColor).toBeUndefined()
})

it('says once, next to the box, that an option has no stock', () => {
  const options = { ...withOptionsAndColors, variantStock: 'on', stockByOption: 'on' }
  expect(form({ ...options, 'varieties[0].stock': '4' }).error?.['varieties[1].stock']).toEqual(['Give the stock of every option, or of none'])
  expect(form(options).error?.['varieties[1].stock']).toEqual(['Give the stock of Large'])
})

it("turns a colour's and an option's picture number into that picture, and refuses a number past the pictures", () => {
  const images = { 'images[0]': '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-1280.webp', 'images[1]': '/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb-1280.webp' }
  const submission = form({ ...withOptionsAndColors, ...images, 'colorPicture[1]': '2', 'varieties[0].picture': '1' })
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.input.colorImages).toEqual({ Teal: images['images[1]'] })
  expect(submission.value.input.varieties.map((v) => v.image)).toEqual([images['images[0]'], ''])
  const past = form({ ...withOptionsAndColors, ...images, 'colorPicture[0]': '3', 'varieties[1].picture': '5' })
  expect(past.status).toBe('error')
  expect(past.status === 'error' && past.error).toMatchObject({
    'colorPicture[0]': ["Choose one of this product's pictures"],
    'varieties[1].picture': ["Choose one of this product's pictures"],
  })
})

it('turns the personalisation rows into the product fields: the checkbox, rupees to paise, a date 10 long (ADR 069)', () => {
  const submission = form({
    'personalFields[0].label': ' Name to engrave ',
    'personalFields[0].kind': 'text',
    'personalFields[0].maxLength': '20',
    'personalFields[0].required': 'on',
    'personalFields[0].addOn': '50.5',
    'personalFields[1].label': 'Date',
    'personalFields[1].kind': 'date',
    'personalFields[1].maxLength': '60',
  })
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.input.personalization).toEqual([
    { label: 'Name to engrave', kind: 'text', maxLength: 20, required: true, pricePaise: 5050 },
    { label: 'Date', kind: 'date', maxLength: 10, required: false, pricePaise: 0 },
  ])
  // No rows: the product asks for nothing (the form always shows its fields).
  const none = form({})
  expect(none.status === 'success' && none.value.input.personalization).toEqual([])
})

it('refuses a repeated label, a length over 60 and a control character next to the row', () => {
  const submission = form({
    'personalFields[0].label': 'Name',
    'personalFields[0].maxLength': '61',
    'personalFields[1].label': 'name',
    'personalFields[2].label': 'Tab\there',
  })
  expect(submission.status).toBe('error')
  if (submission.status !== 'error') return
  expect(submission.error).toMatchObject({
    'personalFields[0].maxLength': ['Max length can be at most 60'],
    'personalFields[2].label': ['Label cannot contain control characters'],
  })
  // The rows' own checks first; then the labels against each other.
  const repeated = form({ 'personalFields[0].label': 'Name', 'personalFields[1].label': 'name' })
  expect(repeated.status === 'error' && repeated.error).toEqual({ 'personalFields[1].label': ['Labels must be different'] })
})

it('turns each colour row’s price and sale price boxes into the option’s prices by colour, empty boxes none (ADR 071)', () => {
  const submission = form({
    ...withOptionsAndColors,
    variantStock: 'on',
    'varieties[0].colorStock[0]': '3',
    'varieties[0].colorPrice[0]': '1249.50',
    'varieties[0].colorStock[1]': '0',
    'varieties[1].colorStock[0]': '5',
    'varieties[1].colorSalePrice[0]': '1399',
    'varieties[1].colorStock[1]': '2',
  })
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.input.varieties.map((v) => [v.priceByColor, v.salePriceByColor])).toEqual([
    [{ 'Rose.Gold [matte]': 124_950 }, {}],
    [{}, { 'Rose.Gold [matte]': 139_900 }],
  ])
  const colorsOnly = form({ 'colors[0]': 'Teal', variantStock: 'on', 'colorStock[0]': '2', 'colorPrice[0]': '1099' })
  expect(colorsOnly.status === 'success' && [colorsOnly.value.input.priceByColor, colorsOnly.value.input.salePriceByColor]).toEqual([{ Teal: 109_900 }, {}])
})

it('refuses a colour’s price of 0, three decimals, or a sale price not below the price it sells at, next to the box', () => {
  const submission = form({
    ...withOptionsAndColors,
    variantStock: 'on',
    'varieties[0].colorStock[0]': '3',
    'varieties[0].colorPrice[0]': '0',
    'varieties[0].colorStock[1]': '0',
    'varieties[0].colorPrice[1]': '12.345',
    'varieties[1].colorStock[0]': '5',
    'varieties[1].colorSalePrice[0]': '1499',
    'varieties[1].colorStock[1]': '2',
    'varieties[1].colorPrice[1]': '1000',
    'varieties[1].colorSalePrice[1]': '1200',
  })
  expect(submission.status).toBe('error')
  expect(submission.error?.['varieties[0].colorPrice[1]']).toEqual(['Price can have at most 2 decimals'])
  const refinements = form({
    ...withOptionsAndColors,
    variantStock: 'on',
    'varieties[0].colorStock[0]': '3',
    'varieties[0].colorPrice[0]': '0',
    'varieties[0].colorStock[1]': '0',
    'varieties[1].colorStock[0]': '5',
    'varieties[1].colorSalePrice[0]': '1499',
    'varieties[1].colorStock[1]': '2',
    'varieties[1].colorPrice[1]': '1000',
    'varieties[1].colorSalePrice[1]': '1200',
  })
  expect(refinements.error?.['varieties[0].colorPrice[0]']).toEqual(['Price must be more than 0'])
  expect(refinements.error?.['varieties[1].colorSalePrice[0]']).toEqual(['Sale price must be less than the price'])
  expect(refinements.error?.['varieties[1].colorSalePrice[1]']).toEqual(['Sale price must be less than the price'])
})

it('turns the grid’s making days boxes into the variants’ own making times, an empty box none, and refuses a bad one next to it (issue 27)', () => {
  const submission = form({
    ...withOptionsAndColors,
    variantStock: 'on',
    'varieties[0].colorStock[0]': '3',
    'varieties[0].colorStock[1]': '0',
    'varieties[1].colorStock[0]': '5',
    'varieties[1].colorStock[1]': '2',
    'varieties[0].colorDays[0]': '7',
    'varieties[0].colorDays[1]': '',
    'varieties[1].colorDays[1]': '0',
  })
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.input.variantMadeToOrderDays).toEqual([
    { option: 'Small', option2: '', color: 'Rose.Gold [matte]', madeToOrderDays: 7 },
    { option: 'Large', option2: '', color: 'Teal', madeToOrderDays: 0 },
  ])
  // A grid per colour alone; with the switch off the sheet says nothing of them (kept).
  const byColour = form({ 'colors[0]': 'Teal', variantStock: 'on', 'colorStock[0]': '2', 'colorDays[0]': '12' })
  expect(byColour.status === 'success' && byColour.value.input.variantMadeToOrderDays).toEqual([{ option: '', option2: '', color: 'Teal', madeToOrderDays: 12 }])
  const off = form({ 'colors[0]': 'Teal', 'colorDays[0]': '12' })
  expect(off.status === 'success' && off.value.input.variantMadeToOrderDays).toBeUndefined()
  for (const bad of ['61', '-1', '2.5', 'soon']) {
    const refused = form({ 'colors[0]': 'Teal', variantStock: 'on', 'colorStock[0]': '2', 'colorDays[0]': bad })
    expect(refused.status).toBe('error')
    expect(refused.status === 'error' && refused.error?.['colorDays[0]']).toEqual([DISPATCH_MESSAGES.madeToOrderDays])
  }
})

it('turns a second option cell’s making days into that combination’s own (ADR 091)', () => {
  const submission = form({
    varietyType: 'size',
    'varieties[0].name': 'Small',
    'varieties[0].price': '999',
    option2Label: 'Chain',
    'options2[0]': 'Gold',
    'options2[1]': 'Silver',
    variantStock: 'on',
    'varieties[0].combos[0].stock': '1',
    'varieties[0].combos[1].stock': '1',
    'varieties[0].combos[1].days': '4',
  })
  expect(submission.status === 'success' && submission.value.input.variantMadeToOrderDays).toEqual([{ option: 'Small', option2: 'Silver', color: '', madeToOrderDays: 4 }])
})
