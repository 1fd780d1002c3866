// The refund vocabulary: a refund's states and reasons, and what a shopper or the owner reads about
// one (docs/decisions/031-order-lifecycle-and-refunds.md). db/schema.ts derives its column types from these lists.
import { formatDate } from './dates'
import { formatPaise } from './money'

/**
 * queued: decided, not yet accepted by the gateway (the worker sends it, retrying with backoff);
 * pending: the gateway took it and is paying it out; processed: the money is back; failed: the
 * gateway could not pay it out (the owner must act).
 */
export const REFUND_STATUSES = ['queued', 'pending', 'processed', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/**
 * Why money goes back: the stock ran out before the payment came (unfillable), the admin rejected a
 * paid order, the shopper cancelled a paid order, or money came for an order already rejected or
 * cancelled (late_payment).
 */
export const REFUND_REASONS = ['unfillable', 'rejected', 'cancelled', 'late_payment'] as const
export type RefundReason = (typeof REFUND_REASONS)[number]

/** An order's refund as the pages and the /api read it. */
export interface RefundView {
  id: string
  status: RefundStatus
  reason: RefundReason
  amountPaise: number
  /** The gateway's refund id once it took the refund (Razorpay's rfnd_...). */
  gatewayRefundId: string | null
  processedAt: string | null
}

/** The refund's state in words: 'refund of ₹1,499.00 processed on 25 Nov 2026', 'refund pending'. */
export function refundStateWords(refund: Pick<RefundView, 'status' | 'amountPaise' | 'processedAt'>): string {
  switch (refund.status) {
    case 'processed':
      return `refund of ${formatPaise(refund.amountPaise)} processed${refund.processedAt ? ` on ${formatDate(refund.processedAt)}` : ''}`
    case 'failed':
      return 'refund failed; the studio will contact you'
    default:
      return 'refund pending'
  }
}

/**
 * One line that tells the truth about an order that will not ship and its money:
 * 'Cancelled: refund of ₹1,499.00 processed on 25 Nov 2026', 'Could not be filled: refund pending'.
 * Null when the order has no refund.
 */
export function refundSentence(orderStatus: string, refund: Pick<RefundView, 'status' | 'reason' | 'amountPaise' | 'processedAt'> | null): string | null {
  if (!refund) return null
  const what =
    refund.reason === 'unfillable'
      ? 'Could not be filled'
      : orderStatus === 'cancelled'
        ? 'Cancelled'
        : orderStatus === 'rejected'
          ? 'Rejected'
          : 'Refund'
  const words = refundStateWords(refund)
  return what === 'Refund' ? words.charAt(0).toUpperCase() + words.slice(1) : `${what}: ${words}`
}

/** Short words for a list badge: 'Refund pending', 'Refunded', 'Refund failed'. */
export function refundBadgeWords(status: RefundStatus): string {
  return status === 'processed' ? 'Refunded' : status === 'failed' ? 'Refund failed' : 'Refund pending'
}
