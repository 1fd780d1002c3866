// Paying an accepted quote through a Payment Link (ADR 088): the link for what is due now (the
// whole price, or the advance, then the balance before dispatch), and its payment settled once
// however it is heard of (the callback, the payment_link.paid webhook, or polling paymentLink.fetch):
// the first payment makes the order (one line describing the piece, the ordinary lifecycle from
// 'confirmed'), the whole price paid issues its invoice and counts in revenue.
import type { Selectable } from 'kysely'
import type { DB, Trx } from '../../../db/database'
import { lockCounter, lockRows } from '../../../db/dialect'
import type { CustomPaymentLinksTable, CustomRequestsTable } from '../../../db/schema'
import { CUSTOM_ORDER_MESSAGES, formatCustomOrderNumber, QUOTE_MESSAGES, splitAdvance } from '~/lib/custom-orders'
import { newId } from '~/lib/ids.server'
import type { AddressFields } from '~/lib/addresses'
import { quotePaidMail } from '~/mail/custom-quote-mails.server'
import { toAddressColumns } from '~/domain/accounts/addresses.server'
import { clock } from '~/domain/clock'
import { Forbidden, Invalid, NotFound } from '~/domain/errors'
import { enqueueMail, queuePaidOrderMails } from '~/domain/messaging/mail.server'
import { assignInvoiceNumber } from '~/domain/orders/invoices.server'
import { moveOrder } from '~/domain/orders/order-lifecycle.server'
import { PaymentRejected } from '~/domain/orders/payments.server'
import { nextOrderNumber, ORDER_NUMBER_COUNTER } from '~/domain/orders/place-order.server'
import { domainSettings } from '~/domain/settings.server'
import type { GatewayLink, PaymentLinkGateway } from './payment-links'
import { quoteViewOf } from './quotes.server'

const DAY_MS = 24 * 60 * 60 * 1000
/** A payment link stands a week; polling looks at links up to a month old. */
const LINK_DAYS = 7
const POLL_DAYS = 30

type RequestRow = Selectable<CustomRequestsTable>
type LinkRow = Selectable<CustomPaymentLinksTable>
type LinkKind = LinkRow['kind']

export interface PaymentLinkView {
  kind: LinkKind
  amountPaise: number
  status: LinkRow['status']
  shortUrl: string
  paidAt: string | null
}

/** The links asked for a request, oldest first. */
export async function paymentLinksOf(db: DB, requestId: number): Promise<PaymentLinkView[]> {
  const rows = await db
    .selectFrom('custom_payment_links')
    .select(['kind', 'amount_paise', 'status', 'short_url', 'paid_at'])
    .where('request_id', '=', requestId)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ kind: r.kind, amountPaise: Number(r.amount_paise), status: r.status, shortUrl: r.short_url, paidAt: r.paid_at }))
}

/** What is due now on a request: the whole price or the advance once accepted, the balance once the advance is in; null when nothing is. */
export async function amountDue(db: DB, row: RequestRow): Promise<{ kind: LinkKind; amountPaise: number } | null> {
  if (row.quoted_paise === null) return null
  const { advancePaise, balancePaise } = splitAdvance(Number(row.quoted_paise), Number(row.advance_percent))
  if (!row.order_id) {
    if (row.status !== 'accepted') return null
    return advancePaise > 0 ? { kind: 'advance', amountPaise: advancePaise } : { kind: 'full', amountPaise: Number(row.quoted_paise) }
  }
  if (advancePaise === 0) return null
  const balance = await db
    .selectFrom('custom_payment_links')
    .select('id')
    .where('request_id', '=', row.id)
    .where('kind', '=', 'balance')
    .where('status', '=', 'paid')
    .executeTakeFirst()
  return balance ? null : { kind: 'balance', amountPaise: balancePaise }
}

/**
 * The Payment Link for what is due now on the request (the one already open, or a new one): the
 * shopper's own request (`userId`), or null from the accept that just checked her. The gateway is
 * called outside any transaction; a link made twice at once keeps the first and cancels the other.
 */
export async function openPaymentLink(
  db: DB,
  gateway: PaymentLinkGateway,
  id: number,
  options: { userId: string | null; callbackUrl: string },
  now: Date = clock.now(),
): Promise<{ shortUrl: string; amountPaise: number; kind: LinkKind }> {
  const row = await db.selectFrom('custom_requests').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new NotFound(CUSTOM_ORDER_MESSAGES.notFound)
  if (options.userId !== null && row.user_id !== options.userId) throw new Forbidden(CUSTOM_ORDER_MESSAGES.notFound)
  const due = await amountDue(db, row)
  if (!due) throw new Invalid({ quote: [QUOTE_MESSAGES.noLinkNeeded] }, QUOTE_MESSAGES.noLinkNeeded)
  const open = await openLinkOf(db, id, due.kind)
  if (open) return { shortUrl: open.short_url, amountPaise: Number(open.amount_paise), kind: due.kind }

  const earlier = await db
    .selectFrom('custom_payment_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('request_id', '=', id)
    .executeTakeFirstOrThrow()
  const number = formatCustomOrderNumber(id).slice(1)
  const link = await gateway.createLink({
    amountPaise: due.amountPaise,
    referenceId: `${number}-${due.kind}-${Number(earlier.n) + 1}`,
    description: `${due.kind === 'full' ? 'Custom piece' : due.kind === 'advance' ? 'Advance for custom piece' : 'Balance for custom piece'} #${number}`.slice(0, 2048),
    customer: { name: row.name, email: row.email, contact: row.phone },
    callbackUrl: options.callbackUrl,
    expireBy: new Date(now.getTime() + LINK_DAYS * DAY_MS).toISOString(),
  })
  await db
    .insertInto('custom_payment_links')
    .values({ request_id: id, kind: due.kind, amount_paise: due.amountPaise, gateway: gateway.name, link_id: link.id, short_url: link.shortUrl })
    .execute()
  const first = await openLinkOf(db, id, due.kind)
  if (first && first.link_id !== link.id) {
    await db.updateTable('custom_payment_links').set({ status: 'cancelled' }).where('link_id', '=', link.id).execute()
    await gateway.cancelLink(link.id).catch(() => undefined)
    return { shortUrl: first.short_url, amountPaise: Number(first.amount_paise), kind: due.kind }
  }
  return { shortUrl: link.shortUrl, amountPaise: due.amountPaise, kind: due.kind }
}

function openLinkOf(db: DB, requestId: number, kind: LinkKind) {
  return db
    .selectFrom('custom_payment_links')
    .selectAll()
    .where('request_id', '=', requestId)
    .where('kind', '=', kind)
    .where('status', '=', 'created')
    .orderBy('id')
    .executeTakeFirst()
}

export interface LinkSettlement {
  requestId: number
  orderId: string | null
  /** False when this payment was settled before (a replay, the webhook after the callback): nothing changed. */
  changed: boolean
}

/**
 * A link's payment, reported captured by the provider: one transaction that marks the link paid,
 * records the payment, and makes the order (the first payment) or marks it paid (the balance). A
 * second report of the same payment changes nothing; a kill before the commit leaves nothing, and
 * the next report (webhook redelivery, callback, poll) does it all.
 */
export async function settleLinkPayment(
  db: DB,
  input: { linkId: string; paymentId: string; amountPaise: number | null },
  now: Date = clock.now(),
): Promise<LinkSettlement> {
  return db.transaction().execute(async (trx) => {
    await lockRows(trx, 'custom_payment_links', [input.linkId], 'link_id')
    const link = await trx.selectFrom('custom_payment_links').selectAll().where('link_id', '=', input.linkId).executeTakeFirst()
    if (!link) throw new PaymentRejected()
    const request = await trx.selectFrom('custom_requests').selectAll().where('id', '=', link.request_id).executeTakeFirstOrThrow()
    if (link.status === 'paid') return { requestId: request.id, orderId: request.order_id, changed: false }
    if (input.amountPaise !== null && input.amountPaise !== Number(link.amount_paise)) throw new PaymentRejected()
    const iso = now.toISOString()
    await trx.updateTable('custom_payment_links').set({ status: 'paid', payment_id: input.paymentId, paid_at: iso }).where('id', '=', link.id).execute()

    let orderId = request.order_id
    if (link.kind === 'balance' && orderId) {
      await trx.updateTable('orders').set({ payment_status: 'paid', gateway_payment_id: input.paymentId, updated_at: iso }).where('id', '=', orderId).execute()
      await recordPayment(trx, orderId, link, input.paymentId, iso)
      await assignInvoiceNumber(trx, orderId, iso)
      await queuePaidOrderMails(trx, orderId)
    } else if (!orderId) {
      orderId = await createOrder(trx, request, link, input.paymentId, iso)
    }
    // else: a second first payment (two links paid): recorded on its link for the owner to refund.
    const order = orderId ? await trx.selectFrom('orders').select('number').where('id', '=', orderId).executeTakeFirst() : undefined
    const { balancePaise } = splitAdvance(Number(request.quoted_paise), Number(request.advance_percent))
    await enqueueMail(trx, {
      kind: 'custom-quote-paid',
      to: request.email,
      dedupeKey: `custom-quote-paid:${link.id}`,
      ...quotePaidMail(domainSettings().mail, {
        id: request.id,
        name: request.name,
        amountPaise: Number(link.amount_paise),
        kind: link.kind,
        orderNumber: Number(order?.number ?? 0),
        balancePaise,
      }),
    })
    return { requestId: request.id, orderId, changed: true }
  })
}

async function recordPayment(trx: Trx, orderId: string, link: LinkRow, paymentId: string, now: string) {
  await trx
    .insertInto('payments')
    .values({
      id: newId(),
      order_id: orderId,
      gateway: link.gateway,
      gateway_order_id: link.link_id,
      gateway_payment_id: paymentId,
      amount_paise: Number(link.amount_paise),
      status: 'paid',
      updated_at: now,
    })
    .execute()
}

/** The order a quote's first payment makes: one line describing the piece, the delivery address the shopper gave. */
async function createOrder(trx: Trx, request: RequestRow, link: LinkRow, paymentId: string, now: string): Promise<string> {
  if (!request.user_id || request.quoted_paise === null) throw new PaymentRejected()
  const user = await trx.selectFrom('users').select(['user_name', 'email']).where('id', '=', request.user_id).executeTakeFirstOrThrow()
  const address = JSON.parse(request.delivery_address || '{}') as AddressFields
  const price = Number(request.quoted_paise)
  const full = link.kind === 'full'
  const orderId = newId()
  await lockCounter(trx, ORDER_NUMBER_COUNTER)
  await trx
    .insertInto('orders')
    .values({
      id: orderId,
      number: nextOrderNumber(),
      user_id: request.user_id,
      cart_id: null,
      user_name: user.user_name,
      email: user.email,
      address_id: null,
      ...toAddressColumns(address),
      subtotal_paise: price,
      delivery_fee_paise: 0,
      total_amount_paise: price,
      order_status: 'pending',
      payment_status: 'pending',
      gateway: link.gateway,
      gateway_order_id: link.link_id,
      dispatch_by: request.quote_dispatch_by,
      updated_at: now,
    })
    .execute()
  const photo = await trx.selectFrom('custom_request_photos').select('image_url').where('request_id', '=', request.id).orderBy('position').executeTakeFirst()
  await trx
    .insertInto('order_lines')
    .values({
      order_id: orderId,
      product_id: `custom-${request.id}`,
      title: `Custom piece ${formatCustomOrderNumber(request.id)}: ${request.description}`.slice(0, 200),
      image: photo?.image_url ?? '',
      variety_type: null,
      variety_name: '',
      color: '',
      unit_price_paise: price,
      quantity: 1,
    })
    .execute()
  const claimed = await trx.updateTable('custom_requests').set({ order_id: orderId, updated_at: now }).where('id', '=', request.id).where('order_id', 'is', null).executeTakeFirst()
  if (Number(claimed.numUpdatedRows) === 0) throw new PaymentRejected()
  await moveOrder(trx, orderId, 'confirmed', 'payment', { note: `Custom order ${formatCustomOrderNumber(request.id)}: ${link.kind} paid (${link.gateway}, ${paymentId})` })
  await recordPayment(trx, orderId, link, paymentId, now)
  if (full) {
    await trx.updateTable('orders').set({ payment_status: 'paid', gateway_payment_id: paymentId }).where('id', '=', orderId).execute()
    await assignInvoiceNumber(trx, orderId, now)
    await queuePaidOrderMails(trx, orderId)
  }
  return orderId
}

/** Asks the provider what became of one link (the callback, when its signature is missing or a poll), and settles it when paid. */
export async function checkPaymentLink(db: DB, gateway: PaymentLinkGateway, linkId: string, now: Date = clock.now()): Promise<GatewayLink['status']> {
  const link = await gateway.fetchLink(linkId)
  if (link.status === 'paid' && link.paymentId) {
    await settleLinkPayment(db, { linkId, paymentId: link.paymentId, amountPaise: link.amountPaise }, now)
  } else if (link.status === 'cancelled' || link.status === 'expired') {
    await db.updateTable('custom_payment_links').set({ status: link.status }).where('link_id', '=', linkId).where('status', '=', 'created').execute()
  }
  return link.status
}

/** The fallback when no webhook comes: every open link of this gateway up to a month old is fetched and settled if paid. Answers how many were settled. */
export async function pollPaymentLinks(db: DB, gateway: PaymentLinkGateway, now: Date = clock.now()): Promise<number> {
  const since = new Date(now.getTime() - POLL_DAYS * DAY_MS).toISOString()
  const open = await db
    .selectFrom('custom_payment_links')
    .select('link_id')
    .where('status', '=', 'created')
    .where('gateway', '=', gateway.name)
    .where('created_at', '>=', since)
    .orderBy('id')
    .limit(50)
    .execute()
  let settled = 0
  for (const { link_id } of open) {
    try {
      if ((await checkPaymentLink(db, gateway, link_id, now)) === 'paid') settled += 1
    } catch {
      // One link the provider cannot answer for now is asked again on the next round.
    }
  }
  return settled
}

/** The request a link was asked for and the order it became (null, null for a link we never made). */
export async function requestOfLink(db: DB, linkId: string): Promise<{ requestId: number | null; orderId: string | null }> {
  const row = await db
    .selectFrom('custom_payment_links as l')
    .innerJoin('custom_requests as r', 'r.id', 'l.request_id')
    .select(['r.id', 'r.order_id'])
    .where('l.link_id', '=', linkId)
    .executeTakeFirst()
  return { requestId: row ? Number(row.id) : null, orderId: row?.order_id ?? null }
}

/** A signed-in shopper's own request with its quote and what she can pay now; NotFound for anyone else's. */
export async function quoteOfShopper(db: DB, id: number, userId: string, now: Date = clock.now()) {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFound(CUSTOM_ORDER_MESSAGES.notFound)
  const row = await db.selectFrom('custom_requests').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  if (!row) throw new NotFound(CUSTOM_ORDER_MESSAGES.notFound)
  return { requestId: id, status: row.status, description: row.description, quote: quoteViewOf(row, now), due: await amountDue(db, row), links: await paymentLinksOf(db, id) }
}
