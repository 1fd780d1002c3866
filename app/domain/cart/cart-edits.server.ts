// Changing a cart: adding a product with its choices, changing or removing a line, emptying it and
// taking a paid order's lines out. Prices, stock limits and line identity are decided here from the
// database, for every path (pages, fetchers, /api), and each change answers the cart as it now is.
import type { DB } from '../../../db/database'
import { lockRows } from '../../../db/dialect'
import type { VarietyType } from '../../../db/schema'
import { addLimitMessage, CART_MESSAGES, cartLimitMessage } from '~/lib/cart'
import { optionLabelOf, optionsHeading } from '~/lib/catalog'
import { newId } from '~/lib/ids.server'
import {
  checkPersonalization,
  type PersonalizationField,
  personalizationFieldName,
  personalizationKey,
  readPersonalizationFields,
} from '~/lib/personalization'
import { quantitySchema } from '~/schemas/cart'
import { clock } from '~/domain/clock'
import { Invalid, NotFound } from '~/domain/errors'
import { refuseMore, roomForLine, roomUnderLimit, stockFor, stockRoom } from './cart-stock.server'
import { type Cart, type CartOwner, findCartId, getCart, type LineSelector } from './cart.server'
import type { VariantKey } from './variant-stock.server'

/** The owner's cart, made on their first add. */
export async function ensureCartId(db: DB, owner: CartOwner): Promise<string> {
  const existing = await findCartId(db, owner)
  if (existing) return existing
  const id = newId()
  await db
    .insertInto('carts')
    .values({
      id,
      user_id: 'userId' in owner ? owner.userId : null,
      guest_id: 'guestId' in owner ? owner.guestId : null,
      updated_at: clock.iso(),
    })
    // Two first adds at once (PostgreSQL runs them side by side): the second finds the first's cart.
    .onConflict((oc) => oc.doNothing())
    .execute()
  return (await findCartId(db, owner)) ?? id
}

/**
 * A line of the cart is product + variety + second option + colour ('' for none) + personalisation (its key, '' for
 * none; ADR 069): two different names on one piece are two lines drawing on the same stock.
 */
export interface LineKey {
  product_id: string
  variety_name: string
  option2: string
  color: string
  personalization: string
}

export function findSameLine(db: DB, cartId: string, key: LineKey) {
  return db
    .selectFrom('cart_lines')
    .select(['id', 'quantity'])
    .where('cart_id', '=', cartId)
    .where('product_id', '=', key.product_id)
    .where('variety_name', '=', key.variety_name)
    .where('option2', '=', key.option2)
    .where('color', '=', key.color)
    .where('personalization', '=', key.personalization)
    .executeTakeFirst()
}

/** Adds `quantity` to the line found for `key` (findSameLine), or inserts the line. */
export async function addToLine(db: DB, cartId: string, line: { id: string; quantity: number } | undefined, key: LineKey, quantity: number) {
  if (line) {
    await db.updateTable('cart_lines').set({ quantity: line.quantity + quantity }).where('id', '=', line.id).execute()
  } else {
    await db.insertInto('cart_lines').values({ id: newId(), cart_id: cartId, ...key, quantity }).execute()
  }
}

/** The cart was changed now: guest carts untouched for GUEST_CART_TTL_DAYS are deleted. */
export async function touch(db: DB, cartId: string) {
  await db.updateTable('carts').set({ updated_at: clock.iso() }).where('id', '=', cartId).execute()
}

interface ProductForCart {
  id: string
  total_stock: number
  variety_type: VarietyType | null
  option_label: string
  option2_label: string
  varieties: string[]
  options2: string[]
  colors: string[]
  personalization: PersonalizationField[]
}

async function productForCart(db: DB, owner: CartOwner, productId: string): Promise<ProductForCart> {
  const product = await db
    .selectFrom('products')
    .select(['id', stockFor('products', owner).as('total_stock'), 'variety_type', 'option_label', 'option2_label', 'personalization'])
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!product) throw new NotFound(CART_MESSAGES.productGone)
  // A product without a variety type has no varieties to choose, nor second options (checkChoices): not read.
  const none = Promise.resolve([] as { name: string }[])
  const [varieties, options2, colors] = await Promise.all([
    product.variety_type === null ? none : db.selectFrom('product_varieties').select('name').where('product_id', '=', productId).execute(),
    product.variety_type === null ? none : db.selectFrom('product_options2').select('name').where('product_id', '=', productId).execute(),
    db.selectFrom('product_colors').select('name').where('product_id', '=', productId).execute(),
  ])
  return {
    ...product,
    varieties: varieties.map((v) => v.name),
    options2: options2.map((o) => o.name),
    colors: colors.map((c) => c.name),
    personalization: readPersonalizationFields(product.personalization),
  }
}

/** What a shopper typed for the personalisation: label -> value (/api), or values by field position (the product page's form). */
export type PersonalizationInput = Record<string, unknown> | readonly unknown[]

/**
 * The line's personalisation checked against the product's fields (app/lib/personalization.ts) and
 * answered as the line's key; Invalid names each field by position (`personalization0`, the form's
 * names; the /api documents them) and `personalization` for a label the product does not ask for.
 */
function checkLinePersonalization(fields: readonly PersonalizationField[], given: PersonalizationInput = {}): string {
  const byLabel = Array.isArray(given)
    ? Object.fromEntries(fields.map((field, index) => [field.label, given[index]]))
    : (given as Record<string, unknown>)
  const { values, errors } = checkPersonalization(fields, byLabel)
  const fieldErrors: Record<string, string[]> = {}
  for (const [label, message] of Object.entries(errors)) {
    const index = fields.findIndex((f) => f.label === label)
    fieldErrors[index < 0 ? 'personalization' : personalizationFieldName(index)] = [message]
  }
  if (Object.keys(fieldErrors).length) throw new Invalid(fieldErrors)
  return personalizationKey(values)
}

/** The line's variety, second option (ADR 077) and colour, checked against the product: required where it has them. */
function checkChoices(product: ProductForCart, variety = '', option2 = '', color = ''): VariantKey {
  const errors: Record<string, string[]> = {}
  const hasVariety = product.variety_type !== null && product.varieties.length > 0
  if (hasVariety && !product.varieties.includes(variety)) {
    const heading = optionsHeading(optionLabelOf(product.option_label, product.variety_type))
    errors.variety = [variety ? 'This option is not available.' : `Please choose one of the ${heading}.`]
  }
  const hasOption2 = hasVariety && product.options2.length > 0
  if (hasOption2 && !product.options2.includes(option2)) {
    errors.option2 = [option2 ? 'This option is not available.' : `Please choose one of the ${optionsHeading(product.option2_label || 'Option')}.`]
  }
  if (product.colors.length > 0 && !product.colors.includes(color)) {
    errors.color = [color ? 'This color is not available.' : 'Please choose one of the Color Options.']
  }
  if (Object.keys(errors).length) throw new Invalid(errors)
  return { variety: hasVariety ? variety : '', option2: hasOption2 ? option2 : '', color: product.colors.length > 0 ? color : '' }
}

/** A line's quantity by the schema's rule and messages (whole, 1 to MAX_LINE_QUANTITY). */
function checkQuantity(quantity: number): number {
  const result = quantitySchema.safeParse(quantity)
  if (!result.success) throw new Invalid({ quantity: result.error.issues.map((issue) => issue.message) })
  return result.data
}

/**
 * Adds `quantity` of a product (with its variety, colour and personalisation) to the owner's cart:
 * the same product + variety + colour + personalisation raises that line, anything else is a new line. The stock the line
 * draws on (its variant's, or the product's) bounds the lines drawing on it, the per-order limit
 * the sum of the product's lines. Client prices are never an input.
 */
export async function addToCart(
  db: DB,
  owner: CartOwner,
  input: { productId: string; quantity?: number; variety?: string; option2?: string; color?: string; personalization?: PersonalizationInput },
): Promise<Cart> {
  const quantity = checkQuantity(input.quantity ?? 1)
  return db.transaction().execute(async (trx) => {
    const product = await productForCart(trx, owner, input.productId)
    const choice = checkChoices(product, input.variety, input.option2, input.color)
    const personalization = checkLinePersonalization(product.personalization, input.personalization)
    const cartId = await ensureCartId(trx, owner)
    await lockRows(trx, 'carts', [cartId])
    const room = await stockRoom(trx, owner, cartId, product.id, choice)
    const key = { product_id: product.id, variety_name: choice.variety, option2: choice.option2, color: choice.color, personalization }
    const line = await findSameLine(trx, cartId, key)
    refuseMore(
      quantity,
      { stock: roomForLine(room.left, room.inStock, line?.quantity ?? 0), limit: roomUnderLimit(room.inProduct) },
      addLimitMessage(line?.quantity ?? room.inStock),
    )
    await addToLine(trx, cartId, line, key, quantity)
    await touch(trx, cartId)
    return getCart(trx, owner)
  })
}

async function findLine(db: DB, cartId: string, selector: LineSelector) {
  let query = db.selectFrom('cart_lines').select(['id', 'product_id', 'variety_name', 'option2', 'color', 'quantity']).where('cart_id', '=', cartId)
  if ('lineId' in selector) {
    query = query.where('id', '=', selector.lineId)
  } else {
    query = query.where('product_id', '=', selector.productId)
    if (selector.variety !== undefined) query = query.where('variety_name', '=', selector.variety)
    if (selector.option2 !== undefined) query = query.where('option2', '=', selector.option2)
    if (selector.color !== undefined) query = query.where('color', '=', selector.color)
    // The values as the line keeps them: cleaned and in the product's field order (ADR 069).
    if (selector.personalization !== undefined) {
      const product = await db.selectFrom('products').select('personalization').where('id', '=', selector.productId).executeTakeFirst()
      const fields = readPersonalizationFields(product?.personalization ?? '[]')
      const { values } = checkPersonalization(fields, selector.personalization)
      query = query.where('personalization', '=', personalizationKey(values))
    }
  }
  const lines = await query.limit(2).execute()
  if (lines.length === 0) throw new NotFound(CART_MESSAGES.notInCart)
  if (lines.length > 1) {
    throw new Invalid({ variety: ['Several lines hold this product: say which variety, option2, color and personalization.'] })
  }
  return lines[0] as (typeof lines)[number]
}

/**
 * Changes one line's quantity inside one transaction (so two quick clicks both count). A rise may
 * not take the product's lines above its stock, nor touch a product that is gone.
 */
async function changeLineQuantity(
  db: DB,
  owner: CartOwner,
  selector: LineSelector,
  next: (current: number) => number,
): Promise<Cart> {
  return db.transaction().execute(async (trx) => {
    const cartId = await findCartId(trx, owner)
    if (!cartId) throw new NotFound(CART_MESSAGES.notInCart)
    await lockRows(trx, 'carts', [cartId])
    const line = await findLine(trx, cartId, selector)
    const quantity = checkQuantity(next(line.quantity))
    if (quantity > line.quantity) {
      const product = await trx.selectFrom('products').select('deleted_at').where('id', '=', line.product_id).executeTakeFirst()
      if (!product || product.deleted_at !== null) throw new NotFound(CART_MESSAGES.productGone)
      const room = await stockRoom(trx, owner, cartId, line.product_id, { variety: line.variety_name, option2: line.option2, color: line.color })
      refuseMore(
        quantity - line.quantity,
        { stock: roomForLine(room.left, room.inStock, line.quantity), limit: roomUnderLimit(room.inProduct) },
        cartLimitMessage(line.quantity),
      )
    }
    if (quantity !== line.quantity) {
      await trx.updateTable('cart_lines').set({ quantity }).where('id', '=', line.id).execute()
      await touch(trx, cartId)
    }
    return getCart(trx, owner)
  })
}

/** Sets a line's quantity (1 or more). */
export async function setLineQuantity(db: DB, owner: CartOwner, selector: LineSelector, quantity: number): Promise<Cart> {
  checkQuantity(quantity)
  return changeLineQuantity(db, owner, selector, () => quantity)
}

/** Changes a line's quantity by +1 or -1 (never below 1). */
export async function stepLineQuantity(db: DB, owner: CartOwner, lineId: string, step: 1 | -1): Promise<Cart> {
  return changeLineQuantity(db, owner, { lineId }, (current) => Math.max(1, current + step))
}

export async function removeLine(db: DB, owner: CartOwner, selector: LineSelector): Promise<Cart> {
  return db.transaction().execute(async (trx) => {
    const cartId = await findCartId(trx, owner)
    if (!cartId) throw new NotFound(CART_MESSAGES.notInCart)
    const line = await findLine(trx, cartId, selector)
    await trx.deleteFrom('cart_lines').where('id', '=', line.id).execute()
    await touch(trx, cartId)
    return getCart(trx, owner)
  })
}

/**
 * Removes every line of a product from the owner's cart, or only the lines of the given variety
 * and/or colour (the /api DELETE: the contract's client names no variety). NotFound when no line
 * matches.
 */
export async function removeProductLines(
  db: DB,
  owner: CartOwner,
  selection: { productId: string; variety?: string; option2?: string; color?: string },
): Promise<Cart> {
  return db.transaction().execute(async (trx) => {
    const cartId = await findCartId(trx, owner)
    if (!cartId) throw new NotFound(CART_MESSAGES.notInCart)
    let query = trx.deleteFrom('cart_lines').where('cart_id', '=', cartId).where('product_id', '=', selection.productId)
    if (selection.variety !== undefined) query = query.where('variety_name', '=', selection.variety)
    if (selection.option2 !== undefined) query = query.where('option2', '=', selection.option2)
    if (selection.color !== undefined) query = query.where('color', '=', selection.color)
    const result = await query.executeTakeFirst()
    if (Number(result.numDeletedRows) === 0) throw new NotFound(CART_MESSAGES.notInCart)
    await touch(trx, cartId)
    return getCart(trx, owner)
  })
}

/** Empties the owner's cart. */
export async function clearCart(db: DB, owner: CartOwner): Promise<void> {
  const cartId = await findCartId(db, owner)
  if (cartId) await db.deleteFrom('cart_lines').where('cart_id', '=', cartId).execute()
}

/** Removes the given lines (product + variety + colour + personalisation key) from the owner's cart: a paid order's lines. */
export async function removeCartLines(
  db: DB,
  owner: CartOwner,
  lines: { productId: string; variety: string; option2?: string; color: string; personalization: string }[],
): Promise<void> {
  const cartId = await findCartId(db, owner)
  if (!cartId || lines.length === 0) return
  await db
    .deleteFrom('cart_lines')
    .where('cart_id', '=', cartId)
    .where((eb) =>
      eb.or(
        lines.map((l) =>
          eb.and([
            eb('product_id', '=', l.productId),
            eb('variety_name', '=', l.variety),
            eb('option2', '=', l.option2 ?? ''),
            eb('color', '=', l.color),
            eb('personalization', '=', l.personalization),
          ]),
        ),
      ),
    )
    .execute()
}