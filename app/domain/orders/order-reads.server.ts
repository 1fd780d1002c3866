// Reading orders: a user's list (abandoned unpaid checkouts left out), an order in full for its
// owner or the admin, many in full for the /api lists, and the paid order the confirmation page shows.
import type { DiscountView } from '~/lib/discounts'
import { readPersonalization } from '~/lib/personalization'
import type { DB } from '../../../db/database'
import type { OrderStatus, PaymentStatus } from '../../../db/schema'
import { ORDER_MESSAGES } from '~/lib/order-status'
import type { SessionUser } from '~/lib/user'
import type { AddressFields } from '~/lib/addresses'
import type { RefundView } from '~/lib/refunds'
import type { Tracking } from '~/lib/tracking'
import { fromAddressColumns } from '~/domain/accounts/addresses.server'
import type { LineItem } from '~/domain/cart/cart.server'
import { holdsStock, isUnpaidCheckout } from '~/domain/cart/unpaid-checkouts.server'
import { clock } from '~/domain/clock'
import { domainSettings } from '~/domain/settings.server'
import { NotFound } from '~/domain/errors'
import { inJsonList } from '../../../db/dialect'
import { refundsOf } from './refunds.server'
import { partialRefundsOf } from './partial-refunds.server'
import { returnsOf } from './returns.server'
import type { ReturnView } from '~/lib/returns'
import type { PartialRefundView } from '~/lib/refund-shares'
import { optionLabelOf } from '~/lib/catalog'

export interface OrderSummary {
  id: string
  /** The short number people quote, shown as '#1024' (formatOrderNumber). */
  number: number
  orderDate: string
  orderStatus: OrderStatus
  paymentStatus: PaymentStatus
  totalAmountPaise: number
  userName: string
  email: string
  /** Paid (or payable) through the TEST MODE gateway: no money moves. */
  testMode: boolean
  /** The order's refund (money that goes back because it will not ship), or null. */
  refund: RefundView | null
  /** The India day (YYYY-MM-DD) it is expected to leave the studio (ADR 070); null for orders before it was kept. */
  dispatchBy: string | null
}

/** An order's line: the item as it was in the cart when the order was placed. */
export type OrderLineView = LineItem

export interface OrderDetail extends OrderSummary {
  userId: string
  /** The cart the order was placed from (null for orders made without one). */
  cartId: string | null
  subtotalPaise: number
  /** The discount code the order used and its saving (ADR 073); null for none. */
  discount: DiscountView | null
  deliveryFeePaise: number
  paymentMethod: string
  gateway: string
  gatewayOrderId: string | null
  gatewayPaymentId: string | null
  needsRefund: boolean
  /** The address as it was when the order was placed, and the saved address it came from. */
  address: AddressFields & { addressId: string | null }
  lines: OrderLineView[]
  history: { status: OrderStatus; note: string; changedAt: string }[]
  /** Shipping details, once the admin has entered them (order-tracking.server.ts); null when none. */
  tracking: Tracking | null
  /** The owner's partial refunds, oldest first (ADR 087). */
  refunds: PartialRefundView[]
  /** The shopper's returns, oldest first (ADR 099). */
  returns: ReturnView[]
}

export const ORDER_SUMMARY_COLUMNS = [
  'id',
  'number',
  'order_date',
  'order_status',
  'payment_status',
  'total_amount_paise',
  'user_name',
  'email',
  'gateway',
  'dispatch_by',
] as const

export function toOrderSummary(row: {
  id: string
  number: number
  order_date: string
  order_status: OrderStatus
  payment_status: PaymentStatus
  total_amount_paise: number
  user_name: string
  email: string
  gateway: string
  dispatch_by: string | null
}): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    orderDate: row.order_date,
    orderStatus: row.order_status,
    paymentStatus: row.payment_status,
    totalAmountPaise: row.total_amount_paise,
    userName: row.user_name,
    email: row.email,
    testMode: row.gateway === 'test',
    refund: null,
    dispatchBy: row.dispatch_by,
  }
}

/**
 * Which of a user's rows a list shows: 'orders' (Order History and /api/shop/order/list by default:
 * abandoned unpaid checkouts left out, see abandonedBefore) or 'all' (every row, `?view=all`).
 */
export const OWN_ORDER_LIST_VIEWS = ['orders', 'all'] as const

/** An unpaid checkout untouched since this moment (HOLD_MINUTES ago) and holding nothing is abandoned. */
export function abandonedBefore(now = clock.now()): Date {
  return new Date(now.getTime() - domainSettings().checkout.holdMinutes * 60_000)
}

/**
 * The user's rows; with `hideUnpaidBefore`, unpaid checkouts neither touched since then (placed,
 * retried, failed) nor still holding stock are left out: abandoned, they are not orders (Order
 * History and the /api list pass abandonedBefore()). Without it every row.
 */
function ordersOf(db: DB, userId: string, hideUnpaidBefore: Date | undefined) {
  let query = db.selectFrom('orders').where('user_id', '=', userId)
  if (hideUnpaidBefore) {
    const since = hideUnpaidBefore.toISOString()
    query = query.where((eb) => eb.or([eb.not(isUnpaidCheckout(eb)), eb('orders.updated_at', '>=', since), holdsStock(eb)]))
  }
  return query
}

/** Summaries with their refunds (one more query for the lot). */
export async function withRefunds<T extends OrderSummary>(db: DB, orders: T[]): Promise<T[]> {
  const refunds = await refundsOf(
    db,
    orders.map((o) => o.id),
  )
  return orders.map((o) => ({ ...o, refund: refunds.get(o.id) ?? null }))
}

/** The user's orders, newest first (`limit`/`offset` for one slice of them). */
export async function listOrdersOf(
  db: DB,
  userId: string,
  { limit, offset = 0, hideUnpaidBefore }: { limit?: number; offset?: number; hideUnpaidBefore?: Date } = {},
): Promise<OrderSummary[]> {
  let query = ordersOf(db, userId, hideUnpaidBefore).select(ORDER_SUMMARY_COLUMNS).orderBy('order_date', 'desc').orderBy('id')
  if (limit !== undefined) query = query.limit(limit).offset(offset)
  return withRefunds(db, (await query.execute()).map(toOrderSummary))
}

/** How many orders the user has (`hideUnpaidBefore` as listOrdersOf). */
export async function countOrdersOf(db: DB, userId: string, { hideUnpaidBefore }: { hideUnpaidBefore?: Date } = {}): Promise<number> {
  const row = await ordersOf(db, userId, hideUnpaidBefore)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/** An order in full, for its owner or the admin; NotFound for anyone else (never someone's data). */
export async function getOrderDetail(db: DB, orderId: string, viewer: SessionUser): Promise<OrderDetail> {
  let query = db.selectFrom('orders').select('id').where('id', '=', orderId)
  if (viewer.role !== 'admin') query = query.where('user_id', '=', viewer.id)
  const found = await query.executeTakeFirst()
  const [order] = found ? await getOrderDetails(db, [found.id]) : []
  if (!order) throw new NotFound(ORDER_MESSAGES.notFound)
  return order
}

/** An order row's shipping details (a carrier is always set with them). */
export function trackingOf(row: { tracking_carrier: string | null; tracking_number: string | null; tracking_url: string | null }): Tracking | null {
  if (!row.tracking_carrier) return null
  return { carrier: row.tracking_carrier, number: row.tracking_number, url: row.tracking_url }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group) group.push(item)
    else groups.set(k, [item])
  }
  return groups
}

/**
 * Orders in full, in the order of `orderIds` (unknown ids left out), read with three queries
 * whatever their number (the /api order lists answer whole orders). No access check: callers pick
 * ids the viewer may see.
 */
export async function getOrderDetails(db: DB, orderIds: string[]): Promise<OrderDetail[]> {
  if (orderIds.length === 0) return []
  const [orders, lines, history, refunds, partials, returns] = await Promise.all([
    db.selectFrom('orders').selectAll().where(inJsonList('id', orderIds)).execute(),
    db.selectFrom('order_lines').selectAll().where(inJsonList('order_id', orderIds)).orderBy('id').execute(),
    db
      .selectFrom('order_status_history')
      .select(['order_id', 'status', 'note', 'changed_at'])
      .where(inJsonList('order_id', orderIds))
      .orderBy('id')
      .execute(),
    refundsOf(db, orderIds),
    partialRefundsOf(db, orderIds),
    returnsOf(db, orderIds),
  ])
  const byId = new Map(orders.map((o) => [o.id, o]))
  const linesOf = groupBy(lines, (l) => l.order_id)
  const historyOf = groupBy(history, (h) => h.order_id)
  return orderIds.flatMap((id) => {
    const order = byId.get(id)
    if (!order) return []
    return [
      {
        ...toOrderSummary(order),
        refund: refunds.get(id) ?? null,
        userId: order.user_id,
        cartId: order.cart_id,
        subtotalPaise: order.subtotal_paise,
        discount: order.discount_code ? { code: order.discount_code, amountPaise: order.discount_paise } : null,
        deliveryFeePaise: order.delivery_fee_paise,
        paymentMethod: order.payment_method,
        gateway: order.gateway,
        gatewayOrderId: order.gateway_order_id,
        gatewayPaymentId: order.gateway_payment_id,
        needsRefund: order.needs_refund === 1,
        address: { addressId: order.address_id, ...fromAddressColumns(order) },
        lines: (linesOf.get(id) ?? []).map((l) => ({
            productId: l.product_id,
            title: l.title,
            image: l.image,
            varietyType: l.variety_type,
            optionLabel: l.variety_name ? optionLabelOf(l.option_label, l.variety_type) : '',
            variety: l.variety_name,
            option2Label: l.option2 ? l.option2_label || 'Option' : '',
            option2: l.option2,
            color: l.color,
            personalization: readPersonalization(l.personalization),
            unitPricePaise: l.unit_price_paise,
            quantity: l.quantity,
          })),
        history: (historyOf.get(id) ?? []).map((h) => ({ status: h.status, note: h.note, changedAt: h.changed_at })),
        tracking: trackingOf(order),
        refunds: partials.get(id) ?? [],
        returns: returns.get(id) ?? [],
      },
    ]
  })
}

/**
 * The paid order the payment confirmation page shows: the one named (when it is the user's and
 * paid), else the user's latest paid order; null when they have none.
 */
export async function getPaidOrderForConfirmation(db: DB, user: SessionUser, orderId: string | null): Promise<OrderDetail | null> {
  let id = orderId
  if (id) {
    const named = await db.selectFrom('orders').select('id').where('id', '=', id).where('user_id', '=', user.id).where('payment_status', '=', 'paid').executeTakeFirst()
    id = named?.id ?? null
  }
  if (!id) {
    const latest = await db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', user.id)
      .where('payment_status', '=', 'paid')
      .orderBy('order_date', 'desc')
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst()
    id = latest?.id ?? null
  }
  return id ? getOrderDetail(db, id, user) : null
}
