// The cart: one per user or per visitor (guest id in the session cookie). Prices, stock limits and
// line identity are decided here from the database, for every path (pages, fetchers, /api, merge).
import { sql, type Transaction } from 'kysely'
import type { DB } from '../../../db/database'
import { lockRows } from '../../../db/dialect'
import type { Database, VarietyType } from '../../../db/schema'
import { addLimitMessage, CART_MESSAGES, cartLimitMessage, MAX_LINE_QUANTITY } from '~/lib/cart'
import { VARIETY_HEADINGS } from '~/lib/catalog'
import { newId } from '~/lib/ids.server'
import { unitPricePaise } from '~/lib/pricing'
import { quantitySchema } from '~/schemas/cart'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { Invalid, NotFound } from '../errors'
import { availableStock, checkoutLimits } from './stock-holds.server'

export type CartOwner = { userId: string } | { guestId: string }

/** Picks a line: by its id, or by product + variety + colour (the API's way). */
export type LineSelector = { lineId: string } | { productId: string; variety?: string; color?: string }

/** An item as a cart line and an order line both hold it: product, choices, unit price and quantity. */
export interface LineItem {
  productId: string
  title: string
  image: string
  /** The product's variety type when the line has a variety, else null. */
  varietyType: VarietyType | null
  variety: string
  color: string
  unitPricePaise: number
  quantity: number
}

export interface CartLine extends LineItem {
  id: string
  pricePaise: number
  salePricePaise: number
  lineTotalPaise: number
  /** What the shopper may buy of the product: its stock less other shoppers' live holds. */
  totalStock: number
  /** False when the line cannot be bought as it is; `problem` says why. */
  available: boolean
  problem: string | null
  /** True when the problem is only the stock (none, or less than the product's lines want). */
  shortOfStock: boolean
}

export interface Cart {
  id: string | null
  items: CartLine[]
  /** Sum of the available lines. */
  totalPaise: number
}

type Executor = DB | Transaction<Database>

/** Stale guest carts (not touched for this long) are deleted. */
export const GUEST_CART_TTL_DAYS = 30

/** The product's stock the owner may buy: less everyone else's live holds (a user's own do not count). */
function stockFor(table: string, owner: CartOwner) {
  return availableStock(table, 'userId' in owner ? { exceptUserId: owner.userId } : {})
}

function ownerColumn(owner: CartOwner) {
  return 'userId' in owner ? ({ column: 'user_id', value: owner.userId } as const) : ({ column: 'guest_id', value: owner.guestId } as const)
}

async function findCartId(db: Executor, owner: CartOwner): Promise<string | null> {
  const { column, value } = ownerColumn(owner)
  const row = await db.selectFrom('carts').select('id').where(column, '=', value).executeTakeFirst()
  return row?.id ?? null
}

async function ensureCartId(db: Executor, owner: CartOwner): Promise<string> {
  const existing = await findCartId(db, owner)
  if (existing) return existing
  const id = newId()
  const now = new Date().toISOString()
  await db
    .insertInto('carts')
    .values({
      id,
      user_id: 'userId' in owner ? owner.userId : null,
      guest_id: 'guestId' in owner ? owner.guestId : null,
      updated_at: now,
    })
    // Two first adds at once (PostgreSQL runs them side by side): the second finds the first's cart.
    .onConflict((oc) => oc.doNothing())
    .execute()
  return (await findCartId(db, owner)) ?? id
}

/**
 * The stock rule, once: a product's lines together hold at most its stock, and one line at most
 * MAX_LINE_QUANTITY. How many more units a line holding `lineQuantity` may take when the cart holds
 * `inCart` of the product in all (below 0 when already over).
 */
function roomForLine(totalStock: number, inCart: number, lineQuantity: number): number {
  return Math.min(totalStock - inCart, MAX_LINE_QUANTITY - lineQuantity)
}

/**
 * The per-order rule (ADR 050): a product's lines together hold at most maxUnitsPerOrder units,
 * whatever the stock (a checkout holds no more). How many more the cart may take (below 0 when over).
 */
function roomUnderLimit(inCart: number): number {
  return checkoutLimits().maxUnitsPerOrder - inCart
}

/**
 * Refuses `more` units for a line: the stock's message when the stock (or a line's bound) is what
 * stops them, else the per-order limit's.
 */
function refuseMore(more: number, room: { stock: number; limit: number }, stockMessage: string): void {
  if (more > room.stock) throw new Invalid({ quantity: [stockMessage] })
  if (more > room.limit) throw new Invalid({ quantity: [CHECKOUT_MESSAGES.perOrderLimit(checkoutLimits().maxUnitsPerOrder)] })
}

/** A line of the cart is product + variety + colour ('' for none). */
interface LineKey {
  product_id: string
  variety_name: string
  color: string
}

function findSameLine(db: Executor, cartId: string, key: LineKey) {
  return db
    .selectFrom('cart_lines')
    .select(['id', 'quantity'])
    .where('cart_id', '=', cartId)
    .where('product_id', '=', key.product_id)
    .where('variety_name', '=', key.variety_name)
    .where('color', '=', key.color)
    .executeTakeFirst()
}

/** Adds `quantity` to the line found for `key` (findSameLine), or inserts the line. */
async function addToLine(db: Executor, cartId: string, line: { id: string; quantity: number } | undefined, key: LineKey, quantity: number) {
  if (line) {
    await db.updateTable('cart_lines').set({ quantity: line.quantity + quantity }).where('id', '=', line.id).execute()
  } else {
    await db.insertInto('cart_lines').values({ id: newId(), cart_id: cartId, ...key, quantity }).execute()
  }
}

async function touch(db: Executor, cartId: string) {
  await db.updateTable('carts').set({ updated_at: new Date().toISOString() }).where('id', '=', cartId).execute()
}

/** Number of distinct lines in the owner's cart (the header's cart badge). */
export async function countCartLines(db: DB, owner: CartOwner): Promise<number> {
  const { column, value } = ownerColumn(owner)
  const row = await db
    .selectFrom('carts')
    .innerJoin('cart_lines', 'cart_lines.cart_id', 'carts.id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(`carts.${column}`, '=', value)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** The owner's cart with current prices and availability (an empty cart when there is none). */
export async function getCart(db: Executor, owner: CartOwner): Promise<Cart> {
  const cartId = await findCartId(db, owner)
  if (!cartId) return { id: null, items: [], totalPaise: 0 }
  const rows = await db
    .selectFrom('cart_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('product_varieties as v', (join) =>
      join.onRef('v.product_id', '=', 'l.product_id').onRef('v.name', '=', 'l.variety_name'),
    )
    .select((eb) => [
      'l.id',
      'l.product_id',
      'l.variety_name',
      'l.color',
      'l.quantity',
      'p.title',
      stockFor('p', owner).as('total_stock'),
      'p.deleted_at',
      'p.variety_type',
      'p.price_paise',
      'p.sale_price_paise',
      'v.price_paise as variety_price_paise',
      'v.sale_price_paise as variety_sale_price_paise',
      eb
        .selectFrom('product_images as i')
        .select('i.url')
        .whereRef('i.product_id', '=', 'l.product_id')
        .orderBy('i.position')
        .limit(1)
        .as('image'),
      eb
        .selectFrom('product_colors as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('c.product_id', '=', 'l.product_id')
        .whereRef('c.name', '=', 'l.color')
        .as('color_known'),
      eb
        .selectFrom('product_colors as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('c.product_id', '=', 'l.product_id')
        .as('color_count'),
      eb
        .selectFrom('product_varieties as pv')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('pv.product_id', '=', 'l.product_id')
        .as('variety_count'),
    ])
    .where('l.cart_id', '=', cartId)
    .orderBy('l.created_at')
    // Insertion order for lines added within the same millisecond.
    .orderBy(sql`l.rowid`)
    .execute()

  // Several lines of one product share its stock.
  const quantityByProduct = new Map<string, number>()
  for (const row of rows) quantityByProduct.set(row.product_id, (quantityByProduct.get(row.product_id) ?? 0) + row.quantity)

  const items = rows.map((row): CartLine => {
    // A chosen option that no longer exists, or a choice the product now asks for and the line lacks.
    const varietyGone =
      (row.variety_name !== '' && row.variety_price_paise === null) ||
      (row.variety_name === '' && row.variety_type !== null && Number(row.variety_count) > 0)
    const colorGone =
      (row.color !== '' && Number(row.color_known) === 0) || (row.color === '' && Number(row.color_count) > 0)
    const priced =
      row.variety_price_paise !== null
        ? { pricePaise: row.variety_price_paise, salePricePaise: row.variety_sale_price_paise ?? 0 }
        : { pricePaise: row.price_paise, salePricePaise: row.sale_price_paise }
    const unit = unitPricePaise(priced)
    const wanted = quantityByProduct.get(row.product_id) ?? row.quantity
    const stockProblem = row.total_stock <= 0 || roomForLine(row.total_stock, wanted, row.quantity) < 0
    const problem =
      row.deleted_at !== null
        ? 'This item is no longer available.'
        : row.total_stock <= 0
          ? 'Out of stock.'
          : varietyGone || colorGone
            ? 'This option is no longer available.'
            : roomForLine(row.total_stock, wanted, row.quantity) < 0
              ? `Only ${row.total_stock} left in stock.`
              : roomUnderLimit(wanted) < 0
                ? CHECKOUT_MESSAGES.perOrderLimit(checkoutLimits().maxUnitsPerOrder)
                : null
    return {
      id: row.id,
      productId: row.product_id,
      title: row.title,
      image: row.image ?? '',
      varietyType: row.variety_name ? row.variety_type : null,
      variety: row.variety_name,
      color: row.color,
      quantity: row.quantity,
      ...priced,
      unitPricePaise: unit,
      lineTotalPaise: unit * row.quantity,
      totalStock: Math.max(0, row.total_stock),
      available: problem === null,
      problem,
      shortOfStock: problem !== null && row.deleted_at === null && !varietyGone && !colorGone && stockProblem,
    }
  })
  return {
    id: cartId,
    items,
    totalPaise: items.filter((i) => i.available).reduce((sum, i) => sum + i.lineTotalPaise, 0),
  }
}

interface ProductForCart {
  id: string
  total_stock: number
  variety_type: VarietyType | null
  varieties: string[]
  colors: string[]
}

async function productForCart(db: Executor, owner: CartOwner, productId: string): Promise<ProductForCart> {
  const product = await db
    .selectFrom('products')
    .select(['id', stockFor('products', owner).as('total_stock'), 'variety_type'])
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!product) throw new NotFound(CART_MESSAGES.productGone)
  const [varieties, colors] = await Promise.all([
    db.selectFrom('product_varieties').select('name').where('product_id', '=', productId).execute(),
    db.selectFrom('product_colors').select('name').where('product_id', '=', productId).execute(),
  ])
  return { ...product, varieties: varieties.map((v) => v.name), colors: colors.map((c) => c.name) }
}

/** The line's variety and colour, checked against the product: required where it has them. */
function checkChoices(product: ProductForCart, variety = '', color = ''): { variety: string; color: string } {
  const errors: Record<string, string[]> = {}
  const hasVariety = product.variety_type !== null && product.varieties.length > 0
  if (hasVariety && !product.varieties.includes(variety)) {
    const heading = VARIETY_HEADINGS[product.variety_type as VarietyType]
    errors.variety = [variety ? 'This option is not available.' : `Please choose one of the ${heading}.`]
  }
  if (product.colors.length > 0 && !product.colors.includes(color)) {
    errors.color = [color ? 'This color is not available.' : 'Please choose one of the Color Options.']
  }
  if (Object.keys(errors).length) throw new Invalid(errors)
  return { variety: hasVariety ? variety : '', color: product.colors.length > 0 ? color : '' }
}

async function quantityOfProduct(db: Executor, cartId: string, productId: string) {
  const query = db
    .selectFrom('cart_lines')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('total'))
    .where('cart_id', '=', cartId)
    .where('product_id', '=', productId)
  return Number((await query.executeTakeFirstOrThrow()).total)
}

/** A line's quantity by the schema's rule and messages (whole, 1 to MAX_LINE_QUANTITY). */
function checkQuantity(quantity: number): number {
  const result = quantitySchema.safeParse(quantity)
  if (!result.success) throw new Invalid({ quantity: result.error.issues.map((issue) => issue.message) })
  return result.data
}

/**
 * Adds `quantity` of a product (with its variety and colour) to the owner's cart: the same
 * product + variety + colour raises that line, anything else is a new line. The product's stock,
 * and the per-order limit, bound the sum of its lines. Client prices are never an input.
 */
export async function addToCart(
  db: DB,
  owner: CartOwner,
  input: { productId: string; quantity?: number; variety?: string; color?: string },
): Promise<Cart> {
  const quantity = checkQuantity(input.quantity ?? 1)
  return db.transaction().execute(async (trx) => {
    const product = await productForCart(trx, owner, input.productId)
    const choice = checkChoices(product, input.variety, input.color)
    const cartId = await ensureCartId(trx, owner)
    await lockRows(trx, 'carts', [cartId])
    const inCart = await quantityOfProduct(trx, cartId, product.id)
    const key = { product_id: product.id, variety_name: choice.variety, color: choice.color }
    const line = await findSameLine(trx, cartId, key)
    refuseMore(quantity, { stock: roomForLine(product.total_stock, inCart, line?.quantity ?? 0), limit: roomUnderLimit(inCart) }, addLimitMessage(line?.quantity ?? inCart))
    await addToLine(trx, cartId, line, key, quantity)
    await touch(trx, cartId)
    return getCart(trx, owner)
  })
}

async function findLine(db: Executor, cartId: string, selector: LineSelector) {
  let query = db.selectFrom('cart_lines').select(['id', 'product_id', 'quantity']).where('cart_id', '=', cartId)
  if ('lineId' in selector) {
    query = query.where('id', '=', selector.lineId)
  } else {
    query = query.where('product_id', '=', selector.productId)
    if (selector.variety !== undefined) query = query.where('variety_name', '=', selector.variety)
    if (selector.color !== undefined) query = query.where('color', '=', selector.color)
  }
  const lines = await query.limit(2).execute()
  if (lines.length === 0) throw new NotFound(CART_MESSAGES.notInCart)
  if (lines.length > 1) {
    throw new Invalid({ variety: ['Several lines hold this product: say which variety and color.'] })
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
      const product = await trx
        .selectFrom('products')
        .select([stockFor('products', owner).as('total_stock'), 'deleted_at'])
        .where('id', '=', line.product_id)
        .executeTakeFirst()
      if (!product || product.deleted_at !== null) throw new NotFound(CART_MESSAGES.productGone)
      const inCart = await quantityOfProduct(trx, cartId, line.product_id)
      refuseMore(quantity - line.quantity, { stock: roomForLine(product.total_stock, inCart, line.quantity), limit: roomUnderLimit(inCart) }, cartLimitMessage(line.quantity))
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
  selection: { productId: string; variety?: string; color?: string },
): Promise<Cart> {
  return db.transaction().execute(async (trx) => {
    const cartId = await findCartId(trx, owner)
    if (!cartId) throw new NotFound(CART_MESSAGES.notInCart)
    let query = trx.deleteFrom('cart_lines').where('cart_id', '=', cartId).where('product_id', '=', selection.productId)
    if (selection.variety !== undefined) query = query.where('variety_name', '=', selection.variety)
    if (selection.color !== undefined) query = query.where('color', '=', selection.color)
    const result = await query.executeTakeFirst()
    if (Number(result.numDeletedRows) === 0) throw new NotFound(CART_MESSAGES.notInCart)
    await touch(trx, cartId)
    return getCart(trx, owner)
  })
}

/** Empties the owner's cart. */
export async function clearCart(db: Executor, owner: CartOwner): Promise<void> {
  const cartId = await findCartId(db, owner)
  if (cartId) await db.deleteFrom('cart_lines').where('cart_id', '=', cartId).execute()
}

/** Removes the given lines (product + variety + colour) from the owner's cart: a paid order's lines. */
export async function removeCartLines(
  db: Executor,
  owner: CartOwner,
  lines: { productId: string; variety: string; color: string }[],
): Promise<void> {
  const cartId = await findCartId(db, owner)
  if (!cartId || lines.length === 0) return
  await db
    .deleteFrom('cart_lines')
    .where('cart_id', '=', cartId)
    .where((eb) =>
      eb.or(
        lines.map((l) =>
          eb.and([eb('product_id', '=', l.productId), eb('variety_name', '=', l.variety), eb('color', '=', l.color)]),
        ),
      ),
    )
    .execute()
}

/**
 * Moves a visitor's cart into the user's at login: the same product + variety + colour adds the
 * quantities, and each product's lines are capped at its stock and the per-order limit. The guest
 * cart is deleted.
 */
export async function mergeGuestCart(db: DB, guestId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const guestCartId = await findCartId(trx, { guestId })
    if (!guestCartId) return
    const guestLines = await trx
      .selectFrom('cart_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['l.product_id', 'l.variety_name', 'l.color', 'l.quantity', stockFor('p', { userId }).as('total_stock'), 'p.deleted_at'])
      .where('l.cart_id', '=', guestCartId)
      .orderBy('l.created_at')
      .orderBy(sql`l.rowid`)
      .execute()
    const userCartId = await ensureCartId(trx, { userId })
    for (const line of guestLines) {
      if (line.deleted_at !== null) continue
      const inCart = await quantityOfProduct(trx, userCartId, line.product_id)
      const existing = await findSameLine(trx, userCartId, line)
      const add = Math.min(line.quantity, roomForLine(line.total_stock, inCart, existing?.quantity ?? 0), roomUnderLimit(inCart))
      if (add <= 0) continue
      await addToLine(trx, userCartId, existing, { product_id: line.product_id, variety_name: line.variety_name, color: line.color }, add)
    }
    await trx.deleteFrom('carts').where('id', '=', guestCartId).execute()
    await touch(trx, userCartId)
  })
}

/** Deletes guest carts untouched for GUEST_CART_TTL_DAYS. */
export async function deleteStaleGuestCarts(db: DB, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - GUEST_CART_TTL_DAYS * 24 * 60 * 60 * 1000).toISOString()
  const result = await db.deleteFrom('carts').where('guest_id', 'is not', null).where('updated_at', '<', cutoff).executeTakeFirst()
  return Number(result.numDeletedRows)
}
