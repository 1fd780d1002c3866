// The custom-order vocabulary: a request's statuses and the moves between them, the
// limits of the form and the words shoppers and the owner read. db/schema.ts, the migration's
// CHECK, the domain (app/domain/custom-orders/custom-orders.server.ts) and the admin's select derive from here.
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from './images'
import { moveRefusedMessage } from './text'

/** Every status a custom request can have, in the order of its life. */
export const CUSTOM_ORDER_STATUSES = ['new', 'quoted', 'accepted', 'declined', 'done'] as const
export type CustomOrderStatus = (typeof CUSTOM_ORDER_STATUSES)[number]

/**
 * The life of a request as one from-to table, like the order lifecycle's: new -> quoted (the studio
 * names a price) -> accepted (the shopper said yes) -> done (made and handed over). The studio may
 * decline a request until it is accepted, or quote again (a new price) while it is quoted.
 * Declined and done end it. The domain refuses every move not listed here.
 */
export const CUSTOM_ORDER_MOVES: Record<CustomOrderStatus, readonly CustomOrderStatus[]> = {
  new: ['quoted', 'declined'],
  quoted: ['accepted', 'declined'],
  accepted: ['done'],
  declined: [],
  done: [],
}

export function canMoveCustomOrder(from: CustomOrderStatus, to: CustomOrderStatus): boolean {
  return CUSTOM_ORDER_MOVES[from].includes(to)
}

/** The statuses a request may move to from `from`, in the order of its life. */
export function nextCustomOrderStatuses(from: CustomOrderStatus): CustomOrderStatus[] {
  return CUSTOM_ORDER_STATUSES.filter((to) => canMoveCustomOrder(from, to))
}

export function isFinalCustomOrderStatus(status: CustomOrderStatus): boolean {
  return CUSTOM_ORDER_MOVES[status].length === 0
}

/** A move to these needs a quoted price (on the request already, or sent with the move). */
export const NEEDS_QUOTE: readonly CustomOrderStatus[] = ['quoted', 'accepted', 'done']

/** What each status means, for the shopper and the owner (the value stays in the database). */
export const CUSTOM_ORDER_STATUS_LABELS: Record<CustomOrderStatus, string> = {
  new: 'Received, not yet priced',
  quoted: 'Price quoted',
  accepted: 'Accepted, being made',
  declined: 'Declined',
  done: 'Done',
}

/** Short words for the admin's list and select. */
export const CUSTOM_ORDER_STATUS_SHORT: Record<CustomOrderStatus, string> = {
  new: 'New',
  quoted: 'Quoted',
  accepted: 'Accepted',
  declined: 'Declined',
  done: 'Done',
}

export function isCustomOrderStatus(value: unknown): value is CustomOrderStatus {
  return typeof value === 'string' && (CUSTOM_ORDER_STATUSES as readonly string[]).includes(value)
}

export const CUSTOM_ORDER_LIMITS = {
  name: 80,
  email: 254,
  description: 2000,
  occasion: 80,
  notes: 2000,
  /** Rupees: at least ₹100, at most ₹10,00,000 (a budget, and a quoted price). */
  minRupees: 100,
  maxRupees: 1_000_000,
  /** The needed-by date: from tomorrow (India) up to two years ahead. */
  maxDaysAhead: 730,
  photos: 3,
  /** All photos of one request together: one upload's worth; more are read and dropped, and the form answered (ADR 079). */
  photoBytes: MAX_UPLOAD_BYTES,
  /** Admin list page size. */
  pageSize: 20,
} as const

/**
 * Spam limits per hour: requests sent from one address (IPv4, or IPv6 /64) and for one email.
 * A request refused for a field does not count; one refused for its photos does (their header is
 * read only after the limits).
 */
export const CUSTOM_ORDER_RATE = { perAddress: 5, perEmail: 3, seconds: 60 * 60 } as const

export const CUSTOM_ORDER_MESSAGES = {
  sent: 'Thank you! Your request is with the studio; we will reply with a price within two working days.',
  tooMany: 'You have sent several requests in the last hour. Please wait a while and try again, or call us.',
  tooManyPhotos: `Please choose at most ${CUSTOM_ORDER_LIMITS.photos} photos.`,
  photosTooLarge: `The photos can be at most ${MAX_UPLOAD_MB} MB together. Please choose smaller ones.`,
  notFound: 'Custom request not found.',
  updated: 'The custom request is updated.',
  moveRefused: (from: CustomOrderStatus, to: CustomOrderStatus) =>
    moveRefusedMessage('A request', CUSTOM_ORDER_STATUS_SHORT[from], CUSTOM_ORDER_STATUS_SHORT[to]),
  quoteNeeded: 'Enter the quoted price before setting this status.',
  quoteLocked: 'The price can no longer change once the request is accepted.',
  nothingChanged: 'Choose a new status, or change the price or the notes.',
} as const

/** A request's number for people, from its id: #C1001 on. */
export function formatCustomOrderNumber(id: number): string {
  return `#C${1000 + id}`
}

/** The owner's quote (ADR 088): its message, the advances she may ask, how long it stands. */
export const QUOTE_LIMITS = {
  message: 2000,
  declineReason: 500,
  /** The advance, as a percent of the price: 0 (none) or one of these. */
  advancePercents: [0, 25, 50, 75] as const,
  /** Days a quote stands unless the owner says otherwise; and the most she may give. */
  defaultExpiryDays: 7,
  maxExpiryDays: 60,
  /** A signed link in the quote mail stands as long as its quote, and at most this long. */
  linkDays: 60,
} as const

/** Where a quote stands for the shopper, worked out from the request (an expired quote stays 'quoted' in the database). */
export const QUOTE_STATES = ['none', 'open', 'expired', 'accepted', 'declined', 'paid'] as const
export type QuoteState = (typeof QUOTE_STATES)[number]

export const QUOTE_MESSAGES = {
  sent: 'The quote is sent to the shopper.',
  accepted: 'Thank you! Your quote is accepted. Pay to start the making.',
  declined: 'You declined the quote. The studio has been told.',
  expired: 'This quote has expired. Please write to the studio for a new one.',
  declinedByStudio: 'The studio declined this request.',
  declinedByShopper: (reason: string) => (reason ? `You declined this quote: ${reason}` : 'You declined this quote.'),
  notOpen: 'This quote can no longer be accepted or declined.',
  noAccount: (email: string) => `Please create an account with ${email} (or sign in with it) to accept and pay: the order will be kept there.`,
  linkInvalid: 'This link is not valid. Please use the link in the latest mail, or sign in to see your request.',
  linkExpired: 'This link has expired. Please sign in to see your request.',
  linkUsed: 'This link has already been used. Please sign in to see your request.',
  paid: 'Payment received. Your piece is now an order.',
  balanceDue: 'The balance of this custom order must be paid before it can ship.',
  noLinkNeeded: 'Nothing is left to pay for this request.',
  reasonNeeded: 'Please tell the studio why, in a few words.',
} as const

/** The advance and the balance of a price, in paise (the advance rounded to the rupee). */
export function splitAdvance(pricePaise: number, advancePercent: number): { advancePaise: number; balancePaise: number } {
  if (advancePercent <= 0) return { advancePaise: 0, balancePaise: pricePaise }
  const advancePaise = Math.round((pricePaise * advancePercent) / 100 / 100) * 100
  return { advancePaise, balancePaise: pricePaise - advancePaise }
}
