// Partial refunds, decided (ADR 087): the owner gives back pieces or an amount of a paid order with
// a reason the shopper reads. The decision is a row written in one transaction with the stock it
// puts back (when the owner restocks) and the order's history, before any call to the gateway; the
// form's key makes every tap and retry of one decision the same row. Sending it is
// partial-refund-sending.server.ts. Never more than was paid: what earlier refunds (not failed) gave
// back is taken off, line by line (app/lib/refund-shares.ts).
import { inJsonList, lockRows } from '../../../db/dialect'
import type { DB, Trx } from '../../../db/database'
import { newId } from '~/lib/ids.server'
import { formatPaise } from '~/lib/money'
import {
  addShare,
  nothingRefunded,
  PARTIAL_REFUND_MESSAGES,
  type PartialRefundView,
  REFUND_REASON_MAX,
  type RefundAsk,
  type RefundedSoFar,
  type ShareLine,
  ShareRefused,
  refundShare,
} from '~/lib/refund-shares'
import { ORDER_MESSAGES } from '~/lib/order-status'
import { Invalid, NotFound } from '~/domain/errors'
import { returnLineStock, type VariantKey } from '~/domain/cart/variant-stock.server'
import { recordShelfChanges } from '~/domain/catalog/stock-history.server'
import { partOfRow } from './invoices.server'

/** The key a form or /api client sends: letters, digits, - and _ (the gateway's receipt is 'prf_' and it). */
export const REFUND_KEY_PATTERN = /^[A-Za-z0-9_-]{8,36}$/

/** The receipt sent to the gateway for a partial refund ('rf_' is the whole-order refund's). */
export function partialRefundKey(key: string): string {
  return `prf_${key}`
}

export interface PartialRefundInput {
  /** The form's (or client's) key for this one decision. */
  key: string
  ask: RefundAsk
  reason: string
  /** Put the pieces back on the shelf (lines only). */
  restock: boolean
}

/** The order's lines as paid, by position (order_lines.id order, as the invoice lists them). */
async function paidLines(trx: DB, orderId: string) {
  return trx
    .selectFrom('order_lines')
    .select(['product_id', 'title', 'variety_name', 'option2', 'color', 'quantity', 'unit_price_paise', 'discount_paise'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
}

/** What the refunds of an order that did not fail gave back (or are giving back). */
export async function refundedSoFar(trx: DB, orderId: string, lineCount: number): Promise<RefundedSoFar> {
  const rows = await trx.selectFrom('partial_refunds').select(['portions', 'items']).where('order_id', '=', orderId).where('status', '!=', 'failed').execute()
  return rows.reduce((so, row) => addShare(so, partOfRow(row)), nothingRefunded(lineCount))
}

/** Pieces per order line that partial refunds put back on the shelf (the end of the order must not put them back twice). */
export async function restockedUnits(trx: DB, orderId: string): Promise<number[]> {
  const rows = await trx.selectFrom('partial_refunds').select(['portions', 'items']).where('order_id', '=', orderId).where('restock', '=', 1).execute()
  const units: number[] = []
  for (const row of rows) {
    for (const [i, u] of partOfRow(row).units.entries()) units[i] = (units[i] ?? 0) + u
  }
  return units
}

/**
 * Pieces a shopper's open return holds (requested, approved, received: ADR 099) are not refunded by
 * hand, or the return could never be refunded: Invalid under `items.<line>`. The return's own refund
 * (key 'ret_<returnId>', returns.server.ts) counts every open return but its own.
 */
async function refuseHeldPieces(trx: DB, orderId: string, key: string, lines: { quantity: number }[], refunded: number[], asked: { line: number; quantity: number }[]) {
  const open = await trx
    .selectFrom('returns')
    .select(['id', 'items'])
    .where('order_id', '=', orderId)
    // An exchange (ADR 105) keeps its pieces once settled: its refund, if any, was an amount.
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['requested', 'approved', 'received']),
        eb.and([eb('status', '=', 'refunded'), eb('id', 'in', eb.selectFrom('return_exchanges').select('return_id').where('order_id', '=', orderId))]),
      ]),
    )
    .execute()
  const held = lines.map(() => 0)
  for (const ret of open) {
    if (key === `ret_${ret.id}`) continue
    for (const item of JSON.parse(ret.items) as { line: number; quantity: number }[]) held[item.line] = (held[item.line] ?? 0) + item.quantity
  }
  const wanted = lines.map(() => 0)
  for (const item of asked) if (Number.isSafeInteger(item.line) && item.line >= 0 && item.line < lines.length) wanted[item.line] = (wanted[item.line] ?? 0) + item.quantity
  for (const [line, quantity] of wanted.entries()) {
    const total = lines[line]?.quantity ?? 0
    const free = total - (refunded[line] ?? 0) - (held[line] ?? 0)
    if (quantity > 0 && (held[line] ?? 0) > 0 && quantity > free && quantity <= total - (refunded[line] ?? 0)) {
      throw new Invalid({ [`items.${line}`]: [PARTIAL_REFUND_MESSAGES.heldByReturn(Math.max(free, 0))] })
    }
  }
}

function checkReason(reason: string): string {
  const words = reason.trim()
  if (!words) throw new Invalid({ reason: [PARTIAL_REFUND_MESSAGES.reason] })
  if (words.length > REFUND_REASON_MAX) throw new Invalid({ reason: [PARTIAL_REFUND_MESSAGES.reasonTooLong] })
  return words
}

/**
 * Decides a partial refund, or throws Invalid (a field's message: reason, amount, items.<line>,
 * form) or NotFound. A key already used for this order answers that refund (created: false) and
 * changes nothing; used for another order, Invalid.
 */
export async function decidePartialRefund(
  db: DB,
  orderId: string,
  input: PartialRefundInput,
  adminId: string | null,
): Promise<{ refund: PartialRefundView; created: boolean }> {
  if (!REFUND_KEY_PATTERN.test(input.key)) throw new Invalid({ form: [PARTIAL_REFUND_MESSAGES.keyReused] })
  const reason = checkReason(input.reason)
  const refundKey = partialRefundKey(input.key)
  const made = await db.transaction().execute(async (trx) => {
    // Two decisions for one order (or one and the order's end) take turns on the order's row.
    await lockRows(trx, 'orders', [orderId])
    const existing = await trx.selectFrom('partial_refunds').select(['id', 'order_id']).where('refund_key', '=', refundKey).executeTakeFirst()
    if (existing) {
      if (existing.order_id !== orderId) throw new Invalid({ form: [PARTIAL_REFUND_MESSAGES.keyReused] })
      return { id: existing.id, created: false }
    }
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'order_status', 'payment_status', 'gateway', 'gateway_payment_id', 'delivery_fee_paise'])
      .where('id', '=', orderId)
      .executeTakeFirst()
    if (!order) throw new NotFound(ORDER_MESSAGES.notFound)
    if (order.payment_status !== 'paid' || !order.gateway_payment_id) throw new Invalid({ form: [PARTIAL_REFUND_MESSAGES.notPaid] })
    const whole = await trx.selectFrom('refunds').select('id').where('order_id', '=', orderId).executeTakeFirst()
    if (whole) throw new Invalid({ form: [PARTIAL_REFUND_MESSAGES.refundedInFull] })
    const lines = await paidLines(trx, orderId)
    const shareLines: ShareLine[] = lines.map((l) => ({ grossPaise: l.unit_price_paise * l.quantity - l.discount_paise, quantity: l.quantity }))
    const so = await refundedSoFar(trx, orderId, lines.length)
    if ('items' in input.ask) await refuseHeldPieces(trx, orderId, input.key, lines, so.units, input.ask.items)
    let share: ReturnType<typeof refundShare>
    try {
      share = refundShare(shareLines, order.delivery_fee_paise, so, input.ask)
    } catch (error) {
      if (error instanceof ShareRefused) throw new Invalid({ [error.field]: [error.message] })
      throw error
    }
    const items = share.units.flatMap((quantity, line) => (quantity > 0 ? [{ line, quantity }] : []))
    const restock = input.restock && items.length > 0
    const id = newId()
    const now = new Date().toISOString()
    const inserted = await trx
      .insertInto('partial_refunds')
      .values({
        id,
        order_id: orderId,
        refund_key: refundKey,
        gateway: order.gateway,
        gateway_payment_id: order.gateway_payment_id,
        amount_paise: share.amountPaise,
        status: 'queued',
        reason,
        items: JSON.stringify(items),
        portions: JSON.stringify(share.portions),
        restock: restock ? 1 : 0,
        created_by: adminId,
        next_attempt_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('refund_key').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      const raced = await trx.selectFrom('partial_refunds').select('id').where('refund_key', '=', refundKey).executeTakeFirstOrThrow()
      return { id: raced.id, created: false }
    }
    if (restock) await restockPieces(trx, orderId, lines, items, now)
    await trx
      .insertInto('order_status_history')
      .values({ order_id: orderId, status: order.order_status, note: `Refund of ${formatPaise(share.amountPaise)} decided: ${reason}`, changed_by: adminId, changed_at: now })
      .execute()
    await trx.updateTable('orders').set({ needs_refund: 1, updated_at: now }).where('id', '=', orderId).execute()
    return { id, created: true }
  })
  const [refund] = (await partialRefundsOf(db, [orderId])).get(orderId)?.filter((r) => r.id === made.id) ?? []
  if (!refund) throw new NotFound(ORDER_MESSAGES.notFound)
  return { refund, created: made.created }
}

/** The pieces go back to the shelves they came from (ADR 061), with the stock history's 'refund' reason. */
async function restockPieces(
  trx: Trx,
  orderId: string,
  lines: Awaited<ReturnType<typeof paidLines>>,
  items: { line: number; quantity: number }[],
  now: string,
): Promise<void> {
  const returned: { productId: string; key: VariantKey; change: number }[] = []
  for (const item of items) {
    const line = lines[item.line]
    if (!line) continue
    const key = await returnLineStock(trx, line.product_id, { variety: line.variety_name, option2: line.option2, color: line.color }, item.quantity, now)
    if (key) returned.push({ productId: line.product_id, key, change: item.quantity })
  }
  await recordShelfChanges(trx, returned, { reason: 'refund', orderId, note: 'Partial refund' })
}

/** The partial refunds of these orders, oldest first, by order id (three queries whatever their number). */
export async function partialRefundsOf(db: DB, orderIds: string[]): Promise<Map<string, PartialRefundView[]>> {
  const byOrder = new Map<string, PartialRefundView[]>()
  if (orderIds.length === 0) return byOrder
  const [rows, lines, notes] = await Promise.all([
    db.selectFrom('partial_refunds').selectAll().where(inJsonList('order_id', orderIds)).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('order_lines').select(['order_id', 'title']).where(inJsonList('order_id', orderIds)).orderBy('id').execute(),
    db.selectFrom('invoices').select(['refund_id', 'number']).where(inJsonList('order_id', orderIds)).where('refund_id', '!=', '').execute(),
  ])
  if (rows.length === 0) return byOrder
  const titles = new Map<string, string[]>()
  for (const line of lines) titles.set(line.order_id, [...(titles.get(line.order_id) ?? []), line.title])
  const noteOf = new Map(notes.map((n) => [n.refund_id, n.number]))
  for (const row of rows) {
    const items = (JSON.parse(row.items) as { line: number; quantity: number }[]).map((i) => ({ ...i, title: titles.get(row.order_id)?.[i.line] ?? '' }))
    const view: PartialRefundView = {
      id: row.id,
      amountPaise: row.amount_paise,
      reason: row.reason,
      status: row.status,
      items,
      restocked: row.restock === 1,
      createdAt: row.created_at,
      processedAt: row.processed_at,
      creditNote: noteOf.get(row.id) ?? null,
    }
    byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), view])
  }
  return byOrder
}

/**
 * The /api's pieces (productId, variety, option2, color, quantity) as order lines by position; the
 * same piece named twice adds up. Invalid (under `items`) for a piece the order does not have.
 */
export async function askFromPieces(
  db: DB,
  orderId: string,
  pieces: { productId: string; variety: string; option2: string; color: string; quantity: number }[],
  includeDelivery: boolean,
): Promise<RefundAsk> {
  const lines = await paidLines(db, orderId)
  const quantities = new Map<number, number>()
  for (const piece of pieces) {
    const line = lines.findIndex(
      (l) => l.product_id === piece.productId && l.variety_name === piece.variety && l.option2 === piece.option2 && l.color === piece.color,
    )
    if (line < 0) throw new Invalid({ items: [PARTIAL_REFUND_MESSAGES.unknownLine] })
    quantities.set(line, (quantities.get(line) ?? 0) + piece.quantity)
  }
  return { items: [...quantities].map(([line, quantity]) => ({ line, quantity })), includeDelivery }
}

/** What the owner may still refund of an order: pieces per line, the delivery, money; null when no partial refund is possible. */
export interface RefundableOrder {
  lines: { line: number; title: string; choice: string; piecesLeft: number }[]
  deliveryLeftPaise: number
  amountLeftPaise: number
}

export async function refundableOf(db: DB, orderId: string): Promise<RefundableOrder | null> {
  const order = await db.selectFrom('orders').select(['payment_status', 'gateway_payment_id', 'delivery_fee_paise']).where('id', '=', orderId).executeTakeFirst()
  if (order?.payment_status !== 'paid' || !order.gateway_payment_id) return null
  if (await db.selectFrom('refunds').select('id').where('order_id', '=', orderId).executeTakeFirst()) return null
  const lines = await paidLines(db, orderId)
  const so = await refundedSoFar(db, orderId, lines.length)
  const gross = [...lines.map((l) => l.unit_price_paise * l.quantity - l.discount_paise), order.delivery_fee_paise]
  const amountLeftPaise = gross.reduce((sum, g, i) => sum + g - (so.portions[i] ?? 0), 0)
  if (amountLeftPaise <= 0) return null
  return {
    lines: lines.map((l, line) => ({
      line,
      title: l.title,
      choice: [l.variety_name, l.option2, l.color].filter(Boolean).join(' · '),
      piecesLeft: l.quantity - (so.units[line] ?? 0),
    })),
    deliveryLeftPaise: order.delivery_fee_paise - (so.portions[lines.length] ?? 0),
    amountLeftPaise,
  }
}
