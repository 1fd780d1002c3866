// What a cart line may hold and why it cannot be bought, once for every path that reads or changes a
// cart (the cart page and /api, adds and changes, the merge at login): the product's stock less
// other shoppers' holds, the per-line bound and the per-order limit (ADR 050).
import { MAX_LINE_QUANTITY } from '~/lib/cart'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { Invalid } from '~/domain/errors'
import { domainSettings } from '~/domain/settings.server'
import { availableStock } from './availability.server'
import type { CartOwner } from './cart.server'

/** The product's stock the owner may buy: less everyone else's live holds (a user's own do not count). */
export function stockFor(table: string, owner: CartOwner) {
  return availableStock(table, 'userId' in owner ? { exceptUserId: owner.userId } : {})
}

/**
 * The stock rule, once: a product's lines together hold at most its stock, and one line at most
 * MAX_LINE_QUANTITY. How many more units a line holding `lineQuantity` may take when the cart holds
 * `inCart` of the product in all (below 0 when already over).
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

/** A line as the cart reads it, for the question whether it can be bought as it is. */
export interface LineState {
  deleted: boolean
  /** What the owner may buy of the product (stockFor). */
  totalStock: number
  /** What the cart holds of the product, its lines together. */
  inCart: number
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
          : roomUnderLimit(line.inCart) < 0
            ? perOrderLimitMessage()
            : null
  const stockProblem = line.totalStock <= 0 || overStock
  return { problem, shortOfStock: problem !== null && !line.deleted && !line.choiceGone && stockProblem }
}
