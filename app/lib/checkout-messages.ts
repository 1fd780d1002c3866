// What checkout tells the shopper (docs/spec/validation.md and errors.md), for the order service and the page.
import { CART_MESSAGES } from './cart'

export const CHECKOUT_MESSAGES = {
  emptyCart: 'Your Cart is Empty.',
  loginRequired: CART_MESSAGES.loginRequired,
  noAddress: 'Please Select an Address.',
  unavailable: 'Some items in your cart are unavailable or over the stock left. Please update your cart.',
  gatewayDown: 'Payment could not be started. Please try again in a moment.',
} as const
