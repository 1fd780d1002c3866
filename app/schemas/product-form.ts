// The admin product form's schema: the product's (app/schemas/product.ts) plus the stock grid (ADR 067),
// whose boxes are named by index (a colour's name may hold any character, a form name may not) and
// turned into the product input's stock per option and colour once they are valid (toProductInput).
import { z } from 'zod'
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '~/lib/catalog'
import { type StockBy, stockBoxLabel, stockGridShape } from '~/lib/variant-stock-grid'
import { PERSONALIZATION_LIMITS } from '~/lib/personalization'
import { isWholePaise, rupeesToPaise } from '~/lib/money'
import { asksMaterials, DEFAULT_COUNTRY_OF_ORIGIN } from '~/lib/product-facts'
import { madeToOrderDays, PICTURE_NOT_OURS, type ProductInput, personalizationFieldSchema, productSchema, stockCount, varietySchema } from './product'

/** One box per colour, in the colours' order. */
const colorBoxes = z.array(stockCount('Stock').optional()).max(PRODUCT_LIMITS.colors).optional()

/** A variant's own price or sale price in rupees (ADR 071); empty: none of its own. */
const moneyBox = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} cannot be negative`, abort: true })
    .max(1_000_000, { error: `${label} can be at most ₹10,00,000`, abort: true })
    .refine(isWholePaise, { error: `${label} can have at most 2 decimals`, abort: true })
    .transform(rupeesToPaise)
    .optional()
/** A colour's own price or sale price (ADR 071), one box per colour. */
const moneyBoxes = (label: string) => z.array(moneyBox(label)).max(PRODUCT_LIMITS.colors).optional()
/** A variant's own making time in working days (issue 27); empty: the option's, else the product's. */
const daysBox = madeToOrderDays.optional()
/** The grid's boxes of a row of colours: stock, price, sale price, making days. */
const colorRow = { colorStock: colorBoxes, colorPrice: moneyBoxes('Price'), colorSalePrice: moneyBoxes('Sale price'), colorDays: z.array(daysBox).max(PRODUCT_LIMITS.colors).optional() }

/**
 * An option's cell for one option of the second group (ADR 091), in the second group's order: its
 * stock, price and sale price (empty prices: the option's), or a row of colours when the product has colours.
 */
const option2Cell = z.object({ stock: stockCount('Stock').optional(), price: moneyBox('Price'), salePrice: moneyBox('Sale price'), days: daysBox, ...colorRow })

/** A choice's picture as the form's select names it: the picture's number (1 = the first image); empty for none. */
const pictureNumber = z.coerce.number().int().min(1).max(PRODUCT_LIMITS.images).optional()
/**
 * A personalisation row as the form sends it (ADR 069): the checkbox "Required" as 'on', the add-on in
 * rupees ('' for none); toProductInput makes it the /api's field.
 */
const personalizationRow = personalizationFieldSchema.extend({
  required: z.literal('on').optional(),
  addOn: z.coerce
    .number({ error: 'Price add-on must be a number' })
    .min(0, { error: 'Price add-on cannot be negative', abort: true })
    .max(PERSONALIZATION_LIMITS.addOnPaise / 100, { error: 'Price add-on can be at most ₹10,000', abort: true })
    .refine(isWholePaise, { error: 'Price add-on can have at most 2 decimals', abort: true })
    .transform(rupeesToPaise)
    .optional(),
})

const formSchema = productSchema.safeExtend({
  /** The personalisation rows (named apart from the product input's `personalization`, which they become). */
  personalFields: z
    .array(personalizationRow)
    .max(PERSONALIZATION_LIMITS.fields, { error: `At most ${PERSONALIZATION_LIMITS.fields} personalization fields` })
    .optional()
    .default([]),
  /** Sent by the sheet's "Weight and box" (issue 30): its boxes are there, so an empty one is the category's. */
  packageFields: z.literal('on').optional(),
  /** The switch "Keep stock for each option and colour". */
  variantStock: z.literal('on').optional(),
  /** Set when the product's saved variants are per option though it has colours (the grid keeps that). */
  stockByOption: z.literal('on').optional(),
  ...colorRow,
  /** The second option group (ADR 091): its name and options, always sent (none: no group). */
  option2Label: z.string().trim().max(40, { error: 'Option name can be at most 40 characters' }).optional(),
  options2: z
    .array(z.string({ error: 'Option name is required' }).trim().min(1, { error: 'Option name is required' }).max(60, { error: 'Option name can be at most 60 characters' }))
    .max(PRODUCT_LIMITS.options, { error: PRODUCT_MESSAGES.tooManyOptions })
    .optional()
    .default([]),
  /** Each colour's picture, in the colours' order. */
  colorPicture: z.array(pictureNumber).max(PRODUCT_LIMITS.colors).optional(),
  varieties: z
    .array(varietySchema.extend({ ...colorRow, picture: pictureNumber, combos: z.array(option2Cell).max(PRODUCT_LIMITS.options).optional() }))
    .max(PRODUCT_LIMITS.options, { error: PRODUCT_MESSAGES.tooManyOptions })
    .optional()
    .default([]),
})

type FormValue = z.output<typeof formSchema>

/** The grid's shape for these values, when the switch is on. */
export function gridShapeOf(value: Pick<FormValue, 'variantStock' | 'stockByOption' | 'varietyType' | 'varieties' | 'colors' | 'options2'>): StockBy | null {
  if (value.variantStock !== 'on') return null
  return stockGridShape(value.varietyType ? value.varieties.length : 0, value.colors.length, value.stockByOption === 'on', value.options2.length)
}

/** A picture chosen for a colour or an option is one the product still has. */
function picturesExist(value: FormValue, ctx: z.RefinementCtx) {
  const gone = (n: number | undefined) => n !== undefined && n > value.images.length
  value.colorPicture?.forEach((n, j) => {
    if (gone(n) && j < value.colors.length) ctx.addIssue({ code: 'custom', path: ['colorPicture', j], message: PICTURE_NOT_OURS })
  })
  value.varieties.forEach((option, i) => {
    if (gone(option.picture)) ctx.addIssue({ code: 'custom', path: ['varieties', i, 'picture'], message: PICTURE_NOT_OURS })
  })
}

/** Every box of the grid is filled (an empty one would leave a choice nobody can buy). */
function everyBoxFilled(value: FormValue, ctx: z.RefinementCtx) {
  const missing = (path: (string | number)[], option?: string, color?: string, option2?: string) =>
    ctx.addIssue({ code: 'custom', path, message: `Give the ${stockBoxLabel(option, color, option2).replace('Stock of', 'stock of')}` })
  const shape = gridShapeOf(value)
  // With some options' stock given, the product schema already says "Give the stock of every option, or of none".
  const noneGiven = value.varieties.every((option) => option.stock === undefined)
  value.varieties.forEach((option, i) => {
    if (shape === 'option' && option.stock === undefined && noneGiven) missing(['varieties', i, 'stock'], option.name)
    if (shape === 'optionColor') {
      value.colors.forEach((color, j) => {
        if (option.colorStock?.[j] === undefined) missing(['varieties', i, 'colorStock', j], option.name, color)
      })
    }
    value.options2.forEach((option2, k) => {
      const cell = option.combos?.[k]
      if (shape === 'option2' && cell?.stock === undefined) missing(['varieties', i, 'combos', k, 'stock'], option.name, undefined, option2)
      if (shape === 'option2Color') {
        value.colors.forEach((color, j) => {
          if (cell?.colorStock?.[j] === undefined) missing(['varieties', i, 'combos', k, 'colorStock', j], option.name, color, option2)
        })
      }
    })
  })
  if (shape === 'color') {
    value.colors.forEach((color, j) => {
      if (value.colorStock?.[j] === undefined) missing(['colorStock', j], undefined, color)
    })
  }
}

const byColor = (colors: string[], boxes: (number | undefined)[] | undefined) => Object.fromEntries(colors.map((color, j) => [color, boxes?.[j] ?? 0]))

/** A row's own prices by colour name, only the boxes filled (the maps always given: an emptied box clears a price). */
function pricesOf(colors: string[], row: { colorPrice?: (number | undefined)[]; colorSalePrice?: (number | undefined)[] }) {
  const filled = (boxes: (number | undefined)[] | undefined) =>
    Object.fromEntries(colors.flatMap((color, j) => (boxes?.[j] === undefined ? [] : [[color, boxes[j]]])))
  return { priceByColor: filled(row.colorPrice), salePriceByColor: filled(row.colorSalePrice) }
}

/** A colour's own price is above 0 and its sale price below the price it sells at (its own, else the option's or product's). */
function pricesValid(value: FormValue, ctx: z.RefinementCtx) {
  const shape = gridShapeOf(value)
  const check = (row: { colorPrice?: (number | undefined)[]; colorSalePrice?: (number | undefined)[] }, inherited: number, path: (string | number)[]) => {
    value.colors.forEach((_, j) => {
      const [price, sale] = [row.colorPrice?.[j], row.colorSalePrice?.[j]]
      if (price !== undefined && price <= 0) ctx.addIssue({ code: 'custom', path: [...path, 'colorPrice', j], message: 'Price must be more than 0' })
      if (sale !== undefined && sale > 0 && sale >= (price ?? inherited)) {
        ctx.addIssue({ code: 'custom', path: [...path, 'colorSalePrice', j], message: 'Sale price must be less than the price' })
      }
    })
  }
  if (shape === 'color') check(value, value.price, [])
  if (shape === 'optionColor') {
    value.varieties.forEach((option, i) => {
      check(option, option.price, ['varieties', i])
    })
  }
  // A combination with the second group (ADR 091): its own price, else the option's.
  value.varieties.forEach((option, i) => {
    value.options2.forEach((_, k) => {
      const cell = option.combos?.[k]
      const path = ['varieties', i, 'combos', k]
      if (cell === undefined) return
      if (shape === 'option2Color') check(cell, option.price, path)
      if (shape !== 'option2') return
      if (cell.price !== undefined && cell.price <= 0) ctx.addIssue({ code: 'custom', path: [...path, 'price'], message: 'Price must be more than 0' })
      if (cell.salePrice !== undefined && cell.salePrice > 0 && cell.salePrice >= (cell.price ?? option.price)) {
        ctx.addIssue({ code: 'custom', path: [...path, 'salePrice'], message: 'Sale price must be less than the price' })
      }
    })
  })
}

type Cell = z.output<typeof option2Cell>

/**
 * An option's stock per second option (ADR 091) from its cells: each combination's stock and own
 * prices (an empty price box: none of its own, so the option's), or its stock and prices by colour.
 */
function byOption2Of(shape: 'option2' | 'option2Color', options2: string[], colors: string[], cells: Cell[] | undefined) {
  return Object.fromEntries(
    options2.map((name, k) => {
      const cell = cells?.[k] ?? {}
      if (shape === 'option2Color') return [name, { stockByColor: byColor(colors, cell.colorStock), ...pricesOf(colors, cell) }]
      return [name, { stock: cell.stock ?? 0, ...(cell.price === undefined ? {} : { price: cell.price }), ...(cell.salePrice === undefined ? {} : { salePrice: cell.salePrice }) }]
    }),
  )
}

/**
 * The variants' own making times the grid's boxes give (issue 27, as /api's variantMadeToOrderDays):
 * keyed as the grid keeps stock, only the boxes filled; a grid per option alone has no such boxes.
 */
function variantDaysOf(value: FormValue, shape: StockBy | null): ProductInput['variantMadeToOrderDays'] {
  if (shape === null || shape === 'option') return undefined
  const row = (days: (number | undefined)[] | undefined, option: string, option2 = '') =>
    value.colors.flatMap((color, j) => (days?.[j] === undefined ? [] : [{ option, option2, color, madeToOrderDays: days[j] }]))
  if (shape === 'color') return row(value.colorDays, '')
  return value.varieties.flatMap((option, i) => {
    if (shape === 'optionColor') return row(option.colorDays, option.name)
    return value.options2.flatMap((option2, k) => {
      const cell = value.varieties[i]?.combos?.[k]
      if (shape === 'option2Color') return row(cell?.colorDays, option.name, option2)
      return cell?.days === undefined ? [] : [{ option: option.name, option2, color: '', madeToOrderDays: cell.days }]
    })
  })
}

/**
 * The product input the form's values stand for, and whether it keeps stock per variant: the grid's
 * boxes become each option's `stock` or `stockByColor`, or the product's `stockByColor`; with the switch
 * off no stock per variant is given. An empty option group name is sent as '' (it clears the name).
 */
export function toProductInput(value: FormValue): { input: ProductInput; stockPerVariant: boolean } {
  const { packageFields, variantStock: _switch, stockByOption: _byOption, colorStock, colorPrice, colorSalePrice, colorDays: _days, colorPicture, varieties, personalFields, options2, option2Label, ...product } = value
  const shape = gridShapeOf(value)
  const pictureOf = (n: number | undefined) => (n === undefined ? '' : (value.images[n - 1] ?? ''))
  const input: ProductInput = {
    ...product,
    // The form always shows the product's fields: none sent is none kept.
    personalization: personalFields.map(({ addOn, required, ...field }) => ({
      ...field,
      maxLength: field.kind === 'date' ? 10 : field.maxLength,
      required: required === 'on',
      pricePaise: addOn ?? 0,
    })),
    optionLabel: product.optionLabel ?? '',
    // The sheet always shows the second group (ADR 091): none sent is none kept.
    options2,
    option2Label: options2.length > 0 ? (option2Label ?? '') : '',
    // The sheet always shows the country (an emptied box, or a post without it, is the default, India)
    // and asks the materials of jewellery only (ADR 083): another category's are none.
    countryOfOrigin: product.countryOfOrigin ?? DEFAULT_COUNTRY_OF_ORIGIN,
    materials: asksMaterials(product.category) ? (product.materials ?? '') : '',
    // The weight and box (issue 30): a sheet that shows them sends an empty box as the category's
    // (null); a post without them (an older page) keeps what is stored.
    ...(packageFields === 'on'
      ? { weightGrams: product.weightGrams ?? null, lengthCm: product.lengthCm ?? null, breadthCm: product.breadthCm ?? null, heightCm: product.heightCm ?? null }
      : {}),
    stockByColor: shape === 'color' ? byColor(value.colors, colorStock) : undefined,
    ...(shape === 'color' ? pricesOf(value.colors, { colorPrice, colorSalePrice }) : {}),
    colorImages: Object.fromEntries(value.colors.map((color, j) => [color, pictureOf(colorPicture?.[j])]).filter(([, url]) => url !== '')),
    varieties: varieties.map(({ colorStock: boxes, colorPrice: prices, colorSalePrice: sales, colorDays: _variantDays, stock, stockByColor: _given, byOption2: _cells, combos, picture, ...option }) => ({
      ...option,
      image: pictureOf(picture),
      ...(shape === 'option' ? { stock } : {}),
      ...(shape === 'optionColor' ? { stockByColor: byColor(value.colors, boxes), ...pricesOf(value.colors, { colorPrice: prices, colorSalePrice: sales }) } : {}),
      ...(shape === 'option2' || shape === 'option2Color' ? { byOption2: byOption2Of(shape, options2, value.colors, combos) } : {}),
    })),
  }
  // The grid's making time boxes (issue 27): with them shown, an emptied one clears the variant's own.
  const variantDays = variantDaysOf(value, shape)
  if (variantDays !== undefined) input.variantMadeToOrderDays = variantDays
  if (input.stockByColor === undefined) delete input.stockByColor
  return { input, stockPerVariant: shape !== null }
}

/** The personalisation rows' labels are different, case aside (the /api's personalizationSchema says the same). */
function labelsDifferent(value: FormValue, ctx: z.RefinementCtx) {
  const labels = value.personalFields.map((f) => f.label.toLowerCase())
  labels.forEach((label, index) => {
    if (labels.indexOf(label) !== index) ctx.addIssue({ code: 'custom', path: ['personalFields', index, 'label'], message: 'Labels must be different' })
  })
}

/** The form's schema; its value goes through toProductInput before the domain sees it. */
export const productFormSchema = formSchema.superRefine(everyBoxFilled).superRefine(pricesValid).superRefine(picturesExist).superRefine(labelsDifferent)
