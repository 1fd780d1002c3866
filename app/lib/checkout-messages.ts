// What checkout tells the shopper (docs/spec/validation.md and errors.md), for the order service and the page.
import { CART_MESSAGES } from './cart'

export const CHECKOUT_MESSAGES = {
  emptyCart: 'Your Cart is Empty.',
  loginRequired: CART_MESSAGES.loginRequired,
  noAddress: 'Please Select an Address.',
  unavailable: 'Some items in your cart are unavailable or over the stock left. Please update your cart.',
  gatewayDown: 'Payment could not be started. Please try again in a moment.',
  /** A line whose stock cannot be held for the shopper (others hold or bought it): nothing was charged. */
  notHeld: (line: string, left: number) =>
    left === 0
      ? `${line}: none left right now (0 available). Please remove it from your cart.`
      : `${line}: only ${left} left right now. Please lower the quantity in your cart.`,
} as const
