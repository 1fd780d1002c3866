// A custom order's quote (ADR 088): the owner sends it (a message, the price, the dispatch day, an
// advance, an expiry) with a signed link in its mail; the shopper accepts it (giving the delivery
// address) or declines it with a reason, signed in from Account or through that link, while it stands.
// Paying an accepted quote is quote-payments.server.ts's.
import type { Selectable } from 'kysely'
import type { DB } from '../../../db/database'
import type { CustomRequestsTable } from '../../../db/schema'
import { CUSTOM_ORDER_MESSAGES, QUOTE_LIMITS, QUOTE_MESSAGES, type QuoteState, splitAdvance } from '~/lib/custom-orders'
import { indiaDay } from '~/lib/dates'
import type { AddressInput } from '~/schemas/address'
import type { CustomQuoteInput } from '~/schemas/custom-order'
import { quoteSentMail } from '~/mail/custom-quote-mails.server'
import { clock } from '~/domain/clock'
import { Forbidden, Invalid, NotFound } from '~/domain/errors'
import { enqueueMail } from '~/domain/messaging/mail.server'
import { domainSettings } from '~/domain/settings.server'
import { CustomOrderMoveRefused } from './custom-orders.server'
import { type QuoteLink, signQuoteLink, spendQuoteLink } from './quote-links.server'

const DAY_MS = 24 * 60 * 60 * 1000

type RequestRow = Selectable<CustomRequestsTable>

/** The quote as the shopper and the owner read it. */
export interface QuoteView {
  state: QuoteState
  message: string
  pricePaise: number | null
  dispatchBy: string | null
  advancePercent: number
  advancePaise: number
  balancePaise: number
  expiresAt: string | null
  declinedBy: 'studio' | 'shopper' | null
  declineReason: string
  orderId: string | null
  /** Why it cannot be answered any more, in the shopper's words; '' while it can. */
  says: string
}

/** Where the quote stands: an expired quote stays 'quoted' in the database and reads 'expired'. */
export function quoteStateOf(row: Pick<RequestRow, 'status' | 'quote_expires_at' | 'order_id' | 'quoted_paise'>, now: Date): QuoteState {
  if (row.order_id) return 'paid'
  if (row.status === 'declined') return 'declined'
  if (row.status === 'accepted' || row.status === 'done') return 'accepted'
  if (row.status === 'quoted' && row.quoted_paise !== null) {
    return row.quote_expires_at && Date.parse(row.quote_expires_at) <= now.getTime() ? 'expired' : 'open'
  }
  return 'none'
}

export function quoteViewOf(row: RequestRow, now: Date = clock.now()): QuoteView {
  const state = quoteStateOf(row, now)
  const price = row.quoted_paise === null ? null : Number(row.quoted_paise)
  const { advancePaise, balancePaise } = splitAdvance(price ?? 0, Number(row.advance_percent))
  const declinedBy = row.declined_by === 'studio' || row.declined_by === 'shopper' ? row.declined_by : null
  const says =
    state === 'expired'
      ? QUOTE_MESSAGES.expired
      : state === 'declined'
        ? declinedBy === 'shopper'
          ? QUOTE_MESSAGES.declinedByShopper(row.decline_reason)
          : QUOTE_MESSAGES.declinedByStudio
        : ''
  return {
    state,
    message: row.quote_message,
    pricePaise: price,
    dispatchBy: row.quote_dispatch_by,
    advancePercent: Number(row.advance_percent),
    advancePaise,
    balancePaise,
    expiresAt: row.quote_expires_at,
    declinedBy,
    declineReason: row.decline_reason,
    orderId: row.order_id,
    says,
  }
}

async function readRequest(db: DB, id: number): Promise<RequestRow> {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFound(CUSTOM_ORDER_MESSAGES.notFound)
  const row = await db.selectFrom('custom_requests').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new NotFound(CUSTOM_ORDER_MESSAGES.notFound)
  return row
}

/** The request and its quote, for a page that holds its signed link or its shopper. */
export async function readQuote(db: DB, id: number, now: Date = clock.now()): Promise<{ request: RequestRow; quote: QuoteView }> {
  const request = await readRequest(db, id)
  return { request, quote: quoteViewOf(request, now) }
}

/**
 * The owner sends (or sends again) a quote for a new or quoted request: it stands `expiresInDays`
 * from now, and its mail carries a signed link to `answerPath(token)` valid as long. A new quote
 * makes older links void (they name the quote they were made for).
 */
export async function sendQuote(
  db: DB,
  id: number,
  input: CustomQuoteInput,
  options: { linkSecret: string; answerPath: (token: string) => string },
  now: Date = clock.now(),
): Promise<{ expiresAt: string }> {
  if (input.dispatchBy <= indiaDay(now)) throw new Invalid({ dispatchBy: ['The expected dispatch date must be in the future'] })
  return db.transaction().execute(async (trx) => {
    const row = await readRequest(trx, id)
    if (row.status !== 'new' && row.status !== 'quoted') throw new CustomOrderMoveRefused(row.status, 'quoted')
    const quotedAt = now.toISOString()
    const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString()
    const moved = await trx
      .updateTable('custom_requests')
      .set({
        status: 'quoted',
        quoted_paise: input.price,
        quote_message: input.message,
        quote_dispatch_by: input.dispatchBy,
        advance_percent: input.advancePercent,
        quoted_at: quotedAt,
        quote_expires_at: expiresAt,
        updated_at: quotedAt,
      })
      .where('id', '=', id)
      .where('status', '=', row.status)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) === 0) throw new CustomOrderMoveRefused(row.status, 'quoted')
    const token = signQuoteLink(options.linkSecret, { requestId: id, quotedAtMs: now.getTime(), expiresAt: Math.floor(Date.parse(expiresAt) / 1000) })
    const settings = domainSettings().mail
    const { advancePaise } = splitAdvance(input.price, input.advancePercent)
    await enqueueMail(trx, {
      kind: 'custom-quote-sent',
      to: row.email,
      dedupeKey: `custom-quote-sent:${id}:${quotedAt}`,
      ...quoteSentMail(settings, {
        id,
        name: row.name,
        description: row.description,
        message: input.message,
        pricePaise: input.price,
        dispatchBy: input.dispatchBy,
        advancePaise,
        expiresAt,
        answerUrl: `${settings.publicUrl}${options.answerPath(token)}`,
      }),
    })
    return { expiresAt }
  })
}

/** Who answers a quote: the signed-in shopper, or whoever holds the quote mail's signed link. */
export type QuoteAnswerer = { userId: string } | { link: QuoteLink }

/** The answerer may answer this request (her own, or one sent with her account's email; or the link for this quote). */
async function checkAnswerer(db: DB, row: RequestRow, by: QuoteAnswerer): Promise<void> {
  if ('link' in by) {
    if (by.link.requestId !== row.id || !row.quoted_at || by.link.quotedAtMs !== Date.parse(row.quoted_at)) {
      throw new Invalid({ token: [QUOTE_MESSAGES.linkInvalid] }, QUOTE_MESSAGES.linkInvalid)
    }
    return
  }
  if (row.user_id === by.userId) return
  if (row.user_id === null && (await accountOf(db, row.email)) === by.userId) return
  throw new Forbidden(CUSTOM_ORDER_MESSAGES.notFound)
}

/** The account the order of a request goes to: the one that sent it, else the one with its email. */
async function accountOf(db: DB, email: string): Promise<string | null> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
  return user?.id ?? null
}

function refuseUnlessOpen(row: RequestRow, now: Date): void {
  const state = quoteStateOf(row, now)
  if (state === 'expired') throw new Invalid({ quote: [QUOTE_MESSAGES.expired] }, QUOTE_MESSAGES.expired)
  if (state !== 'open') throw new Invalid({ quote: [QUOTE_MESSAGES.notOpen] }, QUOTE_MESSAGES.notOpen)
}

/**
 * The shopper accepts an open quote with the address to deliver to; the request becomes 'accepted'
 * and belongs to her account (an account must exist for its email: the order is kept there). A
 * signed link is used up with it.
 */
export async function acceptQuote(db: DB, id: number, by: QuoteAnswerer, address: AddressInput, now: Date = clock.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await readRequest(trx, id)
    await checkAnswerer(trx, row, by)
    refuseUnlessOpen(row, now)
    const userId = row.user_id ?? (await accountOf(trx, row.email))
    if (!userId) throw new Invalid({ quote: [QUOTE_MESSAGES.noAccount(row.email)] }, QUOTE_MESSAGES.noAccount(row.email))
    if ('link' in by) await spendQuoteLink(trx, by.link)
    const moved = await trx
      .updateTable('custom_requests')
      .set({ status: 'accepted', user_id: userId, delivery_address: JSON.stringify(address), updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'quoted')
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) === 0) throw new Invalid({ quote: [QUOTE_MESSAGES.notOpen] }, QUOTE_MESSAGES.notOpen)
  })
}

/** The shopper declines an open quote with her reason (the owner reads it on the request). */
export async function declineQuote(db: DB, id: number, by: QuoteAnswerer, reason: string, now: Date = clock.now()): Promise<void> {
  const trimmed = reason.trim().slice(0, QUOTE_LIMITS.declineReason)
  if (!trimmed) throw new Invalid({ reason: [QUOTE_MESSAGES.reasonNeeded] })
  await db.transaction().execute(async (trx) => {
    const row = await readRequest(trx, id)
    await checkAnswerer(trx, row, by)
    refuseUnlessOpen(row, now)
    if ('link' in by) await spendQuoteLink(trx, by.link)
    const moved = await trx
      .updateTable('custom_requests')
      .set({ status: 'declined', declined_by: 'shopper', decline_reason: trimmed, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'quoted')
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) === 0) throw new Invalid({ quote: [QUOTE_MESSAGES.notOpen] }, QUOTE_MESSAGES.notOpen)
  })
}
