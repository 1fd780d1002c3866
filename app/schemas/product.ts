// The admin product form and the admin products API: one schema (docs/spec "Product form").
import { z } from 'zod'
import { CATEGORY_IDS, PRODUCT_LIMITS, PRODUCT_MESSAGES, VARIETY_TYPES } from '~/lib/catalog'
import { DISPATCH_LIMITS, DISPATCH_MESSAGES } from '~/lib/dispatch'
import { isUploadUrl } from '~/lib/images'
import { isWholePaise, rupeesToPaise } from '~/lib/money'
import type { Priced } from '~/lib/pricing'
import { cleanPersonalText, PERSONALIZATION_KINDS, PERSONALIZATION_LIMITS, textLength } from '~/lib/personalization'
import { cleanFact, PRODUCT_FACTS_LIMITS, PRODUCT_FACTS_MESSAGES } from '~/lib/product-facts'
import { PACKAGE_MAX, PACKAGE_MESSAGES, type PackageField } from '~/lib/product-package'

const MAX_RUPEES = 1_000_000

/**
 * Rupees as typed (e.g. "1499" or "1499.50"), parsed once into integer paise. A bad amount aborts,
 * so the cross-field checks below (sale below price) only ever compare two valid amounts in paise.
 */
const rupees = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} cannot be negative`, abort: true })
    .max(MAX_RUPEES, { error: `${label} can be at most ₹10,00,000`, abort: true })
    .refine(isWholePaise, { error: `${label} can have at most 2 decimals`, abort: true })
    .transform(rupeesToPaise)

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} can be at most ${max} characters` })

/**
 * A product page fact as typed (issue 32, ADR 083): one line, cleaned (NFC, trimmed), no control
 * characters, at most `max` characters (code points); `required` refuses ''.
 */
const fact = (max: number, messages: { long: string; control: string; required?: string }) =>
  z.string({ error: messages.required ?? messages.long }).transform((value, ctx) => {
    const clean = cleanFact(value)
    if (clean === null) ctx.addIssue({ code: 'custom', message: messages.control })
    else if (messages.required && clean === '') ctx.addIssue({ code: 'custom', message: messages.required })
    else if (textLength(clean) > max) ctx.addIssue({ code: 'custom', message: messages.long })
    return clean ?? ''
  })

/** The country of origin as typed: not '' (an /api body may leave it out: kept, or India for a new product). */
const countryOfOriginSchema = fact(PRODUCT_FACTS_LIMITS.countryOfOrigin, {
  long: PRODUCT_FACTS_MESSAGES.countryLong,
  control: PRODUCT_FACTS_MESSAGES.countryControl,
  required: PRODUCT_FACTS_MESSAGES.countryRequired,
})
const materialsSchema = fact(PRODUCT_FACTS_LIMITS.materials, { long: PRODUCT_FACTS_MESSAGES.materialsLong, control: PRODUCT_FACTS_MESSAGES.materialsControl })

/**
 * One of the packed piece's measures (issue 30, ADR 085): a whole number within its limits; null is
 * "the category's" (an /api body's null, the sheet's emptied box); left out, an edit keeps it.
 */
const packageMeasure = (field: PackageField) =>
  z.preprocess(
    // A blank box read as it was given (the form's values, say) is the category's, as null is.
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.coerce
      .number({ error: PACKAGE_MESSAGES[field] })
      .int({ error: PACKAGE_MESSAGES[field] })
      .min(1, { error: PACKAGE_MESSAGES[field] })
      .max(PACKAGE_MAX[field], { error: PACKAGE_MESSAGES[field] })
      .nullable()
      .optional(),
  )

/** A stock as typed: a whole number of pieces, 0 to 100000. */
export const stockCount = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(100_000, { error: `${label} can be at most 100000` })

/** A making time as typed (ADR 070): whole working days, 0 (ready to ship) to DISPATCH_LIMITS.madeToOrderDays. */
export const madeToOrderDays = z.coerce
  .number({ error: DISPATCH_MESSAGES.madeToOrderDays })
  .int({ error: DISPATCH_MESSAGES.madeToOrderDays })
  .min(0, { error: DISPATCH_MESSAGES.madeToOrderDays })
  .max(DISPATCH_LIMITS.madeToOrderDays, { error: DISPATCH_MESSAGES.madeToOrderDays })

/** Stock per colour ({colour: pieces}); the colours must be the product's (checked below). */
const stockByColor = z.record(z.string(), stockCount('Stock'), { error: 'Stock by color must name colors and their stock' })

/** A variant's own price or sale price per colour ({colour: rupees}, ADR 071); the colours those of the stock by colour beside it. */
const pricesByColor = (label: string) => z.record(z.string(), rupees(label), { error: `${label} by color must name colors and their price` })
/** Both, as an option or a colour-only product carries them. */
const variantPrices = {
  priceByColor: pricesByColor('Price').optional(),
  salePriceByColor: pricesByColor('Sale price').optional(),
}

/**
 * The stock (and own prices) of one option combined with one option of the second group (ADR 077):
 * its own stock, or stock by colour; a price and sale price of its own (a variant keyed by both
 * options), and by colour.
 */
const option2StockSchema = z.object({
  stock: stockCount('Stock').optional(),
  stockByColor: stockByColor.optional(),
  price: rupees('Price').optional(),
  salePrice: rupees('Sale price').optional(),
  ...variantPrices,
})

export const varietySchema = z.object({
  name: text('Option name', 60),
  price: rupees('Option price').refine((p) => p > 0, { error: 'Option price must be more than 0' }),
  salePrice: rupees('Option sale price').optional().default(0),
  /** The option's own stock (ADR 061); with stockByColor, their sum. */
  stock: stockCount('Stock').optional(),
  stockByColor: stockByColor.optional(),
  ...variantPrices,
  /** Stock per option of the second group (ADR 077): {option2: {stock?, stockByColor?, price?, ...}}. */
  byOption2: z.record(z.string(), option2StockSchema, { error: 'Stock by second option must name its options' }).optional(),
  /** The option's own picture: one of the product's images (checked below); '' for none. */
  image: z.string().optional(),
  /** The option's own making time (ADR 070); not given: the product's. */
  madeToOrderDays: madeToOrderDays.optional(),
})

/** A personalisation field's label: NFC, trimmed, no control characters (ADR 069). */
const personalLabel = z
  .string({ error: 'Label is required' })
  .transform((value, ctx) => {
    const clean = cleanPersonalText(value)
    if (clean === null) ctx.addIssue({ code: 'custom', message: 'Label cannot contain control characters' })
    return clean ?? ''
  })
  .pipe(
    z
      .string()
      .min(1, { error: 'Label is required' })
      .max(PERSONALIZATION_LIMITS.label, { error: `Label can be at most ${PERSONALIZATION_LIMITS.label} characters` }),
  )

/** One personalisation field as the /api gives it: {label, kind, maxLength, required, pricePaise?}. */
export const personalizationFieldSchema = z.object({
  label: personalLabel,
  kind: z.enum(PERSONALIZATION_KINDS, { error: 'Kind must be text or date' }).optional().default('text'),
  maxLength: z.coerce
    .number({ error: 'Max length must be a number' })
    .int({ error: 'Max length must be a whole number' })
    .min(1, { error: 'Max length must be at least 1' })
    .max(PERSONALIZATION_LIMITS.maxLength, { error: `Max length can be at most ${PERSONALIZATION_LIMITS.maxLength}` })
    .optional()
    .default(PERSONALIZATION_LIMITS.maxLength),
  required: z.boolean({ error: 'Required must be true or false' }).optional().default(false),
  pricePaise: z.coerce
    .number({ error: 'Price add-on must be a number' })
    .int({ error: 'Price add-on must be whole paise' })
    .min(0, { error: 'Price add-on cannot be negative' })
    .max(PERSONALIZATION_LIMITS.addOnPaise, { error: 'Price add-on can be at most ₹10,000' })
    .optional()
    .default(0),
})

/** Up to three fields, labels different (case aside); a date field's length is a date's. */
export const personalizationSchema = z
  .array(personalizationFieldSchema, { error: 'Personalization must be a list of fields' })
  .max(PERSONALIZATION_LIMITS.fields, { error: `At most ${PERSONALIZATION_LIMITS.fields} personalization fields` })
  .superRefine((fields, ctx) => {
    const labels = fields.map((f) => f.label.toLowerCase())
    labels.forEach((label, index) => {
      if (labels.indexOf(label) !== index) ctx.addIssue({ code: 'custom', path: [index, 'label'], message: 'Labels must be different' })
    })
  })
  .transform((fields) => fields.map((f) => (f.kind === 'date' ? { ...f, maxLength: 10 } : f)))

export const productSchema = z
  .object({
    title: text('Title', 120),
    description: text('Description', 2000),
    category: z.enum(CATEGORY_IDS, { error: 'Choose a category' }),
    price: rupees('Price').refine((p) => p > 0, { error: 'Price must be more than 0' }),
    salePrice: rupees('Sale price').optional().default(0),
    totalStock: z.coerce
      .number({ error: 'Total stock must be a number' })
      .int({ error: 'Total stock must be a whole number' })
      .min(0, { error: 'Total stock cannot be negative' })
      .max(100_000, { error: 'Total stock can be at most 100000' }),
    varietyType: z.enum(['', ...VARIETY_TYPES]).optional().default(''),
    /** The owner's name for the option group ('Chain'); '' reads as the variety type's ('Size'). */
    optionLabel: z.string().trim().max(40, { error: 'Option name can be at most 40 characters' }).optional(),
    /** The second option group's name ('Chain', ADR 077) and its options; left out, an edit keeps them. */
    option2Label: z.string().trim().max(40, { error: 'Option name can be at most 40 characters' }).optional(),
    options2: z.array(text('Option name', 60)).max(PRODUCT_LIMITS.options, { error: PRODUCT_MESSAGES.tooManyOptions }).optional(),
    /** Working days the studio takes to make it (ADR 070); 0, or not given: ready to ship. */
    madeToOrderDays: madeToOrderDays.optional().default(0),
    /** Stock per colour of a product without options (ADR 061). */
    stockByColor: stockByColor.optional(),
    /**
     * The variants' own making times (issue 27, /api only): each names a variant as its stock is keyed
     * ('' for a part it is not keyed by); left out, an edit keeps them; given, a variant not named has none.
     */
    variantMadeToOrderDays: z
      .array(
        z.object({
          option: z.string().optional().default(''),
          option2: z.string().optional().default(''),
          color: z.string().optional().default(''),
          madeToOrderDays,
        }),
        { error: 'Variant making times must be a list' },
      )
      .max(1000)
      .optional(),
    /** The product page's facts (issue 32, ADR 083); left out, an edit keeps them and a new product is from India, materials ''. */
    countryOfOrigin: countryOfOriginSchema.optional(),
    materials: materialsSchema.optional(),
    /** The packed piece's weight and box (issue 30, ADR 085); null: the category's; left out: kept (a new product: the category's). */
    weightGrams: packageMeasure('weightGrams'),
    lengthCm: packageMeasure('lengthCm'),
    breadthCm: packageMeasure('breadthCm'),
    heightCm: packageMeasure('heightCm'),
    ...variantPrices,
    /** A colour's own picture ({colour: one of the product's images}), shown when it is picked. */
    colorImages: z.record(z.string(), z.string(), { error: 'Color pictures must name colors and their picture' }).optional(),
    /** The personalisation fields (ADR 069); left out, an edit keeps the product's. */
    personalization: personalizationSchema.optional(),
    varieties: z.array(varietySchema).max(PRODUCT_LIMITS.options, { error: PRODUCT_MESSAGES.tooManyOptions }).optional().default([]),
    colors: z.array(text('Color', 40)).max(PRODUCT_LIMITS.colors, { error: PRODUCT_MESSAGES.tooManyColors }).optional().default([]),
    images: z
      .array(z.string().refine(isUploadUrl, { error: PRODUCT_MESSAGES.unknownImage }))
      .max(PRODUCT_LIMITS.images, { error: PRODUCT_MESSAGES.tooManyImages })
      .optional()
      .default([]),
  })
  .superRefine((p, ctx) => {
    if (p.salePrice > 0 && p.salePrice >= p.price) {
      ctx.addIssue({ code: 'custom', path: ['salePrice'], message: 'Sale price must be less than the price' })
    }
    if (p.varietyType && p.varieties.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['varieties'], message: 'Add at least one option, or choose no variety' })
    }
    const names = p.varieties.map((v) => v.name.toLowerCase())
    if (new Set(names).size !== names.length) {
      ctx.addIssue({ code: 'custom', path: ['varieties'], message: 'Option names must be different' })
    }
    p.varieties.forEach((v, index) => {
      if (v.salePrice > 0 && v.salePrice >= v.price) {
        ctx.addIssue({ code: 'custom', path: ['varieties', index, 'salePrice'], message: 'Sale price must be less than the price' })
      }
    })
    const colors = p.colors.map((c) => c.toLowerCase())
    if (new Set(colors).size !== colors.length) {
      ctx.addIssue({ code: 'custom', path: ['colors'], message: 'Colors must be different' })
    }
    checkVariantStock(p, ctx)
    checkSecondGroup(p, ctx)
    p.varieties.forEach((v, index) => {
      if (p.varietyType) checkVariantPrices(v, { pricePaise: v.price, salePricePaise: v.salePrice }, ['varieties', index], ctx)
    })
    checkVariantPrices(p, { pricePaise: p.price, salePricePaise: p.salePrice }, [], ctx)
    checkChoicePictures(p, ctx)
  })

type PricedByColor = { stockByColor?: Record<string, number>; priceByColor?: Record<string, number>; salePriceByColor?: Record<string, number> }

/**
 * A variant's own prices (ADR 071) name colours whose stock is given beside them (the variants), a
 * price above 0, and a sale price below the price the variant sells at (its own, else `inherited`'s).
 */
function checkVariantPrices(v: PricedByColor, inherited: Priced, path: (string | number)[], ctx: z.RefinementCtx) {
  for (const key of ['priceByColor', 'salePriceByColor'] as const) {
    const given = v[key]
    if (given === undefined) continue
    const unknown = Object.keys(given).filter((color) => !Object.hasOwn(v.stockByColor ?? {}, color))
    if (v.stockByColor === undefined) ctx.addIssue({ code: 'custom', path: [...path, key], message: 'Give the stock by color with its prices' })
    else if (unknown.length) ctx.addIssue({ code: 'custom', path: [...path, key], message: `No stock by color for: ${unknown.join(', ')}` })
  }
  for (const [color, price] of Object.entries(v.priceByColor ?? {})) {
    if (price <= 0) ctx.addIssue({ code: 'custom', path: [...path, 'priceByColor'], message: `Price of ${color} must be more than 0` })
  }
  for (const [color, sale] of Object.entries(v.salePriceByColor ?? {})) {
    const price = v.priceByColor?.[color] ?? inherited.pricePaise
    if (sale > 0 && sale >= price) ctx.addIssue({ code: 'custom', path: [...path, 'salePriceByColor'], message: `Sale price of ${color} must be less than its price` })
  }
}

/** The messages of the second option group (ADR 077), shared by the /api and the product form. */
export const OPTION2_MESSAGES = {
  needsOptions: 'A second option group needs a first: choose a variety and add its options',
  needsLabel: 'Name the second option group',
  different: 'Second option names must be different',
  unknown: (names: string[]) => `Not an option of the second group: ${names.join(', ')}`,
  both: 'Give the stock by color on the option or per second option, not both',
  sum: 'Stock must be the sum of its stock by second option',
} as const

type SecondGroupInput = {
  varietyType: string
  varieties: { byOption2?: Record<string, z.infer<typeof option2StockSchema>>; stock?: number; stockByColor?: Record<string, number>; price: number; salePrice: number }[]
  colors: string[]
  option2Label?: string
  options2?: string[]
}

/**
 * The second group (ADR 077): only beside a first (a variety with options), named, its options
 * different; each option's stock per second option names options of the group, colours of the
 * product, a stock the sum of its stock by colour, and prices beside their stock.
 */
function checkSecondGroup(p: SecondGroupInput, ctx: z.RefinementCtx) {
  const options2 = p.options2 ?? []
  if (options2.length > 0 && (!p.varietyType || p.varieties.length === 0)) ctx.addIssue({ code: 'custom', path: ['options2'], message: OPTION2_MESSAGES.needsOptions })
  if (options2.length > 0 && !p.option2Label) ctx.addIssue({ code: 'custom', path: ['option2Label'], message: OPTION2_MESSAGES.needsLabel })
  const names = options2.map((o) => o.toLowerCase())
  if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', path: ['options2'], message: OPTION2_MESSAGES.different })
  p.varieties.forEach((v, index) => {
    if (v.byOption2 === undefined) return
    const path = ['varieties', index, 'byOption2']
    const unknown = Object.keys(v.byOption2).filter((name) => !options2.includes(name))
    if (unknown.length) ctx.addIssue({ code: 'custom', path, message: OPTION2_MESSAGES.unknown(unknown) })
    if (v.stockByColor !== undefined) ctx.addIssue({ code: 'custom', path, message: OPTION2_MESSAGES.both })
    const entryStock = (e: z.infer<typeof option2StockSchema>) => e.stock ?? Object.values(e.stockByColor ?? {}).reduce((a, b) => a + b, 0)
    if (v.stock !== undefined && v.stock !== Object.values(v.byOption2).reduce((sum, e) => sum + entryStock(e), 0)) {
      ctx.addIssue({ code: 'custom', path: ['varieties', index, 'stock'], message: OPTION2_MESSAGES.sum })
    }
    for (const [name, entry] of Object.entries(v.byOption2)) {
      const at = [...path, name]
      const colours = Object.keys(entry.stockByColor ?? {}).filter((color) => !p.colors.includes(color))
      if (colours.length) ctx.addIssue({ code: 'custom', path: [...at, 'stockByColor'], message: `Not a color of this product: ${colours.join(', ')}` })
      if (entry.stock !== undefined && entry.stockByColor !== undefined && Object.values(entry.stockByColor).reduce((a, b) => a + b, 0) !== entry.stock) {
        ctx.addIssue({ code: 'custom', path: [...at, 'stock'], message: 'Stock must be the sum of its stock by color' })
      }
      if ((entry.price !== undefined || entry.salePrice !== undefined) && entry.stock === undefined) {
        ctx.addIssue({ code: 'custom', path: [...at, 'price'], message: 'Give the stock with its price' })
      }
      if (entry.price !== undefined && entry.price <= 0) ctx.addIssue({ code: 'custom', path: [...at, 'price'], message: 'Price must be more than 0' })
      const sellsAt = entry.price ?? v.price
      if (entry.salePrice !== undefined && entry.salePrice > 0 && entry.salePrice >= sellsAt) {
        ctx.addIssue({ code: 'custom', path: [...at, 'salePrice'], message: 'Sale price must be less than the price' })
      }
      checkVariantPrices(entry, { pricePaise: sellsAt, salePricePaise: entry.salePrice ?? v.salePrice }, at, ctx)
    }
  })
}

/** The one message for a colour's or an option's picture that is not one of the product's (the /api and the form). */
export const PICTURE_NOT_OURS = "Choose one of this product's pictures"

/** A colour's or an option's picture is one of the product's images, of a colour it has. */
function checkChoicePictures(p: { images: string[]; colors: string[]; varieties: { image?: string }[]; colorImages?: Record<string, string> }, ctx: z.RefinementCtx) {
  const notOurs = (url: string | undefined) => url !== undefined && url !== '' && !p.images.includes(url)
  p.varieties.forEach((v, index) => {
    if (notOurs(v.image)) ctx.addIssue({ code: 'custom', path: ['varieties', index, 'image'], message: PICTURE_NOT_OURS })
  })
  for (const [color, url] of Object.entries(p.colorImages ?? {})) {
    if (!p.colors.includes(color)) ctx.addIssue({ code: 'custom', path: ['colorImages'], message: `Not a color of this product: ${color}` })
    else if (notOurs(url)) ctx.addIssue({ code: 'custom', path: ['colorImages'], message: PICTURE_NOT_OURS })
  }
}

/**
 * Stock per variant (ADR 061) is given for every option or for none, by colour only with colours
 * the product has, and per colour on the options when the product has options.
 */
function checkVariantStock(
  p: { varietyType: string; varieties: { stock?: number; stockByColor?: Record<string, number>; byOption2?: object }[]; colors: string[]; stockByColor?: Record<string, number> },
  ctx: z.RefinementCtx,
) {
  const unknownColors = (given: Record<string, number>) => Object.keys(given).filter((color) => !p.colors.includes(color))
  const options = p.varietyType ? p.varieties : []
  const given = (v: (typeof options)[number]) => v.stock !== undefined || v.stockByColor !== undefined || v.byOption2 !== undefined
  const stocked = options.filter(given).length
  options.forEach((v, index) => {
    if (stocked > 0 && !given(v)) {
      ctx.addIssue({ code: 'custom', path: ['varieties', index, 'stock'], message: 'Give the stock of every option, or of none' })
    }
    const unknown = v.stockByColor ? unknownColors(v.stockByColor) : []
    if (unknown.length) {
      ctx.addIssue({ code: 'custom', path: ['varieties', index, 'stockByColor'], message: `Not a color of this product: ${unknown.join(', ')}` })
    }
    if (v.stock !== undefined && v.stockByColor !== undefined && Object.values(v.stockByColor).reduce((a, b) => a + b, 0) !== v.stock) {
      ctx.addIssue({ code: 'custom', path: ['varieties', index, 'stock'], message: 'Stock must be the sum of its stock by color' })
    }
  })
  if (p.stockByColor === undefined) return
  if (options.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['stockByColor'], message: 'Give the stock by color on each option' })
  } else if (unknownColors(p.stockByColor).length) {
    ctx.addIssue({ code: 'custom', path: ['stockByColor'], message: `Not a color of this product: ${unknownColors(p.stockByColor).join(', ')}` })
  } else if (Object.keys(p.stockByColor).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['stockByColor'], message: 'Give the stock of at least one color' })
  }
}

export type ProductInput = z.infer<typeof productSchema>
