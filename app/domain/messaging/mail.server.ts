// The mails events cause: each call reads what the mail needs inside the event's transaction,
// renders it (app/mail) and queues it in the outbox (mail-outbox.server.ts) with a key that names
// the event, so it is sent once. Hooking another event is one call inside its transaction.
import type { DB } from '../../../db/database'
import { LOW_STOCK_THRESHOLD } from '~/lib/catalog'
import type { OrderStatus } from '~/lib/order-status'
import { lowStockMail, orderConfirmationMail, orderStatusChangeMail, ownerAlertMail, ownerNewOrderMail, SHOPPER_MAIL_STATUSES, type ShopperMailStatus, type StatusMailExtra } from '~/mail/order-mails.server'
import { adminOrderUrl } from '~/mail/parts.server'
import type { MailOrder } from '~/mail/types'
import { enqueueMail } from './mail-outbox.server'
import { readOrderSnapshot } from '~/domain/orders/order-snapshot.server'
import { shelvesTakenLow } from '~/domain/catalog/low-stock.server'
import { domainSettings } from '~/domain/settings.server'

export type { ShopperMailStatus, StatusMailExtra } from '~/mail/order-mails.server'
export { enqueueMail, registerAttachmentRenderer } from './mail-outbox.server'

/** The owner's address(es): OWNER_EMAIL, else the admins' (comma-separated); null when there is none. */
export async function ownerRecipients(trx: DB): Promise<string | null> {
  const { ownerEmail } = domainSettings().mail
  if (ownerEmail) return ownerEmail
  const admins = await trx.selectFrom('users').select('email').where('role', '=', 'admin').orderBy('created_at').execute()
  return admins.length ? admins.map((a) => a.email).join(', ') : null
}

/** An order as the mail templates take it; null when there is no such order. */
export async function loadMailOrder(trx: DB, orderId: string): Promise<MailOrder | null> {
  const snapshot = await readOrderSnapshot(trx, orderId)
  if (!snapshot) return null
  const { order, address, lines } = snapshot
  return {
    id: order.id,
    number: order.number,
    userName: order.user_name,
    email: order.email,
    lines,
    subtotalPaise: order.subtotal_paise,
    discount: order.discount_code ? { code: order.discount_code, amountPaise: order.discount_paise } : null,
    deliveryFeePaise: order.delivery_fee_paise,
    totalPaise: order.total_amount_paise,
    address,
    gateway: order.gateway,
    dispatchBy: order.dispatch_by,
  }
}

/**
 * Everything a confirmed payment tells people, called inside confirmPayment's transaction after
 * the stock is taken: the confirmation to the shopper (with the invoice, when a renderer for it is
 * registered), the new order to the owner, and to the owner each product whose stock this order
 * took below LOW_STOCK_THRESHOLD (once per crossing: the order that crossed it names the mail).
 */
export async function queuePaidOrderMails(trx: DB, orderId: string): Promise<void> {
  const order = await loadMailOrder(trx, orderId)
  if (!order) return
  const settings = domainSettings().mail
  const confirmation = orderConfirmationMail(settings, order)
  await enqueueMail(trx, {
    kind: 'order-confirmed',
    to: order.email,
    dedupeKey: `order-confirmed:${orderId}`,
    ...confirmation,
    attachments: [{ kind: 'invoice', orderId }],
  })
  const owner = await ownerRecipients(trx)
  if (!owner) return
  await enqueueMail(trx, { kind: 'order-paid-owner', to: owner, dedupeKey: `order-paid-owner:${orderId}`, ...ownerNewOrderMail(settings, order) })

  // Each shelf (a variant, or a product's own stock) below the threshold now and not before the order
  // took its units. (A line the stock could not cover took nothing; such an order is flagged for
  // refund, and its shelf may be reported although it was already low: at most once, for that order.)
  for (const shelf of await shelvesTakenLow(trx, orderId)) {
    await enqueueMail(trx, {
      kind: 'low-stock',
      to: owner,
      dedupeKey: `low-stock:${[shelf.productId, shelf.choice, orderId].filter(Boolean).join(':')}`,
      ...lowStockMail(settings, { ...shelf, threshold: LOW_STOCK_THRESHOLD }),
    })
  }
}

/**
 * Tells the shopper about a status their order moved to, inside the transaction that moved it:
 * inProcess (accepted), inShipping (shipped; pass `extra.tracking`), delivered, cancelled, rejected,
 * and 'refunded' (the refund went through). Other statuses send nothing. One mail per order and
 * status; pass `extra.eventId` when one status can happen more than once (partial refunds).
 * Answers whether a mail was queued.
 */
export async function orderStatusMail(
  trx: DB,
  orderId: string,
  status: OrderStatus | 'refunded' | 'outForDelivery' | 'deliveryFailed',
  extra: StatusMailExtra & { eventId?: string; creditNote?: boolean } = {},
): Promise<boolean> {
  if (!(SHOPPER_MAIL_STATUSES as readonly string[]).includes(status)) return false
  const order = await loadMailOrder(trx, orderId)
  if (!order) return false
  const { eventId, creditNote, ...details } = extra
  return enqueueMail(trx, {
    kind: `order-${status}`,
    to: order.email,
    dedupeKey: `order-status:${orderId}:${status}${eventId ? `:${eventId}` : ''}`,
    ...orderStatusChangeMail(domainSettings().mail, order, status as ShopperMailStatus, details),
    // A refund of an invoiced order carries its credit note (issued in the same transaction).
    ...(creditNote ? { attachments: [{ kind: 'credit-note' as const, orderId }] } : {}),
  })
}

/**
 * A mail to the owner about something that needs a person (a refund that failed, ...), inside the
 * transaction that records it. `dedupeKey` names the event ('refund-failed:<refundId>').
 */
export async function ownerAlert(
  trx: DB,
  input: { kind: string; dedupeKey: string; subject: string; lines: string[]; orderId?: string },
): Promise<boolean> {
  const owner = await ownerRecipients(trx)
  if (!owner) return false
  const settings = domainSettings().mail
  const link = input.orderId ? { href: adminOrderUrl(settings, input.orderId), label: 'Open the order' } : undefined
  return enqueueMail(trx, { kind: input.kind, to: owner, dedupeKey: input.dedupeKey, ...ownerAlertMail(settings, { ...input, link }) })
}
