// The admin /api adapters' helpers: the docs/spec product shape (variety {type, options|sizes|packs},
// image + images) turned into productSchema's input, field errors named back in that shape, and
// one page of the full catalogue. Reading an upload's multipart form is in multipart.server.ts.
import type { DB } from '../../db/database'
import type { VarietyType } from '~/lib/catalog'
import { type ProductInput, productSchema } from '~/schemas/product'
import { toApiProduct } from './serializers.server'
import { listProducts, type ProductDetail, withDetails } from '~/domain/catalog/catalog.server'
import { Invalid, parseInput } from '~/domain/errors'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Where each variety type keeps its list in the API, and what its option's name is called. */
const VARIETY_LISTS = {
  choice: { list: 'options', name: 'name' },
  size: { list: 'sizes', name: 'size' },
  pack: { list: 'packs', name: 'packName' },
} as const satisfies Record<VarietyType, { list: string; name: string }>

type VarietyKind = keyof typeof VARIETY_LISTS

const isVarietyKind = (value: unknown): value is VarietyKind => typeof value === 'string' && Object.hasOwn(VARIETY_LISTS, value)

/**
 * An amount as the schema should see it: numbers and numeric text pass; blank or null is "not
 * given" (a required amount is then refused, an optional one defaults); true, [5] or {} are refused
 * instead of being coerced to 1, 5 or 0.
 */
function amount(value: unknown): unknown {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number') return value
  if (typeof value === 'string') return value.trim() === '' ? undefined : value
  return 'not a number'
}

/** {colour: stock} (or {colour: rupees}) as the schema should see it: each as amount() reads it; null is "not given". */
function stockMap(value: unknown): unknown {
  if (value === undefined || value === null) return undefined
  if (!isObject(value)) return value
  return Object.fromEntries(Object.entries(value).map(([color, stock]) => [color, amount(stock) ?? 'not a number']))
}

function toVarieties(variety: unknown): { varietyType: unknown; varieties: unknown } {
  if (variety === undefined || variety === null || variety === '') return { varietyType: '', varieties: [] }
  if (!isObject(variety)) return { varietyType: variety, varieties: [] }
  const type = variety.type ?? ''
  if (type === '') return { varietyType: '', varieties: [] }
  if (!isVarietyKind(type)) return { varietyType: type, varieties: [] }
  const { list, name } = VARIETY_LISTS[type]
  // The type's own list; `options` is accepted for every type (the admin form's generic editor).
  const items = variety[list] ?? variety.options ?? []
  if (!Array.isArray(items)) return { varietyType: type, varieties: items }
  return {
    varietyType: type,
    varieties: items.map((item) => {
      if (!isObject(item)) return item
      const option: Json = { name: item[name] ?? item.name, price: amount(item.price) }
      // Packs carry a price only (docs/spec/entities.md).
      if (type !== 'pack') option.salePrice = amount(item.salePrice)
      // Stock per variant (ADR 061), an optional extra.
      option.stock = amount(item.stock)
      option.stockByColor = stockMap(item.stockByColor)
      // Its colours' own prices (ADR 071), optional extras in rupees.
      option.priceByColor = stockMap(item.priceByColor)
      option.salePriceByColor = stockMap(item.salePriceByColor)
      // Stock per option of the second group (ADR 077), an optional extra.
      option.byOption2 = byOption2Map(item.byOption2)
      // Its own picture, an optional extra: one of the product's images, '' for none.
      option.image = orNothing(item.image)
      // The option's own making time (ADR 070), an optional extra; null or absent: the product's.
      option.madeToOrderDays = amount(item.madeToOrderDays)
      return option
    }),
  }
}

/** {option2: {stock, stockByColor, price, salePrice, priceByColor, salePriceByColor}} as the schema should see it. */
function byOption2Map(value: unknown): unknown {
  if (value === undefined || value === null) return undefined
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([name, entry]) => [
      name,
      isObject(entry)
        ? {
            stock: amount(entry.stock),
            stockByColor: stockMap(entry.stockByColor),
            price: amount(entry.price),
            salePrice: amount(entry.salePrice),
            priceByColor: stockMap(entry.priceByColor),
            salePriceByColor: stockMap(entry.salePriceByColor),
          }
        : entry,
    ]),
  )
}

/** The second group (ADR 077) `{label, options: [name | {name}]}`: left out keeps it (an edit), null removes it. */
function toOptions2(value: unknown): Json {
  if (value === undefined) return {}
  if (value === null) return { option2Label: '', options2: [] }
  if (!isObject(value)) return { options2: value }
  const options = Array.isArray(value.options) ? value.options.map((o) => (isObject(o) ? o.name : o)) : (value.options ?? [])
  return { option2Label: orNothing(value.label), options2: options }
}

function toImages(image: unknown, images: unknown): unknown {
  const list = images === undefined || images === null ? [] : typeof images === 'string' ? [images] : images
  if (!Array.isArray(list)) return list
  const first = typeof image === 'string' && image.trim() !== '' ? [image.trim()] : []
  return [...new Set([...first, ...list])]
}

const orNothing = (value: unknown) => (value === null ? undefined : value)

/** One measure of the weight and box as the schema should see it: null (or blank) is the category's; true, [5] or {} are refused. */
const measure = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : amount(value))

/**
 * The packed piece's weight and box (issue 30, ADR 085), optional extras: `weightGrams`, and
 * `dimensionsCm` {length, breadth, height} (a side left out or null: the category's; null: all three
 * the category's). Left out, an edit keeps what is stored and a new product takes its category's.
 */
function toPackage(b: Json): Json {
  const out: Json = {}
  if (Object.hasOwn(b, 'weightGrams') && b.weightGrams !== undefined) out.weightGrams = measure(b.weightGrams)
  if (!Object.hasOwn(b, 'dimensionsCm') || b.dimensionsCm === undefined) return out
  const box = b.dimensionsCm
  if (box === null) return { ...out, lengthCm: null, breadthCm: null, heightCm: null }
  // Not an object: each side is refused (named dimensionsCm.length and so on).
  if (!isObject(box)) return { ...out, lengthCm: 'not a number', breadthCm: 'not a number', heightCm: 'not a number' }
  return { ...out, lengthCm: measure(box.length ?? null), breadthCm: measure(box.breadth ?? null), heightCm: measure(box.height ?? null) }
}

/** The schema's names of the box's sides in the API's words. */
const BOX_FIELDS: Record<string, string> = { lengthCm: 'dimensionsCm.length', breadthCm: 'dimensionsCm.breadth', heightCm: 'dimensionsCm.height' }

/**
 * productSchema's input from the docs/spec product JSON: {title, description, category, price,
 * salePrice, totalStock, image, images, colors, variety: {type, options|sizes|packs}}, and the extras
 * (optionLabel, stockByColor, priceByColor, salePriceByColor, madeToOrderDays, countryOfOrigin, materials,
 * weightGrams, dimensionsCm).
 * Anything else in the body (an `_id`, say, or an `averageReview`: the reviews make it, ADR 062) is dropped.
 */
export function fromApiProduct(body: unknown): Json {
  const b = isObject(body) ? body : {}
  return {
    title: b.title,
    description: b.description,
    category: b.category,
    price: amount(b.price),
    salePrice: amount(b.salePrice),
    totalStock: amount(b.totalStock),
    madeToOrderDays: amount(b.madeToOrderDays),
    ...toVarieties(b.variety),
    optionLabel: orNothing(b.optionLabel),
    ...toOptions2(b.options2),
    stockByColor: stockMap(b.stockByColor),
    variantMadeToOrderDays: orNothing(b.variantMadeToOrderDays),
    priceByColor: stockMap(b.priceByColor),
    salePriceByColor: stockMap(b.salePriceByColor),
    colorImages: orNothing(b.colorImages),
    personalization: orNothing(b.personalization),
    countryOfOrigin: orNothing(b.countryOfOrigin),
    materials: orNothing(b.materials),
    ...toPackage(b),
    colors: orNothing(b.colors),
    images: toImages(b.image, b.images),
  }
}

/** A schema error's field in the API's words (e.g. `varieties.0.name` -> `variety.sizes.0.size`). */
function apiField(field: string, varietyType: unknown): string {
  if (Object.hasOwn(BOX_FIELDS, field)) return BOX_FIELDS[field] ?? field
  if (field === 'option2Label') return 'options2.label'
  if (field.startsWith('options2')) return field.replace(/^options2/, 'options2.options')
  if (!field.startsWith('varieties') && field !== 'varietyType') return field
  if (field === 'varietyType') return 'variety.type'
  if (!isVarietyKind(varietyType)) return field.replace(/^varieties/, 'variety')
  const { list, name } = VARIETY_LISTS[varietyType]
  return field.replace(/^varieties/, `variety.${list}`).replace(/\.name$/, `.${name}`)
}

/** Validates a docs/spec product body with productSchema; errors are keyed by the API's field names. */
export function parseApiProduct(body: unknown): ProductInput {
  const input = fromApiProduct(body)
  try {
    return parseInput(productSchema, input)
  } catch (error) {
    if (!(error instanceof Invalid)) throw error
    const errors: Record<string, string[]> = {}
    for (const [field, messages] of Object.entries(error.errors)) {
      const key = apiField(field, input.varietyType)
      errors[key] = [...(errors[key] ?? []), ...messages]
    }
    throw new Invalid(errors)
  }
}

/**
 * The body of an edit: fields left out keep their current values (an edit without `images` keeps
 * the product's pictures, as docs/spec's edit form uploads none; an `image` alone becomes the first
 * picture); `variety: null` removes the variety, `images: []` the pictures. `current` is
 * the product as read.
 */
export function editBody(current: ProductDetail, body: unknown): unknown {
  if (!isObject(body)) return body
  const merged: Json = withoutVariantStock(toApiProduct(current))
  merged.optionLabel = current.ownOptionLabel
  delete merged.image
  // An edit that does not speak of the second group keeps it as it is (ADR 077).
  if (!Object.hasOwn(body, 'options2')) delete merged.options2
  const given = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => value !== undefined && !(key === 'images' && value === null)),
  )
  return { ...merged, ...given }
}

/**
 * The product as read, less its stock per variant: an edit that gives none keeps the variants
 * (saveVariantStock), one that gives some replaces them.
 */
function withoutVariantStock(product: ReturnType<typeof toApiProduct>): Json {
  const { stockByColor: _, priceByColor: _p, salePriceByColor: _sp, variety, ...rest } = product
  if (!variety) return { ...rest, variety }
  // The variants' own prices go with their stock (ADR 071): kept by saveVariantStock when none is given.
  const strip = <T extends { stock?: number; stockByColor?: Record<string, number>; priceByColor?: unknown; salePriceByColor?: unknown; byOption2?: unknown }>({
    stock: _s,
    stockByColor: _c,
    priceByColor: _pc,
    salePriceByColor: _spc,
    byOption2: _b,
    ...option
  }: T) => option
  return { ...rest, variety: { ...variety, options: variety.options.map(strip), sizes: variety.sizes.map(strip), packs: variety.packs.map(strip) } }
}

/** The stock per variant an editor started from (updateProduct's variantStockSeen). */
export function variantStockSeen(current: ProductDetail) {
  return current.variants.map((v) => ({ variety: v.variety, option2: v.option2, color: v.color, stock: v.available }))
}

/** The catalogue in full (title order), for GET /api/admin/products/get: one page of `pageSize`. */
export async function listAdminProducts(db: DB, { page, pageSize }: { page: number; pageSize: number }) {
  const cards = await listProducts(db, { sort: 'title-atoz', page, pageSize, stock: 'shelf' })
  // A product deleted between the two reads is left out.
  return { ...cards, items: await withDetails(db, cards.items, 'shelf') }
}
