// The order vocabulary: the contract's status values (kept as they are in the /api) and the words
// and numbers a person reads on a page.
// db/schema.ts derives its column types from these lists.
import { moveRefusedMessage } from './text'

/** Every status an order can have, in the order of its life (the admin's filter and dashboard). */
export const ALL_ORDER_STATUSES = ['pending', 'confirmed', 'inProcess', 'inShipping', 'delivered', 'cancelled', 'rejected'] as const
export type OrderStatus = (typeof ALL_ORDER_STATUSES)[number]

/** Who moves an order: the payment (the gateway's word), the shop's admin, the shopper who owns it, or the courier's scans (ADR 086). */
export type OrderActor = 'payment' | 'admin' | 'shopper' | 'courier'

/**
 * The life of an order as one from-to table: the only moves there are, and who may make each.
 * pending -> confirmed (paid) -> inProcess (accepted) -> inShipping -> delivered; the shopper may
 * cancel before the order is accepted, the admin may reject it until it is delivered. Delivered,
 * cancelled and rejected end it. The domain refuses every move not listed here.
 */
export const ORDER_STATUS_MOVES: Record<OrderStatus, Partial<Record<OrderStatus, OrderActor | readonly OrderActor[]>>> = {
  // The payment also rejects an order it cannot fill (the stock ran out before the money came).
  pending: { confirmed: 'payment', cancelled: 'shopper', rejected: ['admin', 'payment'] },
  confirmed: { inProcess: 'admin', cancelled: 'shopper', rejected: 'admin' },
  inProcess: { inShipping: ['admin', 'courier'], rejected: 'admin' },
  inShipping: { delivered: ['admin', 'courier'], rejected: 'admin' },
  delivered: {},
  cancelled: {},
  rejected: {},
}

/** True when `actor` may move an order from `from` to `to`. */
export function canMoveOrder(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  const who = ORDER_STATUS_MOVES[from]?.[to]
  return Array.isArray(who) ? who.includes(actor) : who === actor
}

/** The statuses `actor` may move an order to from `from`, in the order of an order's life. */
export function nextOrderStatuses(from: OrderStatus, actor: OrderActor): OrderStatus[] {
  return ALL_ORDER_STATUSES.filter((to) => canMoveOrder(from, to, actor))
}

/** A status that ends an order: nothing moves it again. */
export function isFinalOrderStatus(status: OrderStatus): boolean {
  return Object.keys(ORDER_STATUS_MOVES[status]).length === 0
}

/** The statuses the admin may set (docs/spec/constants.md); 'confirmed' is set by payment only. */
export const ADMIN_ORDER_STATUSES = ['pending', 'inProcess', 'inShipping', 'delivered', 'rejected'] as const satisfies readonly OrderStatus[]
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number]

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** What the admin's order pages and /api/admin/orders/update say (docs/spec/validation.md). */
export const ORDER_MESSAGES = {
  statusRequired: 'Please select an order status before submitting.',
  statusUnknown: `Order status must be one of ${ADMIN_ORDER_STATUSES.join(', ')}.`,
  statusUpdated: 'Order status is updated successfully!',
  notFound: 'Order not found.',
  moveRefused: (from: OrderStatus, to: OrderStatus) => moveRefusedMessage('An order', ORDER_STATUS_LABELS[from], ORDER_STATUS_LABELS[to]),
  cancelled: 'Your order is cancelled. The full amount will be refunded.',
  cancelledUnpaid: 'Your order is cancelled.',
  cancelRefused: 'This order can no longer be cancelled: it is being made or already on its way.',
  notYours: 'This order is not yours.',
  rejected: 'The order is rejected; its refund is on its way.',
} as const

/** What each status means to the shopper and the owner (pages only; the /api keeps the values). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending payment',
  confirmed: 'Confirmed',
  inProcess: 'Being made',
  inShipping: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
}

/** A status value as words; an unknown value is shown as it is rather than hidden. */
export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status
}

export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status
}

/** How the order was paid, in words: Razorpay takes UPI and cards; the test gateway moves no money. */
export function paymentMethodLabel(method: string, gateway: string): string {
  if (gateway === 'test') return 'Test payment (no money moved)'
  return method === 'razorpay' ? 'Razorpay (UPI or card)' : method
}

/** The short number people quote for an order ('#1024'), instead of its internal id. */
export function formatOrderNumber(number: number): string {
  return `#${number}`
}

/** The first order number a shop gives out; later ones count up from it. */
export const FIRST_ORDER_NUMBER = 1001

/** The confirmation page for a paid order (every way a payment ends well goes here). */
export function paymentSuccessPath(orderId: string): string {
  return `/shop/payment-success?${new URLSearchParams({ order: orderId })}`
}
