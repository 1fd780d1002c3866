// Back-in-stock alerts' words and bounds (issue 27, ADR 066), shared by the product page and the domain.

export const STOCK_ALERT_LIMITS = {
  /** Sold-out shelves one address may wait for at once. */
  perAddress: 20,
  /** Addresses one shelf may keep. */
  perShelf: 1000,
} as const

export const STOCK_ALERT_MESSAGES = {
  saved: 'We will mail you once when it is back in stock.',
  inStock: 'This is in stock now: you can add it to your cart.',
  unknownChoice: 'Choose an option the piece comes in.',
  tooManyForAddress: `You are already waiting for ${STOCK_ALERT_LIMITS.perAddress} pieces with this address.`,
  tooManyForShelf: 'Too many people are waiting for this piece already; please check back soon.',
} as const
