// What checkout tells the shopper (docs/spec/validation.md and errors.md), for the order service and the page.
import { CART_MESSAGES } from './cart'

export const CHECKOUT_MESSAGES = {
  emptyCart: CART_MESSAGES.emptyCart,
  loginRequired: CART_MESSAGES.loginRequired,
  noAddress: 'Please Select an Address.',
  unavailable: 'Some items in your cart are unavailable or over the stock left. Please update your cart.',
  gatewayDown: 'Payment could not be started. Please try again in a moment.',
  /** A line whose stock cannot be held for the shopper (others hold or bought it): nothing was charged. */
  notHeld: (line: string, left: number) =>
    left === 0
      ? `${line}: none left right now (0 available). Please remove it from your cart.`
      : `${line}: only ${left} left right now. Please lower the quantity in your cart.`,
  /** The cart's refusal past MAX_UNITS_PER_ORDER units of one product (its lines together), whatever the stock. */
  perOrderLimit: (max: number) => `At most ${max} of this item per order.`,
  /** A checkout's line(s) of one product over MAX_UNITS_PER_ORDER: nothing was held. */
  overLimit: (line: string, max: number) => `${line}: at most ${max} per order. Please lower the quantity in your cart.`,
  /**
   * A line over what checkouts from the shopper's network (their client address) may still hold of
   * the product: at most MAX_UNITS_PER_ORDER together. Nothing was held.
   */
  heldNearby: (line: string, room: number, max: number) =>
    room === 0
      ? `${line}: checkouts from your network already hold the most one network may (${max}). Please try again later.`
      : `${line}: only ${room} more can be held from your network right now (${max} at most). Please lower the quantity in your cart.`,
  /** Past the unpaid checkouts a shopper (or a network) may start in an hour (UNPAID_CHECKOUTS_PER_HOUR). */
  tooManyUnpaid: 'Too many checkouts were started without paying. Please try again later.',
  /** No courier delivers to the address's pincode (ADR 085): refused before payment, next to the address. */
  /** Pay for another address than the total shown was for: its delivery is shown first, nothing is charged. */
  deliveryRequoted: 'The delivery fee for this address is now in the total. Please check it and pay.',
  notServiceable: (pincode: string) => `Sorry, our couriers do not deliver to ${pincode} yet. Please choose another address.`,
} as const
