// What a partial refund gives back, line by line (ADR 087). Pure: the domain reads the order and the
// refunds made, this works out the money. A line gives back what was actually paid for it (its price
// less its share of the discount, ADR 073), unit by unit in cumulative shares so the units of a line
// add up to exactly what the line paid; an amount is spread over what is left of every line and the
// delivery by largest remainder. Portions are aligned with the invoice's lines: the order's lines in
// order, then the delivery.
import { formatPaise } from './money'

/** A refund is at least ₹1 (Razorpay's minimum). */
export const MIN_REFUND_PAISE = 100
export const REFUND_REASON_MAX = 300

export const PARTIAL_REFUND_MESSAGES = {
  notPaid: 'Only a paid order can be refunded.',
  refundedInFull: 'This order is already being refunded in full.',
  nothing: 'Choose the pieces to refund, or an amount.',
  both: 'Refund pieces or an amount, not both.',
  unknownLine: 'That piece is not in this order.',
  tooMany: (left: number) => (left === 0 ? 'This piece has been refunded already.' : `At most ${left} of this piece can still be refunded.`),
  heldByReturn: (left: number) => `At most ${left} of this piece can be refunded by hand: a shopper's open return holds the rest (refund it from the return).`,
  tooMuch: (left: number) => `At most ${formatPaise(left)} can still be refunded.`,
  tooLittle: `A refund is at least ${formatPaise(MIN_REFUND_PAISE)}.`,
  reason: 'Please tell the shopper why you are refunding.',
  reasonTooLong: `Please keep the reason to ${REFUND_REASON_MAX} characters.`,
  keyReused: 'This refund form was already used for another order: reload the page.',
  issued: (amountPaise: number) => `Refund of ${formatPaise(amountPaise)} issued.`,
} as const

/** A line as paid: what it cost in all (after its discount share) and how many pieces. */
export interface ShareLine {
  grossPaise: number
  quantity: number
}

/** What the owner asks back: pieces of lines (with the delivery or not), or an amount. */
export type RefundAsk = { items: { line: number; quantity: number }[]; includeDelivery: boolean } | { amountPaise: number }

/** What earlier refunds (not failed) took: their portions summed, and pieces per line. */
export interface RefundedSoFar {
  portions: number[]
  units: number[]
}

export interface RefundShare {
  amountPaise: number
  /** Per invoice line (the order's lines, then the delivery): what this refund gives back of it. */
  portions: number[]
  /** Pieces per order line this refund gives back (0 for an amount). */
  units: number[]
}

/** A refusal, with the field it belongs to ('items.<line>', 'amount', 'form'). */
export class ShareRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

/** What `units` of a line of `quantity` pieces paid in all: floor of the share, the whole line for all of them. */
export function unitsShare(line: ShareLine, units: number): number {
  if (units >= line.quantity) return line.grossPaise
  return Number((BigInt(line.grossPaise) * BigInt(units)) / BigInt(line.quantity))
}

/** Nothing refunded yet, for an order of these lines. */
export function nothingRefunded(lineCount: number): RefundedSoFar {
  return { portions: new Array(lineCount + 1).fill(0), units: new Array(lineCount).fill(0) }
}

/** Adds a refund's share to what was refunded before. */
export function addShare(so: RefundedSoFar, share: { portions: readonly number[]; units: readonly number[] }): RefundedSoFar {
  return {
    portions: so.portions.map((p, i) => p + (share.portions[i] ?? 0)),
    units: so.units.map((u, i) => u + (share.units[i] ?? 0)),
  }
}

/** Splits `amount` over `weights` in proportion, by largest remainder (ties to the earlier). */
export function spreadByWeight(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0)
  if (total === 0) return weights.map(() => 0)
  const exact = weights.map((w) => BigInt(amount) * BigInt(w))
  const parts = exact.map((e) => Number(e / BigInt(total)))
  let left = amount - parts.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => ({ i, rest: Number(e % BigInt(total)) })).sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of order) {
    if (left === 0) break
    parts[i] = (parts[i] ?? 0) + 1
    left -= 1
  }
  return parts
}

/**
 * The share of a new refund, or ShareRefused: never more pieces than a line has left, never more
 * money than is left of the order (the lines' and the delivery's), never less than ₹1.
 */
export function refundShare(lines: readonly ShareLine[], deliveryFeePaise: number, so: RefundedSoFar, ask: RefundAsk): RefundShare {
  const gross = [...lines.map((l) => l.grossPaise), deliveryFeePaise]
  const left = gross.map((g, i) => g - (so.portions[i] ?? 0))
  const leftTotal = left.reduce((a, b) => a + b, 0)
  const portions = new Array(gross.length).fill(0)
  const units = new Array(lines.length).fill(0)
  if ('amountPaise' in ask) {
    if (!Number.isSafeInteger(ask.amountPaise) || ask.amountPaise <= 0) throw new ShareRefused('amount', PARTIAL_REFUND_MESSAGES.nothing)
    if (ask.amountPaise > leftTotal) throw new ShareRefused('amount', PARTIAL_REFUND_MESSAGES.tooMuch(leftTotal))
    if (ask.amountPaise < MIN_REFUND_PAISE) throw new ShareRefused('amount', PARTIAL_REFUND_MESSAGES.tooLittle)
    const spread = spreadByWeight(ask.amountPaise, left)
    return { amountPaise: ask.amountPaise, portions: spread, units }
  }
  for (const item of ask.items) {
    const line = lines[item.line]
    if (!line || !Number.isSafeInteger(item.line)) throw new ShareRefused('form', PARTIAL_REFUND_MESSAGES.unknownLine)
    if (item.quantity === 0) continue
    const unitsLeft = line.quantity - (so.units[item.line] ?? 0) - units[item.line]
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 0 || item.quantity > unitsLeft) {
      throw new ShareRefused(`items.${item.line}`, PARTIAL_REFUND_MESSAGES.tooMany(Math.max(unitsLeft, 0)))
    }
    const before = (so.units[item.line] ?? 0) + units[item.line]
    const wanted = unitsShare(line, before + item.quantity) - unitsShare(line, before)
    // An amount refunded earlier may have taken part of this line: give back no more than is left of it.
    const portion = Math.min(wanted, (left[item.line] ?? 0) - portions[item.line])
    portions[item.line] += portion
    units[item.line] += item.quantity
  }
  if (ask.includeDelivery) portions[lines.length] = left[lines.length] ?? 0
  const amountPaise = portions.reduce((a, b) => a + b, 0)
  if (units.every((u) => u === 0) && !ask.includeDelivery) throw new ShareRefused('form', PARTIAL_REFUND_MESSAGES.nothing)
  if (amountPaise < MIN_REFUND_PAISE) throw new ShareRefused('form', PARTIAL_REFUND_MESSAGES.tooLittle)
  return { amountPaise, portions, units }
}

/** A partial refund as the order pages and the /api read it. */
export interface PartialRefundView {
  id: string
  amountPaise: number
  /** The owner's words to the shopper. */
  reason: string
  status: 'queued' | 'pending' | 'processed' | 'failed'
  /** The pieces given back: order line position, how many, and the piece's title. */
  items: { line: number; quantity: number; title: string }[]
  restocked: boolean
  createdAt: string
  processedAt: string | null
  /** Its credit note's number, once issued ('CN/2026-27/000012'). */
  creditNote: string | null
}

/** 'Refund of ₹499.00 processed on 27 Nov 2026', 'Refund of ₹499.00 pending'. */
export function partialRefundWords(refund: Pick<PartialRefundView, 'amountPaise' | 'status'>): string {
  const what = `Refund of ${formatPaise(refund.amountPaise)}`
  return refund.status === 'processed' ? `${what} processed` : refund.status === 'failed' ? `${what} failed; the studio will contact you` : `${what} pending`
}
