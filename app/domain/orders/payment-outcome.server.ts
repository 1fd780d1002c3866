// What became of a checkout's payment, read from our own records (the order and its payment row),
// never from what the browser says: the payment-failed page tells the shopper in words (issue 28). The
// failure's description is not shown: a failure result is not signed, so its text is the poster's own.
import type { DB } from '../../../db/database'
import type { PaymentOutcome } from '~/lib/payment-outcomes'
import { NotFound } from '~/domain/errors'

export interface PaymentOutcomeRead {
  orderId: string
  number: number
  totalAmountPaise: number
  outcome: PaymentOutcome
}

/** The shopper's own order's payment outcome; NotFound for another's order or none. */
export async function readPaymentOutcome(db: DB, userId: string, orderId: string): Promise<PaymentOutcomeRead> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'number', 'total_amount_paise', 'payment_status', 'order_status'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) throw new NotFound('Order not found.')
  return {
    orderId: row.id,
    number: row.number,
    totalAmountPaise: row.total_amount_paise,
    outcome: outcomeOf(row.payment_status, row.order_status),
  }
}

function outcomeOf(payment: string, order: string): PaymentOutcome {
  if (payment === 'failed') return 'failed'
  if (payment === 'refunded') return 'refunded'
  if (payment === 'paid') return order === 'rejected' || order === 'cancelled' ? 'refunding' : 'paid'
  return 'unconfirmed'
}

/** Our order id for a gateway order of this shopper (the failure callback names only Razorpay's). */
export async function orderOfGatewayOrder(db: DB, userId: string, gatewayOrderId: string): Promise<string | null> {
  const row = await db.selectFrom('orders').select('id').where('gateway_order_id', '=', gatewayOrderId).where('user_id', '=', userId).executeTakeFirst()
  return row?.id ?? null
}
