// Exchanges (issue 31, ADR 105): a return line swapped for the same product in another option or
// colour, every rule in one place. The new piece is priced now (the variant's price, ADR 071) against
// what the returned pieces paid (after the discount's share, as refunds count it); the difference is
// settled exactly once under the return's own key, either way:
//   more  -> a Payment Link for it (the custom orders' PaymentLinkGateway, reference unique per return)
//   less  -> a partial refund of it (decidePartialRefund, key 'ret_<returnId>', its own credit note)
//   equal -> nothing moves
// The stock of the new piece is held once on the return's approval (exchange-rows.server.ts); once
// the returned piece is received and the difference settled, the replacement order is made once
// (return_exchanges.replacement_order_id is unique and claimed in the order's transaction) and
// follows the ordinary lifecycle from 'confirmed'. The return then closes ('refunded').
import { sql } from 'kysely'
import type { DB, Trx } from '../../../db/database'
import { lockCounter, lockRows } from '../../../db/dialect'
import { newId } from '~/lib/ids.server'
import { formatPaise } from '~/lib/money'
import { unitsShare } from '~/lib/refund-shares'
import { lineGrossPaise } from '~/lib/gst'
import { unitPricePaise } from '~/lib/pricing'
import { choicePrices, keyOf, sameVariant } from '~/lib/variants'
import { type ExchangeChoice, type ExchangeOption, choiceValue, choiceWords, EXCHANGE_MESSAGES, type ExchangeView } from '~/lib/exchanges'
import type { PreparedImage } from '~/domain/catalog/media.server'
import { RETURN_MESSAGES } from '~/lib/returns'
import { Invalid, NotFound } from '~/domain/errors'
import { clock } from '~/domain/clock'
import { variantsOf } from '~/domain/cart/variant-stock.server'
import { enqueueMail, loadMailOrder, queuePaidOrderMails } from '~/domain/messaging/mail.server'
import { domainSettings } from '~/domain/settings.server'
import type { PaymentLinkGateway } from '~/domain/custom-orders/payment-links'
import { exchangeMail, type ExchangeMailKind } from '~/mail/exchange-mails.server'
import { assignInvoiceNumber } from './invoices.server'
import { moveOrder } from './order-lifecycle.server'
import { decidePartialRefund, partialRefundKey } from './partial-refunds.server'
import { nextOrderNumber, ORDER_NUMBER_COUNTER } from './place-order.server'
import { PaymentRejected } from './payments.server'
import { exchangeRowOf, toExchangeView } from './exchange-rows.server'
import { type ReturnAskItem, requestReturn, returnRefundKey } from './returns.server'

const DAY_MS = 24 * 60 * 60 * 1000
const LINK_DAYS = 7

// ---------------------------------------------------------------------------------------------
// Pricing

interface PricedChoice {
  productId: string
  choice: ExchangeChoice
  newUnitPaise: number
  available: number
}

/** Every choice of a product (its variants, else its options in the bought colour), priced now, with what is left. */
async function choicesOf(db: DB, productId: string, boughtColor: string): Promise<PricedChoice[]> {
  const product = await db.selectFrom('products').select(['id', 'price_paise', 'sale_price_paise', 'total_stock']).where('id', '=', productId).executeTakeFirst()
  if (!product) return []
  const options = await db.selectFrom('product_varieties').select(['name', 'price_paise', 'sale_price_paise']).where('product_id', '=', productId).orderBy('position').execute()
  const variants = (await variantsOf(db, [productId])).get(productId) ?? []
  const base = { pricePaise: Number(product.price_paise), salePricePaise: Number(product.sale_price_paise) }
  const priceOf = (choice: ExchangeChoice) => {
    const option = options.find((o) => o.name === choice.variety)
    const prices = choicePrices(base, option ? { pricePaise: Number(option.price_paise), salePricePaise: Number(option.sale_price_paise) } : null, variants, keyOf(choice))
    return unitPricePaise(prices)
  }
  if (variants.length > 0) {
    return variants.map((v) => {
      const choice = { variety: v.variety, option2: v.option2, color: v.color }
      return { productId, choice, newUnitPaise: priceOf(choice), available: v.available }
    })
  }
  // No variant rows: the product's own stock, by option (ADR 061).
  return options.map((o) => {
    const choice = { variety: o.name, option2: '', color: boughtColor }
    return { productId, choice, newUnitPaise: priceOf(choice), available: Number(product.total_stock) }
  })
}

async function boughtLines(db: DB, orderId: string) {
  return db
    .selectFrom('order_lines')
    .select(['product_id', 'title', 'image', 'variety_type', 'variety_name', 'option_label', 'option2', 'option2_label', 'color', 'personalization', 'unit_price_paise', 'quantity', 'discount_paise'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
}

type BoughtLine = Awaited<ReturnType<typeof boughtLines>>[number]

const isPersonalised = (line: BoughtLine) => line.personalization !== '' && line.personalization !== '{}'

/** What `quantity` pieces of a line paid: the line's gross after its discount share, shared by pieces as refunds do. */
export function paidForPieces(line: Pick<BoughtLine, 'unit_price_paise' | 'quantity' | 'discount_paise'>, quantity: number): number {
  const grossPaise = lineGrossPaise({ unitPricePaise: Number(line.unit_price_paise), quantity: line.quantity, discountPaise: Number(line.discount_paise) })
  return unitsShare({ grossPaise, quantity: line.quantity }, quantity)
}

/** The difference an exchange settles: the new pieces now, less what the returned ones paid (> 0: the shopper pays). */
export function exchangeDifference(newUnitPaise: number, quantity: number, paidPaise: number): number {
  return newUnitPaise * quantity - paidPaise
}

/** What each line of an order may be exchanged for (other choices of its product, in stock), priced for one piece. */
export async function exchangeOptionsOf(db: DB, orderId: string): Promise<ExchangeOption[][]> {
  const lines = await boughtLines(db, orderId)
  return Promise.all(
    lines.map(async (line) => {
      if (isPersonalised(line)) return []
      const bought = keyOf({ variety: line.variety_name, option2: line.option2, color: line.color })
      const paidOne = paidForPieces(line, 1)
      return (await choicesOf(db, line.product_id, line.color))
        .filter((c) => c.available > 0 && !sameVariant(keyOf(c.choice), bought))
        .map((c) => ({ choice: c.choice, words: choiceWords(c.choice), value: choiceValue(c.choice), newUnitPaise: c.newUnitPaise, differencePaise: exchangeDifference(c.newUnitPaise, 1, paidOne) }))
    }),
  )
}

/** Prices an exchange of `quantity` pieces of a line for `choice`, or Invalid under `items.<line>` (not sold, the same, out of stock, personalised). */
export async function priceExchange(db: DB, orderId: string, line: number, quantity: number, choice: ExchangeChoice) {
  const field = `items.${line}`
  const bought = (await boughtLines(db, orderId))[line]
  if (!bought || isPersonalised(bought)) throw new Invalid({ [field]: [EXCHANGE_MESSAGES.noneToExchange] })
  const wanted = keyOf(choice)
  if (sameVariant(wanted, keyOf({ variety: bought.variety_name, option2: bought.option2, color: bought.color }))) throw new Invalid({ [field]: [EXCHANGE_MESSAGES.sameChoice] })
  const found = (await choicesOf(db, bought.product_id, bought.color)).find((c) => sameVariant(keyOf(c.choice), wanted))
  if (!found) throw new Invalid({ [field]: [EXCHANGE_MESSAGES.unknownChoice] })
  if (found.available < quantity) throw new Invalid({ [field]: [EXCHANGE_MESSAGES.outOfStock] })
  const paidPaise = paidForPieces(bought, quantity)
  return { productId: bought.product_id, choice: found.choice, newUnitPaise: found.newUnitPaise, paidPaise, differencePaise: exchangeDifference(found.newUnitPaise, quantity, paidPaise) }
}

// ---------------------------------------------------------------------------------------------
// Asking

export interface ExchangeAskItem extends ReturnAskItem {
  /** Another option / colour of the same product instead of a refund; null or absent: a refund. */
  exchangeFor?: ExchangeChoice | null
}

/**
 * The shopper's return ask, with at most one line exchanged (a return settles one difference): the
 * return (returns.server.ts checks the policy and the pieces) and its exchange row, in one transaction.
 */
export async function requestReturnOrExchange(
  db: DB,
  orderId: string,
  ask: { items: ExchangeAskItem[]; note: string; photos?: readonly PreparedImage[] },
  now = new Date(),
) {
  const exchanged = ask.items.filter((i) => i.exchangeFor && i.quantity > 0)
  const lines = new Set(exchanged.map((i) => i.line))
  if (lines.size > 1) throw new Invalid({ items: [EXCHANGE_MESSAGES.oneLine] })
  const wanted = exchanged[0]
  const items = ask.items.map(({ line, quantity, reason }) => ({ line, quantity, reason }))
  return requestReturn(db, orderId, { items, note: ask.note, photos: ask.photos }, now, async (trx, returnId, pieces) => {
    if (!wanted?.exchangeFor) return
    const piece = pieces.find((p) => p.line === wanted.line)
    if (!piece) return
    const priced = await priceExchange(trx, orderId, piece.line, piece.quantity, wanted.exchangeFor)
    await trx
      .insertInto('return_exchanges')
      .values({
        return_id: returnId,
        order_id: orderId,
        line: piece.line,
        quantity: piece.quantity,
        product_id: priced.productId,
        variety_name: priced.choice.variety,
        option2: priced.choice.option2,
        color: priced.choice.color,
        new_unit_paise: priced.newUnitPaise,
        paid_paise: priced.paidPaise,
        difference_paise: priced.differencePaise,
        updated_at: now.toISOString(),
      })
      .execute()
  })
}

// ---------------------------------------------------------------------------------------------
// The difference, by Payment Link

function requireRow<T>(row: T | undefined): T {
  if (!row) throw new NotFound(RETURN_MESSAGES.notFound)
  return row
}

/**
 * The Payment Link for an approved exchange that costs more (the one open, or a new one): the
 * shopper's own (`userId`; null from a trusted caller). The gateway is called outside any
 * transaction; two taps at once keep the first link written and cancel the other.
 */
export async function openExchangeLink(
  db: DB,
  gateway: PaymentLinkGateway,
  returnId: string,
  options: { userId: string | null; callbackUrl: string },
  now: Date = clock.now(),
): Promise<{ url: string; amountPaise: number }> {
  const row = requireRow(await exchangeRowOf(db, returnId))
  const ret = await db.selectFrom('returns').select(['status', 'number']).where('id', '=', returnId).executeTakeFirstOrThrow()
  const order = await db.selectFrom('orders').select(['user_id', 'number', 'user_name', 'email', 'phone']).where('id', '=', row.order_id).executeTakeFirstOrThrow()
  if (options.userId !== null && order.user_id !== options.userId) throw new NotFound(RETURN_MESSAGES.notFound)
  const amountPaise = Number(row.difference_paise)
  if (amountPaise <= 0) throw new Invalid({ form: [EXCHANGE_MESSAGES.noLinkNeeded] })
  if (row.link_status === 'paid') throw new Invalid({ form: [EXCHANGE_MESSAGES.paid] })
  if (ret.status !== 'approved' && ret.status !== 'received') throw new Invalid({ form: [EXCHANGE_MESSAGES.linkNotYet] })
  if (row.link_status === 'created' && row.link_url) return { url: row.link_url, amountPaise }
  const attempt = row.link_reference ? Number(row.link_reference.split('-')[3] ?? 1) + 1 : 1
  const reference = `ex-${order.number}-${ret.number}-${attempt}`
  const link = await gateway.createLink({
    amountPaise,
    referenceId: reference,
    description: `Exchange difference, return ${ret.number} of order #${order.number}`,
    customer: { name: order.user_name, email: order.email, contact: order.phone },
    callbackUrl: options.callbackUrl,
    expireBy: new Date(now.getTime() + LINK_DAYS * DAY_MS).toISOString(),
  })
  const at = now.toISOString()
  const claimed = await db
    .updateTable('return_exchanges')
    .set({ link_reference: reference, link_id: link.id, link_gateway: gateway.name, link_url: link.shortUrl, link_status: 'created', updated_at: at })
    .where('return_id', '=', returnId)
    .where((eb) => eb.or([eb('link_status', 'is', null), eb('link_status', 'in', ['cancelled', 'expired'])]))
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) === 0) {
    await gateway.cancelLink(link.id).catch(() => undefined)
    const first = requireRow(await exchangeRowOf(db, returnId))
    if (first.link_url && first.link_status === 'created') return { url: first.link_url, amountPaise }
    throw new Invalid({ form: [EXCHANGE_MESSAGES.paid] })
  }
  await mailShopper(db, returnId, 'pay', { payUrl: link.shortUrl })
  return { url: link.shortUrl, amountPaise }
}

/** The return and order an exchange link was made for; null for a link that is not an exchange's. */
export async function exchangeOfLink(db: DB, linkId: string): Promise<{ returnId: string; orderId: string } | null> {
  const row = await db.selectFrom('return_exchanges').select(['return_id', 'order_id']).where('link_id', '=', linkId).executeTakeFirst()
  return row ? { returnId: row.return_id, orderId: row.order_id } : null
}

/**
 * An exchange link's payment, reported captured (callback, webhook or poll): marks it paid once;
 * then, when the returned piece is in, makes the replacement order (once). A second report changes
 * nothing; a kill between the two steps leaves the link paid, and the next report, or the owner's
 * settle, makes the order. `afterPayment` is for tests (a kill between the steps).
 */
export async function settleExchangePayment(
  db: DB,
  input: { linkId: string; paymentId: string; amountPaise: number | null },
  options: { now?: Date; afterPayment?: () => Promise<void> } = {},
): Promise<{ returnId: string; orderId: string; replacementOrderId: string | null; changed: boolean }> {
  const now = options.now ?? clock.now()
  const found = await exchangeOfLink(db, input.linkId)
  if (!found) throw new PaymentRejected()
  const changed = await db.transaction().execute(async (trx) => {
    await lockRows(trx, 'orders', [found.orderId])
    const row = requireRow(await exchangeRowOf(trx, found.returnId))
    if (row.link_status === 'paid') return false
    if (input.amountPaise !== null && input.amountPaise !== Number(row.difference_paise)) throw new PaymentRejected()
    await trx
      .updateTable('return_exchanges')
      .set({ link_status: 'paid', link_payment_id: input.paymentId, link_paid_at: now.toISOString(), updated_at: now.toISOString() })
      .where('return_id', '=', found.returnId)
      .execute()
    return true
  })
  await options.afterPayment?.()
  const ret = await db.selectFrom('returns').select('status').where('id', '=', found.returnId).executeTakeFirstOrThrow()
  const replacementOrderId = ret.status === 'received' || ret.status === 'refunded' ? await completeExchange(db, found.returnId, null, now) : null
  return { ...found, replacementOrderId, changed }
}

/** Asks the provider what became of an exchange link, and settles it when paid. */
export async function checkExchangeLink(db: DB, gateway: PaymentLinkGateway, linkId: string, now: Date = clock.now()) {
  const link = await gateway.fetchLink(linkId)
  if (link.status === 'paid' && link.paymentId) {
    await settleExchangePayment(db, { linkId, paymentId: link.paymentId, amountPaise: link.amountPaise }, { now })
  } else if (link.status === 'cancelled' || link.status === 'expired') {
    await db.updateTable('return_exchanges').set({ link_status: link.status, updated_at: now.toISOString() }).where('link_id', '=', linkId).where('link_status', '=', 'created').execute()
  }
  return link.status
}

/** The fallback when no webhook comes: open exchange links of this gateway, fetched and settled if paid. */
export async function pollExchangeLinks(db: DB, gateway: PaymentLinkGateway, now: Date = clock.now()): Promise<number> {
  const open = await db.selectFrom('return_exchanges').select('link_id').where('link_status', '=', 'created').where('link_gateway', '=', gateway.name).limit(50).execute()
  let settled = 0
  for (const { link_id } of open) {
    if (!link_id) continue
    try {
      if ((await checkExchangeLink(db, gateway, link_id, now)) === 'paid') settled += 1
    } catch {
      // Asked again on the next round.
    }
  }
  return settled
}

// ---------------------------------------------------------------------------------------------
// Settling

/**
 * The owner's move on a received exchange (instead of the return's refund): less -> the partial
 * refund of the difference under the return's key, then the replacement order; equal -> the order;
 * more -> the order once the link is paid (else Invalid: waiting for the payment). Twice, or again
 * after a kill between the refund's decision and the order, it finds the same refund and the same order.
 */
export async function settleExchange(
  db: DB,
  orderId: string,
  returnId: string,
  options: { adminId: string | null; now?: Date; afterDecision?: () => Promise<void> },
): Promise<{ replacementOrderId: string; refundId: string | null; refundCreated: boolean }> {
  const now = options.now ?? clock.now()
  const row = requireRow(await exchangeRowOf(db, returnId))
  if (row.order_id !== orderId) throw new NotFound(RETURN_MESSAGES.notFound)
  const ret = await db.selectFrom('returns').select(['status', 'number']).where('id', '=', returnId).executeTakeFirstOrThrow()
  if (ret.status !== 'received' && !(ret.status === 'refunded' && row.replacement_order_id)) throw new Invalid({ form: [EXCHANGE_MESSAGES.notReceived] })
  const difference = Number(row.difference_paise)
  if (difference > 0 && row.link_status !== 'paid') throw new Invalid({ form: [EXCHANGE_MESSAGES.awaitingPayment] })
  let refundId: string | null = null
  let refundCreated = false
  if (-difference >= 100) {
    const { refund, created } = await decidePartialRefund(
      db,
      orderId,
      { key: returnRefundKey(returnId), ask: { amountPaise: -difference }, reason: `Return ${ret.number}: exchange difference`, restock: false },
      options.adminId,
    )
    refundId = refund.id
    refundCreated = created
  }
  await options.afterDecision?.()
  const replacementOrderId = await completeExchange(db, returnId, options.adminId, now)
  return { replacementOrderId, refundId, refundCreated }
}

/** The key of an ended replacement's credit given back on the original order. */
const creditBackKey = (returnId: string) => `exc_${returnId}`

/**
 * Replacement orders that ended without the new piece (cancelled or rejected): their own end refunds
 * only what the link took, so the returned pieces' payment their credit used is owed back as money on
 * the original order. One partial refund each (an amount: the pieces are back at the studio), under
 * the key 'exc_<returnId>': a decision is found again after a crash and never made twice. The refund
 * worker calls this before it sends refunds; answers how many were decided.
 */
export async function creditBackEndedExchanges(db: DB, limit = 20): Promise<number> {
  const due = await db
    .selectFrom('return_exchanges as e')
    .innerJoin('orders as r', 'r.id', 'e.replacement_order_id')
    .innerJoin('returns as ret', 'ret.id', 'e.return_id')
    .select(['e.return_id', 'e.order_id', 'e.paid_paise', 'e.difference_paise', 'r.number', 'r.order_status', 'ret.number as return_number'])
    .where('r.order_status', 'in', ['cancelled', 'rejected'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('partial_refunds as p').select('p.id').where('p.refund_key', '=', sql<string>`${partialRefundKey('exc_')} || e.return_id`))),
    )
    .orderBy('e.return_id')
    .limit(limit)
    .execute()
  let decided = 0
  for (const row of due) {
    // What the credit paid of the new piece: the returned pieces' payment, less a cheaper exchange's refund.
    const refundedDifference = -Number(row.difference_paise) >= 100 ? -Number(row.difference_paise) : 0
    const credit = Number(row.paid_paise) - refundedDifference
    if (credit < 100) continue
    const ended = row.order_status === 'cancelled' ? 'cancelled' : 'rejected'
    try {
      const { created } = await decidePartialRefund(
        db,
        row.order_id,
        { key: creditBackKey(row.return_id), ask: { amountPaise: credit }, reason: `Return ${row.return_number}: the exchange's order #${row.number} was ${ended}`, restock: false },
        null,
      )
      if (created) decided++
    } catch (error) {
      // An original order refunded in full meanwhile owes nothing more; the rest are asked again next round.
      if (!(error instanceof Invalid)) throw error
    }
  }
  return decided
}

/** settleExchange by the return's id alone (the owner's /api 'refund' of an exchange): answers its order too. */
export async function settleExchangeOf(db: DB, returnId: string, options: { adminId: string | null }) {
  const row = requireRow(await exchangeRowOf(db, returnId))
  return { orderId: row.order_id, ...(await settleExchange(db, row.order_id, returnId, options)) }
}

/**
 * Makes the replacement order of a settled exchange, once: the new piece as its one line at today's
 * price, the returned pieces' payment as its credit (the line's discount), what the link took as its
 * payment; paid, its invoice numbered, 'confirmed', the stock already held. The return closes
 * ('refunded', with the difference's refund if any). The claim of replacement_order_id is in the
 * same transaction: a second call answers the same order.
 */
export async function completeExchange(db: DB, returnId: string, adminId: string | null, now: Date = clock.now()): Promise<string> {
  const made = await db.transaction().execute(async (trx) => {
    const first = requireRow(await exchangeRowOf(trx, returnId))
    await lockRows(trx, 'orders', [first.order_id])
    const row = requireRow(await exchangeRowOf(trx, returnId))
    if (row.replacement_order_id) return { orderId: row.replacement_order_id, created: false }
    const difference = Number(row.difference_paise)
    if (difference > 0 && row.link_status !== 'paid') throw new Invalid({ form: [EXCHANGE_MESSAGES.awaitingPayment] })
    const ret = await trx.selectFrom('returns').selectAll().where('id', '=', returnId).executeTakeFirstOrThrow()
    if (ret.status !== 'received') throw new Invalid({ form: [EXCHANGE_MESSAGES.notReceived] })
    const refund = await trx.selectFrom('partial_refunds').select('id').where('refund_key', '=', partialRefundKey(returnRefundKey(returnId))).executeTakeFirst()
    if (-difference >= 100 && !refund) throw new Invalid({ form: [EXCHANGE_MESSAGES.notReceived] })
    const orderId = await createReplacement(trx, row, ret.number, now.toISOString())
    const at = now.toISOString()
    await trx.updateTable('return_exchanges').set({ replacement_order_id: orderId, updated_at: at }).where('return_id', '=', returnId).where('replacement_order_id', 'is', null).execute()
    await trx.updateTable('returns').set({ status: 'refunded', partial_refund_id: refund?.id ?? null, updated_at: at }).where('id', '=', returnId).execute()
    const original = await trx.selectFrom('orders').select('order_status').where('id', '=', row.order_id).executeTakeFirstOrThrow()
    const replacement = await trx.selectFrom('orders').select('number').where('id', '=', orderId).executeTakeFirstOrThrow()
    await trx
      .insertInto('order_status_history')
      .values({ order_id: row.order_id, status: original.order_status, note: `Return ${ret.number} exchanged: replacement order #${replacement.number} (${differenceNote(difference)})`, changed_by: adminId, changed_at: at })
      .execute()
    await mailShopper(trx, returnId, 'replaced', { replacementNumber: Number(replacement.number) })
    return { orderId, created: true }
  })
  return made.orderId
}

function differenceNote(difference: number): string {
  if (difference > 0) return `${formatPaise(difference)} paid by link`
  if (difference < 0) return `${formatPaise(-difference)} refunded`
  return 'same price'
}

async function createReplacement(trx: Trx, row: NonNullable<Awaited<ReturnType<typeof exchangeRowOf>>>, returnNumber: number, at: string): Promise<string> {
  const original = await trx.selectFrom('orders').selectAll().where('id', '=', row.order_id).executeTakeFirstOrThrow()
  const bought = (await boughtLines(trx, row.order_id))[row.line]
  if (!bought) throw new NotFound(RETURN_MESSAGES.notFound)
  const newUnit = Number(row.new_unit_paise)
  const subtotal = newUnit * row.quantity
  const difference = Number(row.difference_paise)
  // The returned pieces' payment pays for the new ones (up to their price): the line's credit.
  const credit = Math.min(Number(row.paid_paise), subtotal)
  const total = subtotal - credit
  const paidByLink = difference > 0 && row.link_status === 'paid'
  const orderId = newId()
  await lockCounter(trx, ORDER_NUMBER_COUNTER)
  await trx
    .insertInto('orders')
    .values({
      id: orderId,
      number: nextOrderNumber(),
      user_id: original.user_id,
      cart_id: null,
      user_name: original.user_name,
      email: original.email,
      address_id: original.address_id,
      address_line: original.address_line,
      city: original.city,
      state: original.state,
      pincode: original.pincode,
      country: original.country,
      phone: original.phone,
      landmark: original.landmark,
      notes: `Exchange for return ${returnNumber} of order #${original.number}`,
      recipient_name: original.recipient_name,
      subtotal_paise: subtotal,
      delivery_fee_paise: 0,
      total_amount_paise: total,
      order_status: 'pending',
      payment_status: 'pending',
      gateway: paidByLink ? (row.link_gateway ?? original.gateway) : original.gateway,
      gateway_order_id: paidByLink ? row.link_id : null,
      discount_code: 'EXCHANGE',
      discount_paise: credit,
      updated_at: at,
    })
    .execute()
  await trx
    .insertInto('order_lines')
    .values({
      order_id: orderId,
      product_id: row.product_id,
      title: bought.title,
      image: bought.image,
      variety_type: bought.variety_type,
      variety_name: row.variety_name,
      option_label: bought.option_label,
      option2: row.option2,
      option2_label: bought.option2_label,
      color: row.color,
      unit_price_paise: newUnit,
      quantity: row.quantity,
      discount_paise: credit,
    })
    .execute()
  await moveOrder(trx, orderId, 'confirmed', 'payment', { note: `Replacement for return ${returnNumber} of order #${original.number}` })
  if (paidByLink && row.link_id && row.link_payment_id) {
    await trx
      .insertInto('payments')
      .values({ id: newId(), order_id: orderId, gateway: row.link_gateway ?? original.gateway, gateway_order_id: row.link_id, gateway_payment_id: row.link_payment_id, amount_paise: difference, status: 'paid', updated_at: at })
      .execute()
  }
  await trx.updateTable('orders').set({ payment_status: 'paid', gateway_payment_id: paidByLink ? row.link_payment_id : null }).where('id', '=', orderId).execute()
  await assignInvoiceNumber(trx, orderId, at)
  await queuePaidOrderMails(trx, orderId)
  return orderId
}

async function mailShopper(db: DB, returnId: string, kind: ExchangeMailKind, extra: { payUrl?: string; replacementNumber?: number }) {
  const row = requireRow(await exchangeRowOf(db, returnId))
  const ret = await db.selectFrom('returns').select('number').where('id', '=', returnId).executeTakeFirstOrThrow()
  const order = await loadMailOrder(db, row.order_id)
  if (!order) return
  const title = order.lines[row.line]?.title ?? 'piece'
  await enqueueMail(db, {
    kind: `exchange-${kind}`,
    to: order.email,
    dedupeKey: `exchange-${kind}:${returnId}`,
    ...exchangeMail(domainSettings().mail, order, kind, {
      returnNumber: ret.number,
      piece: `${row.quantity} × ${title} (${choiceWords({ variety: row.variety_name, option2: row.option2, color: row.color })})`,
      differencePaise: Number(row.difference_paise),
      payUrl: extra.payUrl,
      replacementNumber: extra.replacementNumber,
    }),
  })
}

/** The exchange of a return, for pages and /api; null when the return is a refund. */
export async function exchangeOf(db: DB, returnId: string): Promise<ExchangeView | null> {
  const row = await exchangeRowOf(db, returnId)
  if (!row) return null
  const number = row.replacement_order_id ? await db.selectFrom('orders').select('number').where('id', '=', row.replacement_order_id).executeTakeFirst() : undefined
  return toExchangeView(row, number ? Number(number.number) : null)
}

