// A refund spread over the payments that paid an order. An ordinary order has one payment; a custom
// order paid with an advance and a balance has two (ADR 088), and Razorpay refunds at most what each
// payment took. So a refund (whole or partial) is sent as one part per payment, newest payment first,
// each no more than that payment has left after every other refund made of it, all under the refund's
// one receipt (a payment and a receipt name one part). The gateway's own list of a payment's refunds
// is the truth asked before any part is made, so a crash between parts or a retry never makes a part
// twice (ADR 094).
import type { DB } from '../../../db/database'
import type { GatewayRefund, PaymentGateway } from './payment-gateway'

export interface OrderPayment {
  paymentId: string
  amountPaise: number
}

/**
 * The payments that paid this order, newest first: a custom order's paid Payment Links (advance, then
 * balance), else the order's one payment for its total. [] when nothing was taken.
 */
export async function orderPayments(db: DB, orderId: string): Promise<OrderPayment[]> {
  const order = await db.selectFrom('orders').select(['gateway_order_id', 'gateway_payment_id', 'total_amount_paise']).where('id', '=', orderId).executeTakeFirst()
  if (!order) return []
  const request = await db.selectFrom('custom_requests').select('id').where('order_id', '=', orderId).executeTakeFirst()
  if (request) {
    // The link the order was made on, and the balance's; a second first payment (two links paid in
    // two tabs) is not this order's money: the owner refunds it by hand (ADR 088).
    const links = await db
      .selectFrom('custom_payment_links')
      .select(['payment_id', 'amount_paise'])
      .where('request_id', '=', request.id)
      .where('status', '=', 'paid')
      .where((eb) => eb.or([eb('link_id', '=', order.gateway_order_id ?? ''), eb('kind', '=', 'balance')]))
      .orderBy('id', 'desc')
      .execute()
    return links.flatMap((l) => (l.payment_id ? [{ paymentId: l.payment_id, amountPaise: Number(l.amount_paise) }] : []))
  }
  return order?.gateway_payment_id ? [{ paymentId: order.gateway_payment_id, amountPaise: order.total_amount_paise }] : []
}

/** What the order's payments took in all (paise). */
export async function paidIntoOrder(db: DB, orderId: string): Promise<number> {
  return (await orderPayments(db, orderId)).reduce((sum, p) => sum + p.amountPaise, 0)
}

/** A refund's parts over payments: each no more than the room its payment has, newest first; what no payment has room for is `short`. */
export function splitOverPayments(rooms: { paymentId: string; roomPaise: number }[], amountPaise: number): { parts: { paymentId: string; amountPaise: number }[]; shortPaise: number } {
  const parts: { paymentId: string; amountPaise: number }[] = []
  let left = amountPaise
  for (const { paymentId, roomPaise } of rooms) {
    if (left <= 0) break
    const take = Math.min(Math.max(roomPaise, 0), left)
    if (take > 0) parts.push({ paymentId, amountPaise: take })
    left -= take
  }
  return { parts, shortPaise: Math.max(left, 0) }
}

/** The parts of one refund as one: failed when a part failed, processed when every part is, else pending; ids joined by '+'. */
export function combineParts(parts: GatewayRefund[], receipt: string): GatewayRefund {
  const status = parts.some((p) => p.status === 'failed') ? 'failed' : parts.every((p) => p.status === 'processed') ? 'processed' : 'pending'
  const processed = parts.map((p) => p.processedAt).filter((at): at is string => Boolean(at)).sort()
  return {
    id: parts.map((p) => p.id).join('+'),
    paymentId: parts[0]?.paymentId ?? '',
    amount: parts.reduce((sum, p) => sum + p.amount, 0),
    status,
    receipt,
    processedAt: status === 'processed' ? (processed.at(-1) ?? null) : null,
  }
}

/**
 * Sends (or finds, after a crash) the parts of the refund `receipt` of `amountPaise` over these
 * payments and answers them as one refund. Parts already at the gateway count first; the rest goes
 * where there is room. More than the payments have left: a permanent refusal (nothing more is made).
 */
export async function refundOverPayments(
  gateway: PaymentGateway,
  payments: OrderPayment[],
  receipt: string,
  amountPaise: number,
  notes: Record<string, string>,
): Promise<GatewayRefund> {
  const ours: GatewayRefund[] = []
  const rooms: { paymentId: string; roomPaise: number }[] = []
  for (const payment of payments) {
    const made = (await gateway.listRefunds(payment.paymentId)).filter((r) => r.status !== 'failed')
    const mine = made.filter((r) => r.receipt === receipt)
    ours.push(...mine)
    rooms.push({ paymentId: payment.paymentId, roomPaise: payment.amountPaise - made.reduce((sum, r) => sum + r.amount, 0) })
  }
  const missing = amountPaise - ours.reduce((sum, r) => sum + r.amount, 0)
  if (missing > 0) {
    const { parts, shortPaise } = splitOverPayments(rooms, missing)
    if (shortPaise > 0) {
      throw Object.assign(new Error(`The order's payments have ${missing - shortPaise} paise left to refund, not ${missing}`), { permanent: true })
    }
    for (const part of parts) {
      ours.push(await gateway.createRefund(part.paymentId, part.amountPaise, { idempotencyKey: receipt, notes }))
    }
  }
  return combineParts(ours, receipt)
}
