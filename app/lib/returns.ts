// Returns' vocabulary (issue 31, ADR 099): the reasons, the states, the policy's defaults and the
// words shoppers and the owner read. The rules are app/domain/orders/returns.server.ts.
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from './images'
import type { ExchangeView } from './exchanges'
import type { ReturnPickupView } from './return-pickups'

export const RETURN_REASONS = ['damaged', 'wrong', 'notAsDescribed', 'changedMind'] as const
export type ReturnReason = (typeof RETURN_REASONS)[number]

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged in transit',
  wrong: 'Wrong piece',
  notAsDescribed: 'Not as described',
  changedMind: 'Changed my mind',
}

/** Reasons that let personalised and made-to-order pieces come back (the default policy). */
export const FAULT_REASONS: readonly ReturnReason[] = ['damaged', 'wrong']

export const RETURN_STATUSES = ['requested', 'approved', 'declined', 'received', 'refunded'] as const
export type ReturnStatus = (typeof RETURN_STATUSES)[number]

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  declined: 'Declined',
  received: 'Received',
  refunded: 'Refunded',
}

/** The owner's moves of a return (the state table: RETURN_MOVES in app/domain/orders/returns.server.ts). */
export const RETURN_ACTIONS = ['approve', 'decline', 'receive', 'refund', 'refundWithoutPickup', 'close'] as const
export type ReturnAction = (typeof RETURN_ACTIONS)[number]

/** The owner's list filter (ADR 099): the open ones (waiting for a move), then each state. */
export const RETURN_FILTERS = ['open', ...RETURN_STATUSES] as const
export type ReturnFilter = (typeof RETURN_FILTERS)[number]
/** Returns still in the owner's hands. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received']
/** Returns waiting for the owner's move (approved ones wait for the shopper's parcel). */
export const WAITING_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'received']

export const RETURN_FILTER_LABELS: Record<ReturnFilter, string> = { open: 'Open (requested, approved, received)', ...RETURN_STATUS_LABELS }

export interface ReturnPolicy {
  /** Days after delivery a return may be asked for. */
  windowDays: number
  reasons: ReturnReason[]
  /** Personalised and made-to-order pieces come back only when damaged or wrong. */
  specialOnlyDamaged: boolean
  /** Where the shopper sends the parcel ('' : the studio's address from the invoices' seller). */
  sendTo: string
}

export const DEFAULT_RETURN_POLICY: ReturnPolicy = Object.freeze({
  windowDays: 7,
  reasons: [...RETURN_REASONS],
  specialOnlyDamaged: true,
  sendTo: '',
}) as ReturnPolicy

export const RETURN_LIMITS = {
  maxWindowDays: 90,
  noteMax: 1000,
  messageMax: 500,
  sendToMax: 500,
  /** Photos of damage (ADR 101): at least one for damage, at most this many. */
  photos: 4,
  /** All photos of one ask together: the custom-order form's limit (ADR 079). */
  photoBytes: MAX_UPLOAD_BYTES,
} as const

export const RETURN_MESSAGES = {
  notDelivered: 'Pieces can be returned once the order is delivered.',
  windowClosed: (days: number) => `Returns close ${days} ${days === 1 ? 'day' : 'days'} after delivery; this order's window has closed.`,
  nothing: 'Choose the pieces to return.',
  unknownLine: 'That piece is not in this order.',
  tooMany: (left: number) => (left === 0 ? 'This piece has been returned or refunded already.' : `At most ${left} of this piece can be returned.`),
  quantity: 'Enter a whole number of pieces.',
  reason: 'Choose why you are returning the pieces.',
  reasonNotAccepted: 'The studio does not take returns for that reason.',
  specialPiece: 'Personalised and made-to-order pieces can be returned only when damaged or wrong.',
  damagedPhotos: 'Please add at least one photo of the damage.',
  tooManyPhotos: `Please choose at most ${RETURN_LIMITS.photos} photos.`,
  photosTooLarge: `The photos can be at most ${MAX_UPLOAD_MB} MB together. Please choose smaller ones.`,
  noPickupNeedsPhotos: 'Only a return with photos of the damage can be refunded without receiving it.',
  noteTooLong: `Please keep the note to ${RETURN_LIMITS.noteMax} characters.`,
  messageTooLong: `Please keep the message to ${RETURN_LIMITS.messageMax} characters.`,
  declineMessage: 'Please tell the shopper why you are declining.',
  notFound: 'Return not found.',
  moveRefused: (from: ReturnStatus, action: string) => `A return that is ${RETURN_STATUS_LABELS[from].toLowerCase()} cannot be ${action}.`,
  noPickupRefused: 'Only a return of damaged pieces can be refunded without receiving it.',
  requested: 'Return requested. The studio will reply soon.',
  approved: 'Return approved.',
  declined: 'Return declined.',
  closed: 'Return closed: the parcel never came back.',
  closeMessage: 'Please tell the shopper why you are closing it (the parcel never came back).',
  received: 'Return received.',
  refunded: (amount: string) => `Refund of ${amount} issued for the return.`,
  windowDays: `Enter a number of days from 0 to ${RETURN_LIMITS.maxWindowDays}.`,
  reasons: 'Accept at least one reason.',
  sendToTooLong: `Please keep the address to ${RETURN_LIMITS.sendToMax} characters.`,
  saved: 'Return policy saved.',
  action: 'Choose one of approve, decline, receive, refund, refundWithoutPickup, close.',
  filter: `Status must be one of ${['open', ...RETURN_STATUSES].join(', ')}.`,
  restock: 'Restock takes a line number and true or false for each line.',
} as const

/** A return as the order pages and /api show it. */
export interface ReturnView {
  id: string
  /** The exchange the shopper asked for instead of a refund (ADR 105); null for a refund. */
  exchange: ExchangeView | null
  number: number
  status: ReturnStatus
  items: { line: number; title: string; quantity: number; reason: ReturnReason }[]
  note: string
  /** Photos of the damage (ADR 101): stored urls of the largest width, served only by the order pages' routes. */
  photos: string[]
  ownerMessage: string
  received: { line: number; quantity: number; restock: boolean }[]
  withoutPickup: boolean
  refundId: string | null
  createdAt: string
  updatedAt: string
  /** The courier pickup (ADR 104), when one was asked for. */
  pickup?: ReturnPickupView
}

/** A return in the owner's list and /api/admin/returns: the return, its order and shopper. */
export interface AdminReturnView extends ReturnView {
  orderId: string
  orderNumber: number
  shopper: { name: string; email: string }
}
