// What a cart line may hold and why it cannot be bought, once for every path that reads or changes a
// cart (the cart page and /api, adds and changes, the merge at login): the stock the line draws on
// (its variant's or the product's, ADR 061) less other shoppers' holds, the per-line bound and the
// per-order limit on the product (ADR 050).
import type { DB } from '../../../db/database'
import { MAX_LINE_QUANTITY } from '~/lib/cart'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { Invalid } from '~/domain/errors'
import { domainSettings } from '~/domain/settings.server'
import { availableStock } from './availability.server'
import type { CartOwner } from './cart.server'
import { lineStock, type VariantKey, variantsOf } from './variant-stock.server'

/** The product's stock the owner may buy: less everyone else's live holds (a user's own do not count). */
export function stockFor(table: string, owner: CartOwner) {
  return availableStock(table, 'userId' in owner ? { exceptUserId: owner.userId } : {})
}

/**
 * The stock rule, once: the lines drawing on one stock (a variant's, or a product's without
 * variants) together hold at most what is left of it, and one line at most MAX_LINE_QUANTITY. How
 * many more units a line holding `lineQuantity` may take when the cart holds `inCart` of that stock
 * in all (below 0 when already over).
 */
export function roomForLine(totalStock: number, inCart: number, lineQuantity: number): number {
  return Math.min(totalStock - inCart, MAX_LINE_QUANTITY - lineQuantity)
}

/**
 * The per-order rule (ADR 050): a product's lines together hold at most maxUnitsPerOrder units,
 * whatever the stock (a checkout holds no more). How many more the cart may take (below 0 when over).
 */
export function roomUnderLimit(inCart: number): number {
  return domainSettings().checkout.maxUnitsPerOrder - inCart
}

function perOrderLimitMessage(): string {
  return CHECKOUT_MESSAGES.perOrderLimit(domainSettings().checkout.maxUnitsPerOrder)
}

/**
 * Refuses `more` units for a line: the stock's message when the stock (or a line's bound) is what
 * stops them, else the per-order limit's.
 */
export function refuseMore(more: number, room: { stock: number; limit: number }, stockMessage: string): void {
  if (more > room.stock) throw new Invalid({ quantity: [stockMessage] })
  if (more > room.limit) throw new Invalid({ quantity: [perOrderLimitMessage()] })
}

/**
 * What the owner's cart holds against the stock a line (variety, color) of the product draws on:
 * what is left of that stock for the owner (`left`), the units of the cart's lines drawing on it
 * (`inStock`), and of all the product's lines (`inProduct`, for the per-order limit). Read inside
 * the caller's transaction, after the cart's row is locked.
 */
export async function stockRoom(
  db: DB,
  owner: CartOwner,
  cartId: string,
  productId: string,
  choice: VariantKey,
): Promise<{ left: number; inStock: number; inProduct: number }> {
  const [product, variants, lines] = await Promise.all([
    db.selectFrom('products').select(stockFor('products', owner).as('available')).where('id', '=', productId).executeTakeFirst(),
    variantsOf(db, [productId], 'userId' in owner ? { exceptUserId: owner.userId } : {}),
    db.selectFrom('cart_lines').select(['variety_name', 'option2', 'color', 'quantity']).where('cart_id', '=', cartId).where('product_id', '=', productId).execute(),
  ])
  const ofProduct = variants.get(productId) ?? []
  const available = Number(product?.available ?? 0)
  const mine = lineStock(productId, ofProduct, available, choice)
  let inStock = 0
  let inProduct = 0
  for (const line of lines) {
    inProduct += line.quantity
    if (lineStock(productId, ofProduct, available, { variety: line.variety_name, option2: line.option2, color: line.color }).key === mine.key) inStock += line.quantity
  }
  return { left: mine.available, inStock, inProduct }
}

/** A line as the cart reads it, for the question whether it can be bought as it is. */
export interface LineState {
  deleted: boolean
  /** What the owner may buy of the stock the line draws on (its variant's or the product's). */
  totalStock: number
  /** What the cart holds of that stock, its lines together. */
  inCart: number
  /** What the cart holds of the product, its lines together (the per-order limit); inCart when not given. */
  inProduct?: number
  quantity: number
  /** The line's variety or colour is gone from the product, or the product now asks for one the line lacks. */
  choiceGone: boolean
}

/**
 * Why the line cannot be bought as it is (null when it can), the first reason in this order: the
 * product is gone, none is left, the choice is gone, the lines want more than is left, or more than
 * the per-order limit. `shortOfStock` when the stock is all that stands in the way.
 */
export function lineProblem(line: LineState): { problem: string | null; shortOfStock: boolean } {
  const overStock = roomForLine(line.totalStock, line.inCart, line.quantity) < 0
  const problem = line.deleted
    ? 'This item is no longer available.'
    : line.totalStock <= 0
      ? 'Out of stock.'
      : line.choiceGone
        ? 'This option is no longer available.'
        : overStock
          ? `Only ${line.totalStock} left in stock.`
          : roomUnderLimit(line.inProduct ?? line.inCart) < 0
            ? perOrderLimitMessage()
            : null
  const stockProblem = line.totalStock <= 0 || overStock
  return { problem, shortOfStock: problem !== null && !line.deleted && !line.choiceGone && stockProblem }
}
