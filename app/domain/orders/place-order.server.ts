// Placing an order: from the server's cart and the user's saved address (snapshots, totals in
// paise), its stock held, its gateway order created; a retry of the same cart takes up its unpaid
// order. Reading orders is order-reads.server.ts.
import { type RawBuilder, sql } from 'kysely'
import type { DB } from '../../../db/database'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { FIRST_ORDER_NUMBER } from '~/lib/order-status'
import { newId } from '~/lib/ids.server'
import { personalizationKey } from '~/lib/personalization'
import type { SessionUser } from '~/lib/user'
import { ADDRESS_COLUMN_NAMES, type AddressColumns, getAddress, toAddressColumns } from '~/domain/accounts/addresses.server'
import { type Cart, getCart } from '~/domain/cart/cart.server'
import type { VariantKey } from '~/lib/variants'
import { DomainError, Invalid, NotFound } from '~/domain/errors'
import type { GatewayOrder, PaymentGateway } from './payment-gateway'
import { lockCounter } from '../../../db/dialect'
import { clock } from '~/domain/clock'
import { domainSettings } from '~/domain/settings.server'
import { checkUnpaidCheckouts } from '~/domain/cart/unpaid-checkouts.server'
import { dispatchDayOfLines } from '~/domain/catalog/dispatch-dates.server'
import type { AppliedDiscount, CartDiscount } from '~/domain/promotions/cart-discount.server'
import { checkoutOf } from '~/domain/promotions/cart-offers.server'
import { deliveryFeeFor } from '~/lib/offers'
import type { DeliveryPricing } from '~/domain/shipping/delivery-charge.server'
import { claimUse } from '~/domain/promotions/discount-uses.server'
import {
  type HoldLine,
  holdStock,
  overLimitMessages,
  releaseHolds,
  shortLineMessages,
  StockNotHeld,
} from '~/domain/cart/stock-holds.server'

export class PaymentUnavailable extends DomainError {
  override readonly status = 502
}

export interface PlacedOrder {
  orderId: string
  orderNumber: number
  totalAmountPaise: number
  gatewayOrder: GatewayOrder
}

/** The lock (db/dialect.ts lockCounter) a transaction takes before nextOrderNumber() on PostgreSQL. */
export const ORDER_NUMBER_COUNTER = 'orders.number'

/**
 * The next order number, worked out inside the INSERT itself: one statement, so two orders placed
 * at once cannot take the same number (SQLite runs one write at a time; a unique index backs it).
 * Every writer of orders (checkout, the demo seed, test fixtures) uses this.
 */
export function nextOrderNumber(): RawBuilder<number> {
  return sql<number>`(select coalesce(max(number), ${FIRST_ORDER_NUMBER - 1}) + 1 from orders)`
}

/**
 * The address an order copies into its own columns (the saved address's), so later edits to the
 * saved address do not change it.
 */
type AddressSnapshot = AddressColumns

/** What a checkout of a cart costs, in paise: the cart's available lines, less a code's saving, plus the delivery fee. */
export interface CheckoutQuote {
  subtotalPaise: number
  /** What the cart's discount code takes off (0 for none, or a code that no longer applies). */
  discountPaise: number
  deliveryFeePaise: number
  totalPaise: number
}

/**
 * The one checkout total (the page shows it, placeOrder charges it): no delivery fee on an empty
 * cart; the discount (cartDiscount's, when it applies) comes off the pieces, never the delivery.
 */
export function quoteCheckout(
  cart: Cart,
  deliveryFeePaise: number,
  discount?: Pick<CartDiscount, 'applies' | 'amountPaise'> | null,
  freeOverPaise: number | null = null,
): CheckoutQuote {
  const off = discount?.applies ? discount.amountPaise : 0
  // lib/offers' deliveryFeeFor: the one delivery fee (free over the free-delivery offer's amount, ADR 078).
  const fee = deliveryFeeFor({ hasItems: cart.items.length > 0, payablePaise: cart.totalPaise - off, feePaise: deliveryFeePaise, freeOverPaise })
  return { subtotalPaise: cart.totalPaise, discountPaise: off, deliveryFeePaise: fee, totalPaise: cart.totalPaise - off + fee }
}

/** How long an unpaid order may be taken up again by a new checkout of the same cart. */
export const UNPAID_ORDER_REUSE_HOURS = 24

function lineKey(productId: string, choice: VariantKey, personalization: string, unitPricePaise: number, quantity: number): string {
  return JSON.stringify([productId, choice.variety, choice.option2, choice.color, personalization, unitPricePaise, quantity])
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
  want: { addressId: string; address: AddressSnapshot; totalPaise: number; deliveryFeePaise: number; discountCode: string; lines: string[] },
): Promise<PlacedOrder | null> {
  const since = new Date(clock.now().getTime() - UNPAID_ORDER_REUSE_HOURS * 3_600_000).toISOString()
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
    .where('discount_code', '=', want.discountCode)
    .where('order_date', '>=', since)
    .orderBy('order_date', 'desc')
    .limit(5)
    .execute()
  const wanted = [...want.lines].sort().join('\n')
  for (const order of candidates) {
    if (ADDRESS_COLUMN_NAMES.some((column) => order[column] !== want.address[column])) continue
    const lines = await db
      .selectFrom('order_lines')
      .select(['product_id', 'variety_name', 'option2', 'color', 'personalization', 'unit_price_paise', 'quantity'])
      .where('order_id', '=', order.id)
      .execute()
    const have = lines.map((l) => lineKey(l.product_id, { variety: l.variety_name, option2: l.option2, color: l.color }, l.personalization, l.unit_price_paise, l.quantity))
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
  return cart.items.map((line) => ({
    productId: line.productId,
    title: line.title,
    variety: line.variety,
    option2: line.option2,
    color: line.color,
    quantity: line.quantity,
  }))
}

/**
 * Turns the user's cart into a pending order (an unpaid checkout until it is paid): lines and
 * address are snapshotted, the total is computed here in paise (cart prices + delivery fee), and
 * the cart's quantities are held for the hold time in the same transaction (stock-holds.server.ts);
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
  delivery: DeliveryPricing,
): Promise<PlacedOrder> {
  const chosen = input.addressId
    ? await getAddress(db, user.id, input.addressId).catch((error) => {
        if (error instanceof NotFound) return null
        throw error
      })
    : null
  // The cart with its automatic offers and code settled (ADR 078) and its delivery to the chosen
  // address (ADR 085): the prices and total the page showed.
  const held = await getCart(db, { userId: user.id })
  const { cart, discount, quote, delivery: charge, applied: appliedOffers } = await checkoutOf(db, { userId: user.id }, held, delivery, undefined, chosen?.pincode ?? null)
  if (cart.items.length === 0) throw new Invalid({ cart: [CHECKOUT_MESSAGES.emptyCart] })
  if (!chosen) throw new Invalid({ addressId: [CHECKOUT_MESSAGES.noAddress] })
  const address = chosen
  // Refused before any stock is held or any gateway order made: no courier would take the parcel.
  if (!charge.serviceable) throw new Invalid({ addressId: [CHECKOUT_MESSAGES.notServiceable(address.pincode)] })
  const clientKey = input.clientKey ?? null
  const overLimit = overLimitMessages(holdLines(cart), domainSettings().checkout.maxUnitsPerOrder)
  if (overLimit.length) throw new Invalid({ cart: overLimit })
  const unavailable = cart.items.filter((line) => !line.available)
  if (unavailable.some((line) => !line.shortOfStock)) throw new Invalid({ cart: [CHECKOUT_MESSAGES.unavailable] })
  if (unavailable.length) {
    throw new StockNotHeld({ cart: shortLineMessages(holdLines(cart).map((line, i) => ({ ...line, left: cart.items[i]?.totalStock ?? 0, stockKey: cart.items[i]?.stockKey }))) })
  }
  // The cart's code, checked again now (ADR 073): one that no longer fits is refused by its reason
  // rather than charged at another price than the page showed.
  if (discount && !discount.applies && !discount.outdone) throw new Invalid({ discount: [discount.message] })
  const applied: AppliedDiscount | null = discount?.applies ? discount.discount : null
  // The code's use is held with the stock: counted again under the code's lock, in the same
  // transaction, once the shopper's earlier checkouts have let go of theirs (holdStock ends them).
  const hold = async (trx: Parameters<typeof holdStock>[0], orderId: string) => {
    const held = await holdStock(trx, { orderId, userId: user.id, lines: holdLines(cart), clientKey })
    if (applied) await claimUse(trx, applied, { orderId, userId: user.id })
    return held
  }

  const { subtotalPaise: subtotal, discountPaise, deliveryFeePaise: fee, totalPaise: total } = quote
  // The day the checkout page showed (ADR 070); written again when the order is paid.
  const dispatchBy = await dispatchDayOfLines(db, cart.items.map((line) => ({ productId: line.productId, variety: line.variety, option2: line.option2, color: line.color })))
  const snapshot = toAddressColumns(address)
  const unpaid = await findUnpaidTwin(db, user.id, gateway.name, {
    addressId: address.id,
    address: snapshot,
    totalPaise: total,
    deliveryFeePaise: fee,
    discountCode: applied?.code ?? '',
    lines: cart.items.map((line) =>
      lineKey(line.productId, line, personalizationKey(line.personalization), line.unitPricePaise, line.quantity),
    ),
  })
  if (unpaid) {
    await db.transaction().execute(async (trx) => {
      await checkUnpaidCheckouts(trx, { userId: user.id, clientKey, reusing: unpaid.orderId })
      await hold(trx, unpaid.orderId)
      await trx.updateTable('orders').set({ updated_at: clock.iso(), client_key: clientKey, dispatch_by: dispatchBy }).where('id', '=', unpaid.orderId).execute()
    })
    return unpaid
  }
  const orderId = newId()
  const now = clock.iso()
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
        discount_code_id: applied?.codeId ?? null,
        discount_code: applied?.code ?? '',
        discount_paise: discountPaise,
        delivery_fee_paise: fee,
        total_amount_paise: total,
        order_status: 'pending',
        payment_status: 'pending',
        gateway: gateway.name,
        client_key: clientKey,
        dispatch_by: dispatchBy,
        updated_at: now,
      })
      .execute()
    await trx
      .insertInto('order_lines')
      .values(
        cart.items.map((line, index) => ({
          order_id: orderId,
          product_id: line.productId,
          title: line.title,
          image: line.image,
          variety_type: line.varietyType,
          variety_name: line.variety,
          option_label: line.optionLabel,
          option2: line.option2,
          option2_label: line.option2Label,
          color: line.color,
          // A snapshot of label -> value: later edits of the product's fields do not change it (ADR 069).
          personalization: personalizationKey(line.personalization),
          unit_price_paise: line.unitPricePaise,
          quantity: line.quantity,
          // Its share of the code's saving (largest remainder: the lines add up to it exactly).
          discount_paise: applied?.shares[index] ?? 0,
        })),
      )
      .execute()
    // The automatic offers it was placed with, once (ADR 084): an offer's uses and revenue count them.
    if (appliedOffers.length) await trx.insertInto('order_offers').values(appliedOffers.map((offer) => ({ order_id: orderId, offer_id: offer.offerId, amount_paise: offer.amountPaise }))).execute()
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
      await trx.updateTable('orders').set({ payment_status: 'failed', updated_at: clock.iso() }).where('id', '=', orderId).execute()
      await releaseHolds(trx, orderId)
    })
    throw new PaymentUnavailable(CHECKOUT_MESSAGES.gatewayDown)
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('orders')
      .set({ gateway_order_id: gatewayOrder.id, updated_at: clock.iso() })
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
        updated_at: clock.iso(),
      })
      .execute()
  })
  return { orderId, orderNumber, totalAmountPaise: total, gatewayOrder }
}
