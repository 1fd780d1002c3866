// Cart wording shared by the pages and the API (docs/spec/validation.md and errors.md).

/** Refusal when adding from a card or the product detail; n is the quantity already in the cart. */
export function addLimitMessage(n: number): string {
  return `Only ${n} quantity can be added for this item`
}

/** Refusal when raising a quantity in the cart; n is the line's current quantity. */
export function cartLimitMessage(n: number): string {
  return `Only ${n} Quantity Can be Added for this Item`
}

export const CART_MESSAGES = {
  addedFromCard: 'Product is added to cart',
  addedFromDetail: 'Product is Added to Cart',
  updated: 'Cart Item is Updated Successfully',
  deleted: 'Cart Item is Deleted Successfully',
  loginRequired: 'User login required for successful purchase.',
  notInCart: 'This item is not in your cart.',
  productGone: 'This product is no longer available.',
  /** The spec's one wording for an empty cart (errors.md), in the cart sheet, at checkout and as its refusal. */
  emptyCart: 'Your Cart is Empty.',
} as const

/** What an 'Added to cart' toast offers next (issue 28), with JS and without. */
export const CART_NEXT_STEPS = [
  { to: '/shop/cart', label: 'View cart' },
  { to: '/shop/checkout', label: 'Check out' },
] as const

/** The most of one item a cart line may hold, whatever the stock (a typo guard). */
export const MAX_LINE_QUANTITY = 99
