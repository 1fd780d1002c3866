// Automatic offers' vocabulary, the shopper's words and the pure rules (ADR 078): which offer covers a
// category, the delivery fee of a cart, and how far a cart is from free delivery. The offer's price
// itself is lib/pricing's withOffer, inside linePrices: one rule for cards, pages, cart and orders.
import type { Category } from './catalog'
import { formatPaise } from './money'

/** A percentage off the pieces in scope, or free delivery from an order amount. */
export const OFFER_KINDS = ['percent_off', 'free_delivery'] as const
export type OfferKind = (typeof OFFER_KINDS)[number]

export const OFFER_KIND_LABELS: Record<OfferKind, string> = {
  percent_off: 'Percentage off',
  free_delivery: 'Free delivery over an amount',
}

/** What a percent-off offer covers: the whole shop, some categories or some products (scope_items lists them). */
export const OFFER_SCOPES = ['shop', 'categories', 'products'] as const
export type OfferScope = (typeof OFFER_SCOPES)[number]

/** An offer takes at most this percent off: a piece is never given away. */
export const MAX_OFFER_PERCENT = 90

/** A percent-off offer running now, as the prices read it. */
export interface PercentOffer {
  id: string
  name: string
  percent: number
  /** The categories it covers, or null: not limited to some. */
  categories: Category[] | null
  /** The products it covers, or null: not limited to some. */
  products: string[] | null
  stackable: boolean
}

/** The free-delivery offer running now: delivery is free from `minOrderPaise` (the discounted subtotal). */
export interface FreeDeliveryOffer {
  id: string
  name: string
  minOrderPaise: number
}

/** The offers running at one moment. */
export interface LiveOffers {
  percentOff: PercentOffer[]
  freeDelivery: FreeDeliveryOffer | null
}

export const NO_OFFERS: LiveOffers = { percentOff: [], freeDelivery: null }

/** The offer a piece gets: the largest percent of those covering it (the earlier on a tie), or null. */
export function offerFor(offers: LiveOffers, piece: { id: string; category: Category }): PercentOffer | null {
  let best: PercentOffer | null = null
  for (const offer of offers.percentOff) {
    if (offer.categories !== null && !offer.categories.includes(piece.category)) continue
    if (offer.products !== null && !offer.products.includes(piece.id)) continue
    if (!best || offer.percent > best.percent) best = offer
  }
  return best
}

/**
 * THE delivery fee of a cart (the hook issue 30's shipping reuses): none for an empty cart, none once
 * the subtotal after any code's saving reaches the free-delivery amount, else the shop's fee.
 */
export function deliveryFeeFor(input: { hasItems: boolean; payablePaise: number; feePaise: number; freeOverPaise: number | null }): number {
  if (!input.hasItems) return 0
  if (input.freeOverPaise !== null && input.payablePaise >= input.freeOverPaise) return 0
  return input.feePaise
}

/** How far a cart is from free delivery: null when no such offer runs or delivery costs nothing anyway. */
export interface FreeDeliveryHint {
  overPaise: number
  /** 0 once reached. */
  shortPaise: number
  message: string
}

export function freeDeliveryHint(payablePaise: number, offer: FreeDeliveryOffer | null, feePaise: number): FreeDeliveryHint | null {
  if (!offer || feePaise <= 0) return null
  const shortPaise = Math.max(0, offer.minOrderPaise - payablePaise)
  return {
    overPaise: offer.minOrderPaise,
    shortPaise,
    message: shortPaise > 0 ? OFFER_MESSAGES.addForFreeDelivery(shortPaise) : OFFER_MESSAGES.freeDeliveryReached(offer.minOrderPaise),
  }
}

/** What the shopper is told, word for word. */
export const OFFER_MESSAGES = {
  addForFreeDelivery: (shortPaise: number) => `Add ${formatPaise(shortPaise)} more for free delivery`,
  freeDeliveryReached: (paise: number) => `Free delivery: your order is over ${formatPaise(paise)}`,
  /** The offer's prices are in the cart (no code, a code on other pieces, or a stackable offer). */
  applied: (name: string, savingPaise: number) => `${name} applied: you save ${formatPaise(savingPaise)}`,
  /** The code and the offer cover the same pieces and the offer saves more. */
  betterThanCode: (name: string, code: string) => `${name} applied: better than your code ${code}`,
  /** The code and the offer cover the same pieces and the code saves more. */
  codeBetter: (code: string, name: string) => `${code} applied: better than the ${name}`,
} as const
