// The admin's catalogue: create, edit and (softly) delete products with their images, colours and
// variety options. Orders and carts keep pointing at deleted products; shoppers no longer see them.
import type { DB, Trx } from '../../../db/database'
import { newId } from '~/lib/ids.server'
import { PRODUCT_MESSAGES } from '~/lib/catalog'
import { paiseToRupees } from '~/lib/money'
import type { ProductInput } from '~/schemas/product'
import { getProduct, type ProductDetail } from './catalog.server'
import { NotFound } from '~/domain/errors'
import { type SeenStock, saveVariantMakingTimes, saveVariantStock } from './product-variants.server'
import { recordShelfDifferences, shelfStocks } from './stock-history.server'

function productColumns(input: ProductInput) {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    price_paise: input.price,
    sale_price_paise: input.salePrice,
    total_stock: input.totalStock,
    variety_type: input.varietyType && input.varieties.length ? input.varietyType : null,
    // An input without it (the product form before it had the box) leaves the owner's name as it is.
    ...(input.optionLabel === undefined ? {} : { option_label: input.optionLabel }),
    // The second group (ADR 077): without options it has no name; left out, an edit keeps both.
    ...(input.options2 === undefined ? {} : { option2_label: input.options2.length > 0 ? (input.option2Label ?? '') : '' }),
    made_to_order_days: input.madeToOrderDays,
    // The product page's facts (ADR 083): left out, an edit keeps them and a new product takes the defaults.
    ...(input.countryOfOrigin === undefined ? {} : { country_of_origin: input.countryOfOrigin }),
    ...(input.materials === undefined ? {} : { materials: input.materials }),
    // The packed piece's weight and box (issue 30, ADR 085): null is the category's; left out, kept.
    ...(input.weightGrams === undefined ? {} : { weight_grams: input.weightGrams }),
    ...(input.lengthCm === undefined ? {} : { length_cm: input.lengthCm }),
    ...(input.breadthCm === undefined ? {} : { breadth_cm: input.breadthCm }),
    ...(input.heightCm === undefined ? {} : { height_cm: input.heightCm }),
    // The same for the personalisation fields (ADR 069): an /api edit without them keeps them.
    ...(input.personalization === undefined ? {} : { personalization: JSON.stringify(input.personalization) }),
    updated_at: new Date().toISOString(),
  }
}

async function replaceChildren(trx: Trx, productId: string, input: ProductInput) {
  const kept = await keptPictures(trx, productId, input)
  await trx.deleteFrom('product_images').where('product_id', '=', productId).execute()
  await trx.deleteFrom('product_colors').where('product_id', '=', productId).execute()
  await trx.deleteFrom('product_varieties').where('product_id', '=', productId).execute()
  if (input.options2 !== undefined || !input.varietyType || input.varieties.length === 0) await trx.deleteFrom('product_options2').where('product_id', '=', productId).execute()
  await insertChildren(trx, productId, kept)
}

/**
 * An edit that does not speak of the colours' or options' pictures (an older client) keeps those
 * they had, where the colour or option and the picture are still the product's.
 */
async function keptPictures(trx: Trx, productId: string, input: ProductInput): Promise<ProductInput> {
  const stillOurs = (url: string) => url !== '' && input.images.includes(url)
  let result = input
  if (input.colorImages === undefined) {
    const colors = await trx.selectFrom('product_colors').select(['name', 'image']).where('product_id', '=', productId).execute()
    result = { ...result, colorImages: Object.fromEntries(colors.filter((c) => input.colors.includes(c.name) && stillOurs(c.image)).map((c) => [c.name, c.image])) }
  }
  if (input.varieties.some((v) => v.image === undefined)) {
    const options = await trx.selectFrom('product_varieties').select(['name', 'image']).where('product_id', '=', productId).execute()
    const before = new Map(options.filter((o) => stillOurs(o.image)).map((o) => [o.name, o.image]))
    result = { ...result, varieties: input.varieties.map((v) => (v.image === undefined ? { ...v, image: before.get(v.name) ?? '' } : v)) }
  }
  return result
}

async function insertChildren(trx: Trx, productId: string, input: ProductInput) {
  if (input.images.length) {
    await trx
      .insertInto('product_images')
      .values(input.images.map((url, position) => ({ product_id: productId, position, url })))
      .execute()
  }
  if (input.colors.length) {
    await trx
      .insertInto('product_colors')
      .values(input.colors.map((name, position) => ({ product_id: productId, position, name, image: input.colorImages?.[name] ?? '' })))
      .execute()
  }
  // Changing the variety type drops the other types' lists: only the chosen type's options are kept.
  if (input.varietyType && input.varieties.length) {
    await trx
      .insertInto('product_varieties')
      .values(
        input.varieties.map((v, position) => ({
          product_id: productId,
          position,
          name: v.name,
          price_paise: v.price,
          // Packs carry a price only (docs/spec/entities.md: packs[{packName, price}]): never on sale.
          sale_price_paise: input.varietyType === 'pack' ? 0 : v.salePrice,
          image: v.image ?? '',
          made_to_order_days: v.madeToOrderDays ?? null,
        })),
      )
      .execute()
  }
  if (input.varietyType && input.varieties.length && input.options2?.length) {
    await trx
      .insertInto('product_options2')
      .values(input.options2.map((name, position) => ({ product_id: productId, position, name })))
      .execute()
  }
}

export async function createProduct(db: DB, input: ProductInput): Promise<ProductDetail> {
  const id = await db.transaction().execute((trx) => insertProduct(trx, input))
  return getProduct(db, id, 'shelf')
}

/**
 * Writes a new product with its images, colours and options inside the caller's transaction and
 * answers its id: the admin's create, and the demo seed's whole catalogue in one transaction.
 */
export async function insertProduct(trx: Trx, input: ProductInput): Promise<string> {
  const id = newId()
  await trx.insertInto('products').values({ id, ...productColumns(input), deleted_at: null }).execute()
  await insertChildren(trx, id, input)
  await saveVariantStock(trx, id, input)
  await saveVariantMakingTimes(trx, id, input)
  return id
}

/**
 * Saves an edit. `stockSeen` is the stock the editor started from: when the edit leaves it as it
 * was, the stock column is not written, so sales confirmed while the admin was editing stand (no
 * lost update); a stock the admin changed is written as given. The same holds per variant with
 * `variantStockSeen` (ADR 061); a product with variants keeps total_stock as their sum, whatever
 * total the input gives, and an input without stock per variant keeps the variants it still has
 * (`oneStock` drops them: the product keeps the one total the input gives, ADR 067).
 */
export async function updateProduct(
  db: DB,
  id: string,
  input: ProductInput,
  options: { stockSeen?: number; variantStockSeen?: readonly SeenStock[]; oneStock?: boolean; actorId?: string } = {},
): Promise<ProductDetail> {
  // The average review is never written here: only the reviews make it (reviews.server.ts; ADR 062).
  const { total_stock, ...columns } = productColumns(input)
  const stockChanged = options.stockSeen === undefined || options.stockSeen !== input.totalStock
  await db.transaction().execute(async (trx) => {
    const shelvesBefore = await shelfStocks(trx, id)
    const result = await trx
      .updateTable('products')
      .set(stockChanged ? { ...columns, total_stock } : columns)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw new NotFound(PRODUCT_MESSAGES.notFound)
    await replaceChildren(trx, id, input)
    await saveVariantStock(trx, id, input, options.variantStockSeen, options.oneStock)
    await saveVariantMakingTimes(trx, id, input)
    // The stock history (ADR 064): what the edit changed on each shelf.
    await recordShelfDifferences(trx, id, shelvesBefore, { reason: 'product-form', actorId: options.actorId ?? null })
  })
  return getProduct(db, id, 'shelf')
}

export async function deleteProduct(db: DB, id: string): Promise<void> {
  const result = await db
    .updateTable('products')
    .set({ deleted_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) throw new NotFound(PRODUCT_MESSAGES.notFound)
}

/**
 * The form's values for a product being edited (rupees as the form shows them), with its stock grid
 * (ADR 067) prefilled from the shelf stock of its variants: per option, per option and colour, or per
 * colour, as they are kept; `variantStockSeen` is what the editor starts from (updateProduct's).
 */
export function toProductFormValues(product: ProductDetail) {
  const variants = product.variants
  const options2 = product.option2?.options ?? []
  const variantAt = (variety: string, color: string, option2 = '') => variants.find((v) => v.variety === variety && v.option2 === option2 && v.color === color)
  const stockOf = (variety: string, color: string, option2 = '') => variantAt(variety, color, option2)?.available
  const stockBoxes = (variety: string, option2 = '') => product.colors.map((color) => String(stockOf(variety, color, option2) ?? ''))
  const rupeesOf = (paise: number | undefined) => (paise === undefined ? '' : String(paiseToRupees(paise)))
  // A colour's own price and sale price in rupees (ADR 071), '' for none.
  const moneyBoxes = (variety: string, key: 'pricePaise' | 'salePricePaise', option2 = '') =>
    product.colors.map((color) => rupeesOf(variantAt(variety, color, option2)?.[key]))
  // A variant's own making time (issue 27), '' for none (the option's, else the product's).
  const daysOf = (variety: string, color: string, option2 = '') => String(variantAt(variety, color, option2)?.madeToOrderDays ?? '')
  const colorRow = (variety: string, option2 = '') => ({
    colorStock: stockBoxes(variety, option2),
    colorPrice: moneyBoxes(variety, 'pricePaise', option2),
    colorSalePrice: moneyBoxes(variety, 'salePricePaise', option2),
    colorDays: product.colors.map((color) => daysOf(variety, color, option2)),
  })
  // Kept per option alone (the colours and second options draw on the option's stock).
  const byOption = variants.length > 0 && variants.every((v) => v.color === '' && v.option2 === '')
  // The cells of an option with the second group (ADR 091), in the group's order.
  const combos = (variety: string) =>
    options2.map((option2) =>
      product.colors.length > 0
        ? colorRow(variety, option2)
        : {
            stock: String(stockOf(variety, '', option2) ?? ''),
            price: rupeesOf(variantAt(variety, '', option2)?.pricePaise),
            salePrice: rupeesOf(variantAt(variety, '', option2)?.salePricePaise),
            days: daysOf(variety, '', option2),
          },
    )
  const grid = (name: string) => (byOption ? { stock: String(stockOf(name, '') ?? '') } : options2.length > 0 ? { combos: combos(name) } : colorRow(name))
  return {
    optionLabel: product.ownOptionLabel,
    option2Label: product.option2?.label ?? '',
    options2,
    variantStock: variants.length > 0 ? 'on' : undefined,
    stockByOption: byOption && (product.colors.length > 0 || options2.length > 0) ? 'on' : undefined,
    ...(variants.length > 0 && !product.variety ? colorRow('') : {}),
    variantStockSeen: variants.map((v) => ({ variety: v.variety, option2: v.option2, color: v.color, stock: v.available })),
    title: product.title,
    description: product.description,
    category: product.category,
    price: String(paiseToRupees(product.pricePaise)),
    salePrice: String(paiseToRupees(product.salePricePaise)),
    totalStock: String(product.totalStock),
    madeToOrderDays: String(product.madeToOrderDays),
    countryOfOrigin: product.countryOfOrigin,
    materials: product.materials,
    // The weight and box (issue 30): '' is the category's.
    weightGrams: measureBox(product.ownPackage.weightGrams),
    lengthCm: measureBox(product.ownPackage.lengthCm),
    breadthCm: measureBox(product.ownPackage.breadthCm),
    heightCm: measureBox(product.ownPackage.heightCm),
    varietyType: product.variety?.type ?? '',
    varieties: (product.variety?.options ?? []).map((o) => ({
      name: o.name,
      price: String(paiseToRupees(o.pricePaise)),
      salePrice: String(paiseToRupees(o.salePricePaise)),
      picture: pictureNumberOf(product.images, o.image),
      ...(o.madeToOrderDays === null ? {} : { madeToOrderDays: String(o.madeToOrderDays) }),
      ...(variants.length > 0 ? grid(o.name) : {}),
    })),
    colors: product.colors,
    colorPicture: product.colors.map((color) => pictureNumberOf(product.images, product.colorImages[color])),
    images: product.images,
    personalFields: product.personalization.map((f) => ({
      label: f.label,
      kind: f.kind,
      maxLength: String(f.maxLength),
      required: f.required ? 'on' : undefined,
      addOn: f.pricePaise ? String(paiseToRupees(f.pricePaise)) : '',
    })),
  }
}

const measureBox = (value: number | null) => (value === null ? '' : String(value))

/** The form's number of a picture among the product's images ('1' for the first), '' for none. */
function pictureNumberOf(images: string[], url: string | undefined): string {
  const index = url ? images.indexOf(url) : -1
  return index < 0 ? '' : String(index + 1)
}
