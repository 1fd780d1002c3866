// Returns (issue 31, ADR 099): every rule of a shopper's return in one place. The policy (window after
// delivery, reasons accepted, personalised and made-to-order pieces only when damaged or wrong), how
// many pieces may still come back (never more than bought, less what other returns hold and what
// refunds gave back), and the state table:
//   requested -> approved | declined      (the owner, with a message the shopper reads)
//   approved  -> received                 (the owner, restocking or writing off each line)
//   received  -> refunded                 (through decidePartialRefund, under the return's own key)
//   approved  -> refunded                 (only damaged pieces, with photos: refunded without coming back)
// The refund's key is the return's ('ret_<id>'): a second tap, or a retry after a crash between the
// refund's decision and the return's move, finds the same refund and never decides a second one.
import { inJsonList, lockRows } from '../../../db/dialect'
import type { DB, Trx } from '../../../db/database'
import { newId } from '~/lib/ids.server'
import { formatPaise } from '~/lib/money'
import { ORDER_MESSAGES } from '~/lib/order-status'
import type { PartialRefundView } from '~/lib/refund-shares'
import {
  type AdminReturnView,
  DEFAULT_RETURN_POLICY,
  FAULT_REASONS,
  RETURN_LIMITS,
  OPEN_RETURN_STATUSES,
  type ReturnAction,
  RETURN_FILTERS,
  RETURN_MESSAGES,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnFilter,
  type ReturnPolicy,
  type ReturnReason,
  type ReturnStatus,
  type ReturnView,
  WAITING_RETURN_STATUSES,
} from '~/lib/returns'
import { Invalid, NotFound } from '~/domain/errors'
import { shelveReceived } from '~/domain/catalog/stock-history.server'
import { enqueueMail, loadMailOrder } from '~/domain/messaging/mail.server'
import { readPage } from '~/domain/paging.server'
import { domainSettings } from '~/domain/settings.server'
import { type ReturnMailFacts, type ReturnMailKind, returnMail } from '~/mail/return-mails.server'
import type { PreparedImage } from '~/domain/catalog/media.server'
import { decidePartialRefund, refundedSoFar } from './partial-refunds.server'
import { hasReturnPhotos, returnPhotosOf, storeReturnPhotos } from './return-photos.server'
import { exchangeRowOf, exchangesOf, holdExchangeStock, releaseExchangeStock } from './exchange-rows.server'
import { EXCHANGE_MESSAGES, type ExchangeView } from '~/lib/exchanges'
import { pickupsOf, withPickup } from '~/domain/shipping/return-pickup-view.server'

// ---------------------------------------------------------------------------------------------
// Pure rules

const DAY_MS = 24 * 60 * 60 * 1000

/** The moment the window closes: `windowDays` whole days after delivery. */
export function returnWindowEnd(deliveredAt: string, windowDays: number): Date {
  return new Date(new Date(deliveredAt).getTime() + windowDays * DAY_MS)
}

export function withinReturnWindow(deliveredAt: string, windowDays: number, now: Date): boolean {
  return now.getTime() <= returnWindowEnd(deliveredAt, windowDays).getTime()
}

/** What moves a return, by its state: the only moves there are. */
export type { ReturnAction }

export const RETURN_MOVES: Record<ReturnStatus, Partial<Record<ReturnAction, ReturnStatus>>> = {
  requested: { approve: 'approved', decline: 'declined' },
  approved: { receive: 'received', refundWithoutPickup: 'refunded', close: 'declined' },
  declined: {},
  received: { refund: 'refunded' },
  refunded: {},
}

const ACTION_WORDS: Record<ReturnAction, string> = {
  approve: 'approved',
  decline: 'declined',
  receive: 'received',
  refund: 'refunded',
  refundWithoutPickup: 'refunded without receiving it',
  close: 'closed',
}

/** The state `action` moves a return to, or Invalid (under `form`) when the table has no such move. */
export function nextReturnStatus(from: ReturnStatus, action: ReturnAction): ReturnStatus {
  const to = RETURN_MOVES[from][action]
  if (!to) throw new Invalid({ form: [RETURN_MESSAGES.moveRefused(from, ACTION_WORDS[action])] })
  return to
}

/** Pieces per order line that may still come back: bought, less what refunds gave back and what open returns hold. */
export function piecesLeftToReturn(bought: number[], refundedUnits: number[], heldUnits: number[]): number[] {
  return bought.map((q, i) => Math.max(0, q - (refundedUnits[i] ?? 0) - (heldUnits[i] ?? 0)))
}

export interface ReturnLineFacts {
  /** Pieces still returnable. */
  left: number
  /** Personalised or made to order. */
  special: boolean
}

export interface ReturnAskItem {
  line: number
  quantity: number
  reason: string
}

/** A shopper's ask: the pieces, her note and how many photos of the damage come with it (ADR 101). */
export interface ReturnAsk {
  items: ReturnAskItem[]
  note: string
  photos?: number
}

/**
 * Checks a shopper's ask against the policy and what is left; answers the pieces (one per line,
 * quantities added) or throws Invalid with a message per field: `items.<line>`, `reason`, `note`,
 * `photos` (damage needs at least one, ADR 101), `items`.
 */
export function checkReturnAsk(
  policy: ReturnPolicy,
  lines: ReturnLineFacts[],
  ask: ReturnAsk,
): { line: number; quantity: number; reason: ReturnReason }[] {
  const errors: Record<string, string[]> = {}
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message]
  }
  const note = ask.note.trim()
  if (note.length > RETURN_LIMITS.noteMax) add('note', RETURN_MESSAGES.noteTooLong)
  const merged = new Map<number, { line: number; quantity: number; reason: ReturnReason }>()
  for (const item of ask.items) {
    if (!Number.isInteger(item.quantity) || item.quantity < 0) {
      add(`items.${item.line}`, RETURN_MESSAGES.quantity)
      continue
    }
    if (item.quantity === 0) continue
    const facts = lines[item.line]
    if (!Number.isInteger(item.line) || !facts) {
      add('items', RETURN_MESSAGES.unknownLine)
      continue
    }
    if (!(RETURN_REASONS as readonly string[]).includes(item.reason)) {
      add('reason', RETURN_MESSAGES.reason)
      continue
    }
    const reason = item.reason as ReturnReason
    if (!policy.reasons.includes(reason)) {
      add('reason', RETURN_MESSAGES.reasonNotAccepted)
      continue
    }
    if (facts.special && policy.specialOnlyDamaged && !FAULT_REASONS.includes(reason)) {
      add(`items.${item.line}`, RETURN_MESSAGES.specialPiece)
      continue
    }
    const before = merged.get(item.line)
    merged.set(item.line, { line: item.line, quantity: (before?.quantity ?? 0) + item.quantity, reason: before?.reason ?? reason })
  }
  for (const piece of merged.values()) {
    const left = lines[piece.line]?.left ?? 0
    if (piece.quantity > left) add(`items.${piece.line}`, RETURN_MESSAGES.tooMany(left))
  }
  const pieces = [...merged.values()].sort((a, b) => a.line - b.line)
  if (pieces.length === 0 && Object.keys(errors).length === 0) add('items', RETURN_MESSAGES.nothing)
  const photos = ask.photos ?? 0
  if (photos > RETURN_LIMITS.photos) add('photos', RETURN_MESSAGES.tooManyPhotos)
  else if (pieces.some((p) => p.reason === 'damaged') && photos < 1) add('photos', RETURN_MESSAGES.damagedPhotos)
  // One message per field is enough to read.
  for (const field of Object.keys(errors)) errors[field] = [...new Set(errors[field])]
  if (Object.keys(errors).length > 0) throw new Invalid(errors)
  return pieces
}

/** The owner's policy as typed, checked; Invalid with a message per field. */
export function checkReturnPolicy(input: { windowDays: number; reasons: string[]; specialOnlyDamaged: boolean; sendTo: string }): ReturnPolicy {
  const errors: Record<string, string[]> = {}
  if (!Number.isInteger(input.windowDays) || input.windowDays < 0 || input.windowDays > RETURN_LIMITS.maxWindowDays) errors.windowDays = [RETURN_MESSAGES.windowDays]
  const reasons = RETURN_REASONS.filter((r) => input.reasons.includes(r))
  if (reasons.length === 0 || reasons.length !== new Set(input.reasons).size) errors.reasons = [RETURN_MESSAGES.reasons]
  const sendTo = input.sendTo.trim()
  if (sendTo.length > RETURN_LIMITS.sendToMax) errors.sendTo = [RETURN_MESSAGES.sendToTooLong]
  if (Object.keys(errors).length > 0) throw new Invalid(errors)
  return { windowDays: input.windowDays, reasons, specialOnlyDamaged: input.specialOnlyDamaged, sendTo }
}

// ---------------------------------------------------------------------------------------------
// The policy, stored

export async function readReturnPolicy(db: DB): Promise<ReturnPolicy> {
  const row = await db.selectFrom('return_settings').selectAll().where('id', '=', 1).executeTakeFirst()
  if (!row) return { ...DEFAULT_RETURN_POLICY, reasons: [...DEFAULT_RETURN_POLICY.reasons] }
  const stored = JSON.parse(row.reasons) as string[]
  return {
    windowDays: row.window_days,
    reasons: RETURN_REASONS.filter((r) => stored.includes(r)),
    specialOnlyDamaged: row.special_only_damaged === 1,
    sendTo: row.send_to,
  }
}

export async function saveReturnPolicy(db: DB, input: Parameters<typeof checkReturnPolicy>[0]): Promise<ReturnPolicy> {
  const policy = checkReturnPolicy(input)
  const values = { window_days: policy.windowDays, reasons: JSON.stringify(policy.reasons), special_only_damaged: policy.specialOnlyDamaged ? 1 : 0, send_to: policy.sendTo }
  await db
    .insertInto('return_settings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute()
  return policy
}

/** Where a shopper sends a return: the owner's words, else the studio's address on the invoices. */
export function returnAddress(policy: ReturnPolicy): string {
  if (policy.sendTo) return policy.sendTo
  const seller = domainSettings().invoice.seller
  return [seller.legalName, ...seller.address].join(', ')
}

// ---------------------------------------------------------------------------------------------
// Reading an order's returns

interface StoredItem {
  line: number
  quantity: number
  reason: ReturnReason
}

export type ReturnRow = {
  id: string
  order_id: string
  number: number
  status: ReturnStatus
  items: string
  note: string
  owner_message: string
  received_items: string
  without_pickup: number
  partial_refund_id: string | null
  created_at: string
  updated_at: string
}

function toView(row: ReturnRow, titles: string[], photos: string[] = [], exchange: ExchangeView | null = null): ReturnView {
  return {
    exchange,
    id: row.id,
    number: row.number,
    status: row.status,
    items: (JSON.parse(row.items) as StoredItem[]).map((i) => ({ ...i, title: titles[i.line] ?? '' })),
    note: row.note,
    photos,
    ownerMessage: row.owner_message,
    received: JSON.parse(row.received_items) as ReturnView['received'],
    withoutPickup: row.without_pickup === 1,
    refundId: row.partial_refund_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** The returns of these orders, oldest first, by order id. */
export async function returnsOf(db: DB, orderIds: string[]): Promise<Map<string, ReturnView[]>> {
  const byOrder = new Map<string, ReturnView[]>()
  if (orderIds.length === 0) return byOrder
  const rows = await db.selectFrom('returns').selectAll().where(inJsonList('order_id', orderIds)).orderBy('order_id').orderBy('number').execute()
  if (rows.length === 0) return byOrder
  const ids = rows.map((r) => r.id)
  const [titles, photos, exchanges, pickups] = await Promise.all([lineTitlesOf(db, rows.map((r) => r.order_id)), returnPhotosOf(db, ids), exchangesOf(db, ids), pickupsOf(db, ids)])
  for (const row of rows) {
    const view = toView(row, titles.get(row.order_id) ?? [], photos.get(row.id), exchanges.get(row.id) ?? null)
    byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), withPickup(view, pickups.get(row.id))])
  }
  return byOrder
}

/** The line titles of these orders, by order id, in line order (one query). */
async function lineTitlesOf(db: DB, orderIds: string[]): Promise<Map<string, string[]>> {
  const titles = new Map<string, string[]>()
  const ids = [...new Set(orderIds)]
  if (ids.length === 0) return titles
  const lines = await db.selectFrom('order_lines').select(['order_id', 'title']).where(inJsonList('order_id', ids)).orderBy('id').execute()
  for (const line of lines) titles.set(line.order_id, [...(titles.get(line.order_id) ?? []), line.title])
  return titles
}

export const RETURNS_PAGE_SIZE = 20

function isReturnFilter(value: string | null | undefined): value is ReturnFilter {
  return (RETURN_FILTERS as readonly string[]).includes(value ?? '')
}

/**
 * The owner's list (page and /api): every return or those of a filter ('open': requested, approved or
 * received; else one state; anything else: all), newest first, a page at a time, each with its order and shopper.
 */
export async function listReturns(
  db: DB,
  options: { status?: string | null; page?: number; pageSize?: number } = {},
): Promise<{ items: AdminReturnView[]; total: number; page: number; pageCount: number; status: ReturnFilter | null }> {
  const status = isReturnFilter(options.status) ? options.status : null
  let query = db.selectFrom('returns').innerJoin('orders', 'orders.id', 'returns.order_id')
  if (status === 'open') query = query.where('returns.status', 'in', [...OPEN_RETURN_STATUSES])
  else if (status) query = query.where('returns.status', '=', status)
  const { items, total, page, pageCount } = await readPage(
    query,
    (matching) =>
      matching
        .selectAll('returns')
        .select(['orders.number as order_number', 'orders.user_name', 'orders.email'])
        .orderBy('returns.created_at', 'desc')
        .orderBy('returns.id', 'desc'),
    { page: options.page, pageSize: options.pageSize ?? RETURNS_PAGE_SIZE },
  )
  const titles = await lineTitlesOf(
    db,
    items.map((r) => r.order_id),
  )
  const photos = await returnPhotosOf(
    db,
    items.map((r) => r.id),
  )
  return {
    items: items.map((row) => ({
      ...toView(row, titles.get(row.order_id) ?? [], photos.get(row.id)),
      orderId: row.order_id,
      orderNumber: row.order_number,
      shopper: { name: row.user_name, email: row.email },
    })),
    total,
    page,
    pageCount,
    status,
  }
}

/** Returns waiting for the owner's move (requested: approve or decline; received: refund), for the dashboard. */
export async function countWaitingReturns(db: DB): Promise<Record<'requested' | 'received', number>> {
  const rows = await db
    .selectFrom('returns')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('status', 'in', [...WAITING_RETURN_STATUSES])
    .groupBy('status')
    .execute()
  const counts = { requested: 0, received: 0 }
  for (const row of rows) if (row.status === 'requested' || row.status === 'received') counts[row.status] = Number(row.n)
  return counts
}

/** When the order was delivered (its first move to delivered), or null. */
async function deliveredAt(db: DB, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom('order_status_history')
    .select('changed_at')
    .where('order_id', '=', orderId)
    .where('status', '=', 'delivered')
    .orderBy('id')
    .executeTakeFirst()
  return row?.changed_at ?? null
}

/** Pieces per line that returns not declined and not yet refunded hold (a refunded one counts through its refund). */
async function heldUnits(db: DB, orderId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('returns')
    .select('items')
    .where('order_id', '=', orderId)
    // An exchange (ADR 105) keeps its pieces once closed: no refund of pieces counts them.
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['requested', 'approved', 'received']),
        eb.and([eb('status', '=', 'refunded'), eb('id', 'in', eb.selectFrom('return_exchanges').select('return_id').where('order_id', '=', orderId))]),
      ]),
    )
    .execute()
  const units: number[] = []
  for (const row of rows) for (const item of JSON.parse(row.items) as StoredItem[]) units[item.line] = (units[item.line] ?? 0) + item.quantity
  return units
}

async function orderLinesOf(db: DB, orderId: string) {
  const lines = await db
    .selectFrom('order_lines')
    .leftJoin('products', 'products.id', 'order_lines.product_id')
    .select([
      'order_lines.product_id',
      'order_lines.title',
      'order_lines.variety_name',
      'order_lines.option2',
      'order_lines.color',
      'order_lines.quantity',
      'order_lines.personalization',
      'products.made_to_order_days',
    ])
    .where('order_lines.order_id', '=', orderId)
    .orderBy('order_lines.id')
    .execute()
  const productIds = [...new Set(lines.map((l) => l.product_id))]
  const varieties = productIds.length
    ? await db.selectFrom('product_varieties').select(['product_id', 'name', 'made_to_order_days']).where('product_id', 'in', productIds).execute()
    : []
  return lines.map((l) => {
    const own = varieties.find((v) => v.product_id === l.product_id && v.name === l.variety_name)?.made_to_order_days
    const days = own ?? l.made_to_order_days ?? 0
    const personalised = l.personalization !== '' && l.personalization !== '{}'
    return { ...l, special: personalised || days > 0 }
  })
}

/** What the shopper may still return of an order, or why not. */
export interface ReturnableOrder {
  policy: ReturnPolicy
  /** null: the order may not be returned; the reason is `refusal`. */
  refusal: string | null
  /** Why not, as a code: the order is not (yet) delivered and paid, or its window closed. */
  refusedFor: 'notDelivered' | 'windowClosed' | null
  windowEndsAt: string | null
  lines: { line: number; title: string; choice: string; piecesLeft: number; special: boolean }[]
  sendTo: string
}

export async function returnableOf(db: DB, orderId: string, now = new Date()): Promise<ReturnableOrder> {
  const policy = await readReturnPolicy(db)
  const order = await db.selectFrom('orders').select(['order_status', 'payment_status']).where('id', '=', orderId).executeTakeFirst()
  if (!order) throw new NotFound(ORDER_MESSAGES.notFound)
  const delivered = order.order_status === 'delivered' ? await deliveredAt(db, orderId) : null
  const lines = await orderLinesOf(db, orderId)
  const so = await refundedSoFar(db, orderId, lines.length)
  const left = piecesLeftToReturn(
    lines.map((l) => l.quantity),
    so.units,
    await heldUnits(db, orderId),
  )
  const refusedFor =
    !delivered || order.payment_status !== 'paid' ? 'notDelivered' : !withinReturnWindow(delivered, policy.windowDays, now) ? 'windowClosed' : null
  const refusal = refusedFor === 'notDelivered' ? RETURN_MESSAGES.notDelivered : refusedFor === 'windowClosed' ? RETURN_MESSAGES.windowClosed(policy.windowDays) : null
  return {
    policy,
    refusal,
    refusedFor,
    windowEndsAt: delivered ? returnWindowEnd(delivered, policy.windowDays).toISOString() : null,
    lines: lines.map((l, line) => ({
      line,
      title: l.title,
      choice: [l.variety_name, l.option2, l.color].filter(Boolean).join(' · '),
      piecesLeft: left[line] ?? 0,
      special: l.special,
    })),
    sendTo: returnAddress(policy),
  }
}

// ---------------------------------------------------------------------------------------------
// Moves

/**
 * The ask's pieces if it would be accepted now, or Invalid as requestReturn's: read only, so that an
 * adapter spends no image work on an ask the domain refuses (requestReturn checks again, locked).
 */
export async function checkReturnRequest(db: DB, orderId: string, ask: ReturnAsk, now = new Date()) {
  const returnable = await returnableOf(db, orderId, now)
  if (returnable.refusal) throw new Invalid({ form: [returnable.refusal] })
  const pieces = checkReturnAsk(
    returnable.policy,
    returnable.lines.map((l) => ({ left: l.piecesLeft, special: l.special })),
    ask,
  )
  return { returnable, pieces }
}

/**
 * The shopper asks to return pieces of her delivered order (the caller checked it is hers), with her
 * photos of the damage, prepared and not yet stored: they are stored with the return, in its
 * transaction, so nothing is written for an ask refused here (ADR 101).
 */
export async function requestReturn(
  db: DB,
  orderId: string,
  ask: { items: ReturnAskItem[]; note: string; photos?: readonly PreparedImage[] },
  now = new Date(),
  /** Runs in the ask's transaction once the return is written (an exchange's row, ADR 105). */
  within?: (trx: Trx, returnId: string, pieces: { line: number; quantity: number }[]) => Promise<void>,
): Promise<ReturnView> {
  const photos = ask.photos ?? []
  const id = await db.transaction().execute(async (trx) => {
    // Two asks for one order (or an ask and a refund) take turns on the order's row.
    await lockRows(trx, 'orders', [orderId])
    const { returnable, pieces } = await checkReturnRequest(trx, orderId, { items: ask.items, note: ask.note, photos: photos.length }, now)
    const last = await trx.selectFrom('returns').select('number').where('order_id', '=', orderId).orderBy('number', 'desc').executeTakeFirst()
    const id = newId()
    const at = now.toISOString()
    await trx
      .insertInto('returns')
      .values({ id, order_id: orderId, number: (last?.number ?? 0) + 1, status: 'requested', items: JSON.stringify(pieces), note: ask.note.trim(), created_at: at, updated_at: at })
      .execute()
    await storeReturnPhotos(trx, id, photos)
    await within?.(trx, id, pieces)
    await history(trx, orderId, `Return ${(last?.number ?? 0) + 1} requested: ${piecesWords(pieces, returnable.lines.map((l) => l.title))}`, null, at)
    return id
  })
  return readReturn(db, id)
}

export async function readReturn(db: DB, returnId: string): Promise<ReturnView> {
  const row = await db.selectFrom('returns').selectAll().where('id', '=', returnId).executeTakeFirst()
  if (!row) throw new NotFound(RETURN_MESSAGES.notFound)
  const [view] = (await returnsOf(db, [row.order_id])).get(row.order_id)?.filter((r) => r.id === returnId) ?? []
  if (!view) throw new NotFound(RETURN_MESSAGES.notFound)
  return view
}

function piecesWords(pieces: { line: number; quantity: number }[], titles: string[]): string {
  return pieces.map((p) => `${p.quantity} × ${titles[p.line] ?? 'piece'}`).join(', ')
}

async function history(trx: DB, orderId: string, note: string, adminId: string | null, at: string) {
  const order = await trx.selectFrom('orders').select('order_status').where('id', '=', orderId).executeTakeFirstOrThrow()
  await trx.insertInto('order_status_history').values({ order_id: orderId, status: order.order_status, note, changed_by: adminId, changed_at: at }).execute()
}

/** Locks the return's order and reads the return, checked to belong to `orderId`. */
async function lockedReturn(trx: Trx, orderId: string, returnId: string): Promise<ReturnRow> {
  await lockRows(trx, 'orders', [orderId])
  const row = await trx.selectFrom('returns').selectAll().where('id', '=', returnId).where('order_id', '=', orderId).executeTakeFirst()
  if (!row) throw new NotFound(RETURN_MESSAGES.notFound)
  return row
}

/** Queues the shopper's mail about the return (its dedupe key: `return-<kind>:<id>` unless given; ADR 104's pickup mail gives its own). */
export async function mailShopper(
  trx: DB,
  row: ReturnRow,
  kind: ReturnMailKind,
  extra: { ownerMessage?: string; sendTo?: string | null; amount?: string; pickup?: ReturnMailFacts['pickup']; dedupeKey?: string } = {},
) {
  const order = await loadMailOrder(trx, row.order_id)
  if (!order) return
  const items = JSON.parse(row.items) as StoredItem[]
  await enqueueMail(trx, {
    kind: `return-${kind}`,
    to: order.email,
    dedupeKey: extra.dedupeKey ?? `return-${kind}:${row.id}`,
    ...returnMail(domainSettings().mail, order, kind, {
      returnNumber: row.number,
      pieces: items.map((i) => `${i.quantity} × ${order.lines[i.line]?.title ?? 'piece'}`),
      ownerMessage: extra.ownerMessage ?? row.owner_message,
      sendTo: extra.sendTo ?? null,
      amount: extra.amount,
      pickup: extra.pickup ?? null,
    }),
  })
}

function checkMessage(message: string, required: boolean): string {
  const words = message.trim()
  if (required && !words) throw new Invalid({ message: [RETURN_MESSAGES.declineMessage] })
  if (words.length > RETURN_LIMITS.messageMax) throw new Invalid({ message: [RETURN_MESSAGES.messageTooLong] })
  return words
}

/**
 * The owner approves (the mail tells where to send the parcel) or declines (a message is required).
 * `pickupIntent` (ADR 104, return-pickups.server.ts) writes a courier pickup's intent in the approval's
 * transaction; when it does, the approved mail waits for the booking's outcome (it names the courier).
 */
export async function decideReturn(
  db: DB,
  orderId: string,
  returnId: string,
  decision: { approve: boolean; message: string; pickupIntent?: (trx: Trx, row: ReturnRow) => Promise<boolean> },
  adminId: string | null,
  now = new Date(),
): Promise<ReturnView> {
  const message = checkMessage(decision.message, !decision.approve)
  await db.transaction().execute(async (trx) => {
    const row = await lockedReturn(trx, orderId, returnId)
    const to = nextReturnStatus(row.status, decision.approve ? 'approve' : 'decline')
    const at = now.toISOString()
    if (to === 'approved') await holdExchangeStock(trx, returnId, at)
    await trx.updateTable('returns').set({ status: to, owner_message: message, updated_at: at }).where('id', '=', returnId).execute()
    await history(trx, orderId, `Return ${row.number} ${to}${message ? `: ${message}` : ''}`, adminId, at)
    if (decision.approve && decision.pickupIntent && (await decision.pickupIntent(trx, row))) return
    const sendTo = decision.approve ? returnAddress(await readReturnPolicy(trx)) : null
    await mailShopper(trx, row, decision.approve ? 'approved' : 'declined', { ownerMessage: message, sendTo })
  })
  return readReturn(db, returnId)
}

/**
 * The owner closes an approved return whose parcel never came back (a message is required): it ends
 * declined, its pieces are the shopper's again (no refund), an exchange's held piece goes back on the
 * shelf, and the shopper is mailed the owner's words. Twice: the table refuses the second.
 */
export async function closeReturn(db: DB, orderId: string, returnId: string, message: string, adminId: string | null, now = new Date()): Promise<ReturnView> {
  const words = message.trim()
  if (!words) throw new Invalid({ message: [RETURN_MESSAGES.closeMessage] })
  const checked = checkMessage(words, true)
  await db.transaction().execute(async (trx) => {
    const row = await lockedReturn(trx, orderId, returnId)
    const to = nextReturnStatus(row.status, 'close')
    const at = now.toISOString()
    await releaseExchangeStock(trx, returnId, at)
    await trx.updateTable('returns').set({ status: to, owner_message: checked, updated_at: at }).where('id', '=', returnId).execute()
    await history(trx, orderId, `Return ${row.number} closed: ${checked}`, adminId, at)
    await mailShopper(trx, row, 'declined', { ownerMessage: checked, sendTo: null })
  })
  return readReturn(db, returnId)
}

/** The owner checks the parcel in: each line goes back on the shelf (restock) or is written off. */
export async function receiveReturn(db: DB, orderId: string, returnId: string, restock: Record<number, boolean>, adminId: string | null, now = new Date()): Promise<ReturnView> {
  await db.transaction().execute(async (trx) => {
    const row = await lockedReturn(trx, orderId, returnId)
    nextReturnStatus(row.status, 'receive')
    const at = now.toISOString()
    const items = JSON.parse(row.items) as StoredItem[]
    const received = items.map((i) => ({ line: i.line, quantity: i.quantity, restock: restock[i.line] === true }))
    await shelveReceived(trx, orderId, received, at, `Return ${row.number}`)
    await trx.updateTable('returns').set({ status: 'received', received_items: JSON.stringify(received), updated_at: at }).where('id', '=', returnId).execute()
    const kept = received.filter((r) => r.restock).length
    await history(trx, orderId, `Return ${row.number} received (${kept} of ${received.length} lines back in stock)`, adminId, at)
    await mailShopper(trx, row, 'received')
  })
  return readReturn(db, returnId)
}

/** The refund's words the shopper reads: which return, and why. */
export function returnRefundReason(number: number, reasons: ReturnReason[]): string {
  return `Return ${number}: ${[...new Set(reasons)].map((r) => RETURN_REASON_LABELS[r]).join(', ')}`
}

/** The receipt key of a return's refund: one per return, whatever the taps. */
export function returnRefundKey(returnId: string): string {
  return `ret_${returnId}`
}

/**
 * Refunds a received return (or an approved one of damaged pieces, `withoutPickup`) through
 * decidePartialRefund under the return's own key, then moves it to refunded. Run twice, or again
 * after a crash between the two steps, it finds the same refund: the money moves once.
 * `afterDecision` is for tests (a kill between the steps).
 */
export async function refundReturn(
  db: DB,
  orderId: string,
  returnId: string,
  options: { withoutPickup?: boolean; adminId: string | null; now?: Date; afterDecision?: () => Promise<void> },
): Promise<{ ret: ReturnView; refund: PartialRefundView; created: boolean }> {
  const now = options.now ?? new Date()
  const row = await db.selectFrom('returns').selectAll().where('id', '=', returnId).where('order_id', '=', orderId).executeTakeFirst()
  if (!row) throw new NotFound(RETURN_MESSAGES.notFound)
  if (await exchangeRowOf(db, returnId)) throw new Invalid({ form: [EXCHANGE_MESSAGES.settleInstead] })
  const items = JSON.parse(row.items) as StoredItem[]
  if (row.status !== 'refunded') {
    if (options.withoutPickup) {
      nextReturnStatus(row.status, 'refundWithoutPickup')
      if (!items.every((i) => i.reason === 'damaged')) throw new Invalid({ form: [RETURN_MESSAGES.noPickupRefused] })
      if (!(await hasReturnPhotos(db, returnId))) throw new Invalid({ form: [RETURN_MESSAGES.noPickupNeedsPhotos] })
    } else nextReturnStatus(row.status, 'refund')
  }
  const { refund, created } = await decidePartialRefund(
    db,
    orderId,
    {
      key: returnRefundKey(returnId),
      ask: { items: items.map((i) => ({ line: i.line, quantity: i.quantity })), includeDelivery: false },
      reason: returnRefundReason(row.number, items.map((i) => i.reason)),
      // The shelf was settled when the parcel was received (or the pieces never came back).
      restock: false,
    },
    options.adminId,
  )
  await options.afterDecision?.()
  await db.transaction().execute(async (trx) => {
    const locked = await lockedReturn(trx, orderId, returnId)
    if (locked.status === 'refunded') return
    const at = now.toISOString()
    const withoutPickup = locked.status === 'approved'
    await trx
      .updateTable('returns')
      .set({ status: 'refunded', partial_refund_id: refund.id, without_pickup: withoutPickup ? 1 : 0, updated_at: at })
      .where('id', '=', returnId)
      .execute()
    await history(trx, orderId, `Return ${locked.number} refunded (${formatPaise(refund.amountPaise)})${withoutPickup ? ' without receiving it' : ''}`, options.adminId, at)
    await mailShopper(trx, locked, 'refunded', { amount: formatPaise(refund.amountPaise) })
  })
  return { ret: await readReturn(db, returnId), refund, created }
}

/** The order a return belongs to; NotFound for an unknown return. */
export async function orderOfReturn(db: DB, returnId: string): Promise<string> {
  const row = await db.selectFrom('returns').select('order_id').where('id', '=', returnId).executeTakeFirst()
  if (!row) throw new NotFound(RETURN_MESSAGES.notFound)
  return row.order_id
}

/**
 * One owner's move by the return's id alone (POST /api/admin/orders/return/:returnId): the state
 * table decides (Invalid under `form` for a move it refuses), each move as the admin order page's.
 * A refund goes through refundReturn under the return's own key: the same refund however many calls.
 */
export async function moveReturn(
  db: DB,
  returnId: string,
  move: { action: ReturnAction; message: string; restock: Record<number, boolean> },
  adminId: string | null,
): Promise<{ ret: ReturnView; orderId: string; refund: { id: string; created: boolean } | null }> {
  const orderId = await orderOfReturn(db, returnId)
  switch (move.action) {
    case 'approve':
    case 'decline':
      return { ret: await decideReturn(db, orderId, returnId, { approve: move.action === 'approve', message: move.message }, adminId), orderId, refund: null }
    case 'receive':
      return { ret: await receiveReturn(db, orderId, returnId, move.restock, adminId), orderId, refund: null }
    case 'close':
      return { ret: await closeReturn(db, orderId, returnId, move.message, adminId), orderId, refund: null }
    case 'refund':
    case 'refundWithoutPickup': {
      const done = await refundReturn(db, orderId, returnId, { adminId, withoutPickup: move.action === 'refundWithoutPickup' })
      return { ret: done.ret, orderId, refund: { id: done.refund.id, created: done.created } }
    }
  }
}
