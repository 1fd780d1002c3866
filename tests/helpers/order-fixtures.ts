// Orders inserted the way checkout and payment leave them, for tests that need orders to exist
// without going through a gateway: one line, and the status history up to the given status.
import type { DB } from '../../db/database'
import type { OrderStatus, PaymentStatus } from '../../db/schema'
import { nextOrderNumber } from '../../app/domain/orders/place-order.server'

export interface OrderFixture {
  id: string
  user: { id: string; userName: string; email: string }
  /** When the order was placed. */
  date: Date
  status?: OrderStatus
  paymentStatus?: PaymentStatus
  /** The one line's unit price (`totalPaise` is the same thing for a one-piece order). */
  unitPricePaise?: number
  totalPaise?: number
  quantity?: number
  deliveryFeePaise?: number
  needsRefund?: boolean
  /** Which gateway took it: 'razorpay' (the default) or 'test' (the TEST MODE gateway). */
  gateway?: 'razorpay' | 'test' | 'demo'
}

export async function insertOrder(db: DB, order: OrderFixture): Promise<void> {
  const { id, user } = order
  const status = order.status ?? 'confirmed'
  const unitPricePaise = order.unitPricePaise ?? order.totalPaise ?? 149_900
  const quantity = order.quantity ?? 1
  const deliveryFeePaise = order.deliveryFeePaise ?? 0
  const subtotalPaise = unitPricePaise * quantity
  const date = order.date.toISOString()
  await db
    .insertInto('orders')
    .values({
      id,
      number: nextOrderNumber(),
      user_id: user.id,
      cart_id: null,
      user_name: user.userName,
      email: user.email,
      address_id: null,
      address_line: '221 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
      country: 'India',
      phone: '+919845012345',
      landmark: 'Near the clock tower',
      notes: '',
      subtotal_paise: subtotalPaise,
      delivery_fee_paise: deliveryFeePaise,
      total_amount_paise: subtotalPaise + deliveryFeePaise,
      order_status: status,
      payment_status: order.paymentStatus ?? (status === 'pending' ? 'pending' : 'paid'),
      gateway: order.gateway ?? 'razorpay',
      gateway_order_id: `gw_${id}`,
      gateway_payment_id: status === 'pending' ? null : `pay_${id}`,
      needs_refund: order.needsRefund ? 1 : 0,
      order_date: date,
      updated_at: date,
    })
    .execute()
  await db
    .insertInto('order_lines')
    .values({
      order_id: id,
      product_id: 'vase',
      title: 'Ocean resin vase',
      image: '/img/vase.webp',
      variety_type: 'size',
      variety_name: 'Large',
      color: 'Teal',
      unit_price_paise: unitPricePaise,
      quantity,
    })
    .execute()
  const history = [{ order_id: id, status: 'pending' as OrderStatus, note: 'Order placed', changed_by: user.id, changed_at: date }]
  if (status !== 'pending') history.push({ order_id: id, status, note: 'Payment received', changed_by: user.id, changed_at: date })
  await db.insertInto('order_status_history').values(history).execute()
}
