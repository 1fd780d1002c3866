// Orders: placed from the server's cart and the user's address (snapshots, totals in paise),
// listed for their owner, shown in detail to the owner or the admin.
import { type RawBuilder, sql } from 'kysely'
import type { DB } from '../../../db/database'
import type { OrderStatus, PaymentStatus } from '../../../db/schema'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { FIRST_ORDER_NUMBER, ORDER_MESSAGES } from '~/lib/order-status'
import { newId } from '~/lib/ids.server'
import type { SessionUser } from '~/lib/user'
import type { AddressFields } from '~/lib/addresses'
import type { Tracking } from '~/lib/tracking'
import { ADDRESS_COLUMN_NAMES, type AddressColumns, fromAddressColumns, getAddress, toAddressColumns } from '../accounts/addresses.server'
import { type Cart, getCart, type LineItem } from '../cart/cart.server'
import { DomainError, Invalid, NotFound } from '../errors'
import type { GatewayOrder, PaymentGateway } from '../../infra/payment-gateway.server'
import { inList } from '../sql-lists.server'
import { lockCounter } from '../../../db/dialect'
import { DEFAULT_HOLD_MINUTES } from '~/lib/checkout-limits'
import {
  checkoutLimits,
  checkUnpaidCheckouts,
  type HoldLine,
  holdStock,
  holdsStock,
  isUnpaidCheckout,
  overLimitMessages,
  releaseHolds,
  shortLineMessages,
  StockNotHeld,
} from '../cart/stock-holds.server'
import type { RefundView } from '~/lib/refunds'
import { refundsOf } from './refunds.server'

export { CHECKOUT_MESSAGES }

export class PaymentUnavailable extends DomainError {
  override readonly status = 502
}

export interface PlacedOrder {
  orderId: string
  orderNumber: number
  totalAmountPaise: number
  gatewayOrder: GatewayOrder
}

/**
 * The next order number, worked out inside the INSERT itself: one statement, so two orders placed
 * at once cannot take the same number (SQLite runs one write at a time; a unique index backs it).
 * Every writer of orders (checkout, the demo seed, test fixtures) uses this.
 */
/** The lock (db/dialect.ts lockCounter) a transaction takes before nextOrderNumber() on PostgreSQL. */
export const ORDER_NUMBER_COUNTER = 'orders.number'

export function nextOrderNumber(): RawBuilder<number> {
  return sql<number>`(select coalesce(max(number), ${FIRST_ORDER_NUMBER - 1}) + 1 from orders)`
}

/**
 * The address an order copies into its own columns (the saved address's), so later edits to the
 * saved address do not change it.
 */
type AddressSnapshot = AddressColumns

/** What a checkout of a cart costs, in paise: the cart's available lines plus the delivery fee. */
export interface CheckoutQuote {
  subtotalPaise: number
  deliveryFeePaise: number
  totalPaise: number
}

/** The one checkout total (the page shows it, placeOrder charges it): no delivery fee on an empty cart. */
export function quoteCheckout(cart: Cart, deliveryFeePaise: number): CheckoutQuote {
  const fee = cart.items.length > 0 ? deliveryFeePaise : 0
  return { subtotalPaise: cart.totalPaise, deliveryFeePaise: fee, totalPaise: cart.totalPaise + fee }
}

/** How long an unpaid order may be taken up again by a new checkout of the same cart. */
export const UNPAID_ORDER_REUSE_HOURS = 24

function lineKey(productId: string, variety: string, color: string, unitPricePaise: number, quantity: number): string {
  return JSON.stringify([productId, variety, color, unitPricePaise, quantity])
}

/**
 * The user's newest unpaid order (pending, or failed and retryable) for exactly this cart, address
 * and total, placed within UNPAID_ORDER_REUSE_HOURS: checking out again after going back, a failed
 * or cancelled payment, or a reload pays that order instead of leaving another unpaid one behind.
 */
async function findUnpaidTwin(
  db: DB,
  userId: string,
  gatewayName: string,
  want: { addressId: string; address: AddressSnapshot; totalPaise: number; deliveryFeePaise: number; lines: string[] },
): Promise<PlacedOrder | null> {
  const since = new Date(Date.now() - UNPAID_ORDER_REUSE_HOURS * 3_600_000).toISOString()
  const candidates = await db
    .selectFrom('orders')
    .select(['id', 'number', 'gateway_order_id', ...ADDRESS_COLUMN_NAMES])
    .where('user_id', '=', userId)
    .where('order_status', '=', 'pending')
    .where('payment_status', 'in', ['pending', 'failed'])
    .where('gateway', '=', gatewayName)
    .where('gateway_order_id', 'is not', null)
    .where('address_id', '=', want.addressId)
    .where('total_amount_paise', '=', want.totalPaise)
    .where('delivery_fee_paise', '=', want.deliveryFeePaise)
    .where('order_date', '>=', since)
    .orderBy('order_date', 'desc')
    .limit(5)
    .execute()
  const wanted = [...want.lines].sort().join('\n')
  for (const order of candidates) {
    if (ADDRESS_COLUMN_NAMES.some((column) => order[column] !== want.address[column])) continue
    const lines = await db
      .selectFrom('order_lines')
      .select(['product_id', 'variety_name', 'color', 'unit_price_paise', 'quantity'])
      .where('order_id', '=', order.id)
      .execute()
    const have = lines.map((l) => lineKey(l.product_id, l.variety_name, l.color, l.unit_price_paise, l.quantity))
    if (have.sort().join('\n') !== wanted) continue
    return {
      orderId: order.id,
      orderNumber: order.number,
      totalAmountPaise: want.totalPaise,
      gatewayOrder: { id: order.gateway_order_id as string, amount: want.totalPaise, currency: 'INR' },
    }
  }
  return null
}

function holdLines(cart: Cart): HoldLine[] {
  return cart.items.map((line) => ({ productId: line.productId, title: line.title, variety: line.variety, color: line.color, quantity: line.quantity }))
}

/**
 * Turns the user's cart into a pending order (an unpaid checkout until it is paid): lines and
 * address are snapshotted, the total is computed here in paise (cart prices + delivery fee), and
 * the cart's quantities are held for `holdMinutes` in the same transaction (stock-holds.server.ts);
 * a line that cannot be held is refused by name, with what is left, before any gateway order. Then
 * the gateway order is created (outside the transaction). Nothing from the client but the address
 * id is used. A retry of the same cart takes up its unpaid order and refreshes its holds.
 * `clientKey` names the client's address (clientKey of its IP; null when unknown): checkouts from
 * one address share the limits on holds and unpaid checkouts (ADR 050), and TooManyRequests
 * refuses a new checkout past them.
 */
export async function placeOrder(
  db: DB,
  gateway: PaymentGateway,
  user: SessionUser,
  input: { addressId: string | null | undefined; clientKey?: string | null },
  deliveryFeePaise: number,
  holdMinutes: number = DEFAULT_HOLD_MINUTES,
): Promise<PlacedOrder> {
  const cart = await getCart(db, { userId: user.id })
  if (cart.items.length === 0) throw new Invalid({ cart: [CHECKOUT_MESSAGES.emptyCart] })
  if (!input.addressId) throw new Invalid({ addressId: [CHECKOUT_MESSAGES.noAddress] })
  const address = await getAddress(db, user.id, input.addressId).catch((error) => {
    if (error instanceof NotFound) throw new Invalid({ addressId: [CHECKOUT_MESSAGES.noAddress] })
    throw error
  })
  const clientKey = input.clientKey ?? null
  const overLimit = overLimitMessages(holdLines(cart), checkoutLimits().maxUnitsPerOrder)
  if (overLimit.length) throw new Invalid({ cart: overLimit })
  const unavailable = cart.items.filter((line) => !line.available)
  if (unavailable.some((line) => !line.shortOfStock)) throw new Invalid({ cart: [CHECKOUT_MESSAGES.unavailable] })
  if (unavailable.length) {
    throw new StockNotHeld({ cart: shortLineMessages(holdLines(cart).map((line, i) => ({ ...line, left: cart.items[i]?.totalStock ?? 0 }))) })
  }
  const hold = (trx: Parameters<typeof holdStock>[0], orderId: string) =>
    holdStock(trx, { orderId, userId: user.id, lines: holdLines(cart), minutes: holdMinutes, clientKey })

  const { subtotalPaise: subtotal, deliveryFeePaise: fee, totalPaise: total } = quoteCheckout(cart, deliveryFeePaise)
  const snapshot = toAddressColumns(address)
  const unpaid = await findUnpaidTwin(db, user.id, gateway.name, {
    addressId: address.id,
    address: snapshot,
    totalPaise: total,
    deliveryFeePaise: fee,
    lines: cart.items.map((line) => lineKey(line.productId, line.variety, line.color, line.unitPricePaise, line.quantity)),
  })
  if (unpaid) {
    await db.transaction().execute(async (trx) => {
      await checkUnpaidCheckouts(trx, { userId: user.id, clientKey, reusing: unpaid.orderId })
      await hold(trx, unpaid.orderId)
      await trx.updateTable('orders').set({ updated_at: new Date().toISOString(), client_key: clientKey }).where('id', '=', unpaid.orderId).execute()
    })
    return unpaid
  }
  const orderId = newId()
  const now = new Date().toISOString()
  const orderNumber = await db.transaction().execute(async (trx) => {
    // PostgreSQL runs writers side by side: the next number is taken one order at a time (and the
    // unpaid checkouts are counted one new checkout at a time).
    await lockCounter(trx, ORDER_NUMBER_COUNTER)
    await checkUnpaidCheckouts(trx, { userId: user.id, clientKey })
    await trx
      .insertInto('orders')
      .values({
        id: orderId,
        number: nextOrderNumber(),
        user_id: user.id,
        cart_id: cart.id,
        user_name: user.userName,
        email: user.email,
        address_id: address.id,
        ...snapshot,
        subtotal_paise: subtotal,
        delivery_fee_paise: fee,
        total_amount_paise: total,
        order_status: 'pending',
        payment_status: 'pending',
        gateway: gateway.name,
        client_key: clientKey,
        updated_at: now,
      })
      .execute()
    await trx
      .insertInto('order_lines')
      .values(
        cart.items.map((line) => ({
          order_id: orderId,
          product_id: line.productId,
          title: line.title,
          image: line.image,
          variety_type: line.varietyType,
          variety_name: line.variety,
          color: line.color,
          unit_price_paise: line.unitPricePaise,
          quantity: line.quantity,
        })),
      )
      .execute()
    await trx.insertInto('order_status_history').values({ order_id: orderId, status: 'pending', note: 'Order placed' }).execute()
    await hold(trx, orderId)
    const placed = await trx.selectFrom('orders').select('number').where('id', '=', orderId).executeTakeFirstOrThrow()
    return placed.number
  })

  let gatewayOrder: GatewayOrder
  try {
    gatewayOrder = await gateway.createOrder({ amountPaise: total, receipt: orderId, notes: { orderId } })
  } catch (error) {
    console.error('Payment gateway refused the order', error)
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ payment_status: 'failed', updated_at: new Date().toISOString() }).where('id', '=', orderId).execute()
      await releaseHolds(trx, orderId)
    })
    throw new PaymentUnavailable(CHECKOUT_MESSAGES.gatewayDown)
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('orders')
      .set({ gateway_order_id: gatewayOrder.id, updated_at: new Date().toISOString() })
      .where('id', '=', orderId)
      .execute()
    await trx
      .insertInto('payments')
      .values({
        id: newId(),
        order_id: orderId,
        gateway: gateway.name,
        gateway_order_id: gatewayOrder.id,
        amount_paise: total,
        status: 'pending',
        updated_at: new Date().toISOString(),
      })
      .execute()
  })
  return { orderId, orderNumber, totalAmountPaise: total, gatewayOrder }
}

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
}

/** An order's line: the item as it was in the cart when the order was placed. */
export type OrderLineView = LineItem

export interface OrderDetail extends OrderSummary {
  userId: string
  /** The cart the order was placed from (null for orders made without one). */
  cartId: string | null
  subtotalPaise: number
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
  }
}

/**
 * Which of a user's rows a list shows: 'orders' (Order History and /api/shop/order/list by default:
 * abandoned unpaid checkouts left out, see abandonedBefore) or 'all' (every row, `?view=all`).
 */
export const OWN_ORDER_LIST_VIEWS = ['orders', 'all'] as const
export type OwnOrderListView = (typeof OWN_ORDER_LIST_VIEWS)[number]

/** An unpaid checkout untouched since this moment (HOLD_MINUTES ago) and holding nothing is abandoned. */
export function abandonedBefore(holdMinutes: number, now = new Date()): Date {
  return new Date(now.getTime() - holdMinutes * 60_000)
}

/**
 * The user's rows; with `hideUnpaidBefore`, unpaid checkouts neither touched since then (placed,
 * retried, failed) nor still holding stock are left out: abandoned, they are not orders (Order
 * History and the /api list pass abandonedBefore(HOLD_MINUTES)). Without it every row.
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
  const [orders, lines, history, refunds] = await Promise.all([
    db.selectFrom('orders').selectAll().where(inList('id', orderIds)).execute(),
    db.selectFrom('order_lines').selectAll().where(inList('order_id', orderIds)).orderBy('id').execute(),
    db
      .selectFrom('order_status_history')
      .select(['order_id', 'status', 'note', 'changed_at'])
      .where(inList('order_id', orderIds))
      .orderBy('id')
      .execute(),
    refundsOf(db, orderIds),
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
            variety: l.variety_name,
            color: l.color,
            unitPricePaise: l.unit_price_paise,
            quantity: l.quantity,
          })),
        history: (historyOf.get(id) ?? []).map((h) => ({ status: h.status, note: h.note, changedAt: h.changed_at })),
        tracking: trackingOf(order),
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
