// The signed link in a quote mail (ADR 088): it lets whoever holds it accept or decline that one
// quote without a password, once, until it lapses. HMAC-SHA256 over the request, the quote it was
// made for (a new quote makes older links void), the expiry and a nonce; the key is derived from the
// session secret by the adapter. A use is a row keyed by the nonce, written with the answer.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { DB } from '../../../db/database'
import { isUniqueViolation } from '../../../db/dialect'
import { QUOTE_MESSAGES } from '~/lib/custom-orders'
import { Invalid } from '~/domain/errors'

export interface QuoteLink {
  requestId: number
  /** The quote's quoted_at, in milliseconds: the link is for that quote only. */
  quotedAtMs: number
  /** When the link lapses, in seconds since 1970. */
  expiresAt: number
  nonce: string
}

/** Why a link is refused; the page shows QUOTE_MESSAGES' words. */
export class QuoteLinkRefused extends Invalid {
  constructor(readonly reason: 'invalid' | 'expired' | 'used') {
    const message = reason === 'expired' ? QUOTE_MESSAGES.linkExpired : reason === 'used' ? QUOTE_MESSAGES.linkUsed : QUOTE_MESSAGES.linkInvalid
    super({ token: [message] }, message)
  }
}

function mac(secret: string, link: QuoteLink): string {
  return createHmac('sha256', secret).update(`custom-quote|${link.requestId}|${link.quotedAtMs}|${link.expiresAt}|${link.nonce}`).digest('base64url')
}

/** A new link's token for this quote: `id.quotedAt.expires.nonce.mac`, safe in a URL. */
export function signQuoteLink(secret: string, link: Omit<QuoteLink, 'nonce'>): string {
  const full: QuoteLink = { ...link, nonce: randomBytes(12).toString('base64url') }
  return [full.requestId, full.quotedAtMs, full.expiresAt, full.nonce, mac(secret, full)].join('.')
}

/** The link a token names, when its signature holds and it has not lapsed; QuoteLinkRefused else. Does not look at its use. */
export function readQuoteLink(secret: string, token: string, now: Date): QuoteLink {
  const parts = String(token).split('.')
  if (parts.length !== 5 || token.length > 200) throw new QuoteLinkRefused('invalid')
  const [id, quotedAt, expires, nonce, given] = parts as [string, string, string, string, string]
  if (!/^\d{1,12}$/.test(id) || !/^\d{1,15}$/.test(quotedAt) || !/^\d{1,12}$/.test(expires) || !/^[\w-]{8,40}$/.test(nonce)) {
    throw new QuoteLinkRefused('invalid')
  }
  const link: QuoteLink = { requestId: Number(id), quotedAtMs: Number(quotedAt), expiresAt: Number(expires), nonce }
  const expected = Buffer.from(mac(secret, link))
  const actual = Buffer.from(given)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new QuoteLinkRefused('invalid')
  if (link.expiresAt * 1000 <= now.getTime()) throw new QuoteLinkRefused('expired')
  return link
}

/** Whether the link was used already. */
export async function quoteLinkUsed(db: DB, link: QuoteLink): Promise<boolean> {
  return Boolean(await db.selectFrom('custom_quote_link_uses').select('nonce').where('nonce', '=', link.nonce).executeTakeFirst())
}

/** Marks the link used, in the transaction of the answer it gave: a second use is refused. */
export async function spendQuoteLink(trx: DB, link: QuoteLink): Promise<void> {
  try {
    await trx.insertInto('custom_quote_link_uses').values({ nonce: link.nonce, request_id: link.requestId }).execute()
  } catch (error) {
    if (isUniqueViolation(error)) throw new QuoteLinkRefused('used')
    throw error
  }
}
