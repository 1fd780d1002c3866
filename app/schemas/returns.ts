// Returns' input (issue 31, ADR 099): the shopper's form on her order page (pieces by the order
// line's position, `qty[<line>]`, one reason, a note), POST /api/shop/order/return/:orderId (pieces
// by productId, variety, option2 and color, each with its reason), the owner's policy form and her
// forms on the admin order page. The forms' schemas only read what was sent (echoed back with the
// messages); app/domain/orders/returns.server.ts checks every rule.
import { z } from 'zod'
import { RETURN_ACTIONS, RETURN_FILTERS, RETURN_LIMITS, RETURN_MESSAGES } from '~/lib/returns'

const text = z.string().max(5000).optional()

/** The shopper's form: echoed back with the domain's messages. */
export const returnFormSchema = z.object({
  intent: text,
  qty: z.array(z.string().max(20).optional()).max(100).optional(),
  /** Per line, '' for a refund or another size / colour (`variety|option2|color`, ADR 105). */
  exchange: z.array(z.string().max(300).optional()).max(100).optional(),
  reason: text,
  note: text,
})

/** The owner's forms on the admin order page, echoed back under the return they were about. */
export const ownerReturnFormSchema = z.object({
  intent: text,
  returnId: text,
  message: text,
})

/** The owner's policy page: echoed back with the domain's messages. */
export const returnPolicyFormSchema = z.object({
  windowDays: text,
  reasons: z.array(z.string().max(40)).max(10).optional(),
  specialOnlyDamaged: text,
  sendTo: text,
})

/** A whole number typed in a box ('' is 0); NaN for anything else. */
export function wholeNumberOf(value: string | undefined): number {
  const typed = (value ?? '').trim()
  if (typed === '') return 0
  return /^\d{1,4}$/.test(typed) ? Number(typed) : Number.NaN
}

const apiItem = z.object({
  productId: z.string({ error: RETURN_MESSAGES.unknownLine }).trim().min(1, { error: RETURN_MESSAGES.unknownLine }).max(100),
  variety: z.string().trim().max(200).default(''),
  option2: z.string().trim().max(200).default(''),
  color: z.string().trim().max(200).default(''),
  quantity: z.number({ error: RETURN_MESSAGES.quantity }).int({ error: RETURN_MESSAGES.quantity }).min(1, { error: RETURN_MESSAGES.quantity }).max(9999),
  reason: z.string({ error: RETURN_MESSAGES.reason }).max(40),
  /** Another option / colour of the same product instead of a refund (ADR 105). */
  exchangeFor: z
    .object({
      variety: z.string().trim().max(200).default(''),
      option2: z.string().trim().max(200).default(''),
      color: z.string().trim().max(200).default(''),
    })
    .nullish(),
})

/** POST /api/shop/order/return/:orderId. */
export const apiReturnSchema = z.object({
  items: z.array(apiItem, { error: RETURN_MESSAGES.nothing }).min(1, { error: RETURN_MESSAGES.nothing }).max(100),
  note: z.string().max(RETURN_LIMITS.noteMax, { error: RETURN_MESSAGES.noteTooLong }).default(''),
})

/** POST /api/admin/orders/return/:returnId: one move of the state table, with the owner's words and (receive) each line's shelf. */
export const apiOwnerReturnSchema = z.object({
  action: z.enum(RETURN_ACTIONS, { error: RETURN_MESSAGES.action }),
  message: z.string({ error: RETURN_MESSAGES.messageTooLong }).max(RETURN_LIMITS.messageMax, { error: RETURN_MESSAGES.messageTooLong }).default(''),
  restock: z
    .record(z.string().regex(/^\d{1,3}$/, { error: RETURN_MESSAGES.restock }), z.boolean({ error: RETURN_MESSAGES.restock }), { error: RETURN_MESSAGES.restock })
    .default({}),
})

/** GET /api/admin/returns?status=: 'open' or one state (none: all). */
export const apiReturnFilterSchema = z.object({
  status: z.enum(RETURN_FILTERS, { error: RETURN_MESSAGES.filter }).optional(),
})
