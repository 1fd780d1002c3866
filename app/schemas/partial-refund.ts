// A partial refund's input (ADR 087): the admin order page's form and POST /api/admin/orders/refund/:orderId.
// The form names pieces by the order line's position (`qty[<line>]`); the /api by the piece's
// productId, variety and color (the domain finds the line). Money in rupees, parsed into paise once.
import { z } from 'zod'
import { isWholePaise, rupeesToPaise } from '~/lib/money'
import { REFUND_REASON_MAX } from '~/lib/refund-shares'
import { STALE_FORM_MESSAGE } from './stale-form'

export const REFUND_FIELD_MESSAGES = {
  amount: 'Enter the amount in rupees, e.g. 250 or 99.50.',
  quantity: 'Enter a whole number of pieces.',
  reason: 'Please tell the shopper why you are refunding.',
  reasonTooLong: `Please keep the reason to ${REFUND_REASON_MAX} characters.`,
} as const

const rupeesText = z
  .string()
  .trim()
  .transform((v) => v.replace(/[₹,\s]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: REFUND_FIELD_MESSAGES.amount })
      .transform(Number)
      .refine(isWholePaise, { error: REFUND_FIELD_MESSAGES.amount })
      .transform(rupeesToPaise),
  )

const reason = z
  .string({ error: REFUND_FIELD_MESSAGES.reason })
  .trim()
  .min(1, { error: REFUND_FIELD_MESSAGES.reason })
  .max(REFUND_REASON_MAX, { error: REFUND_FIELD_MESSAGES.reasonTooLong })

const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean())

/** The page's form: `mode` items (each `qty[<line>]`, `includeDelivery`) or amount; a reason; `restock`; the form's `key`. */
export const refundFormSchema = z.object({
  key: z.string({ error: STALE_FORM_MESSAGE }).trim().min(1, { error: STALE_FORM_MESSAGE }),
  mode: z.enum(['items', 'amount']).default('items'),
  amount: z.string().optional(),
  includeDelivery: checkbox,
  restock: checkbox,
  reason,
})

/** The `qty[<line>]` fields of the form: line -> pieces (blank and 0 left out); null when one is not a whole number. */
export function quantitiesOf(form: Record<string, unknown>): { line: number; quantity: number }[] | null {
  const items: { line: number; quantity: number }[] = []
  for (const [name, value] of Object.entries(form)) {
    const match = /^qty\[(\d{1,3})\]$/.exec(name)
    if (!match) continue
    const text = String(value ?? '').trim()
    if (text === '' || text === '0') continue
    if (!/^\d{1,4}$/.test(text)) return null
    items.push({ line: Number(match[1]), quantity: Number(text) })
  }
  return items
}

/** The form's amount field, in paise; a message when it is not rupees. */
export function amountOf(text: string | undefined): { paise: number } | { error: string } {
  const parsed = rupeesText.safeParse(text ?? '')
  return parsed.success ? { paise: parsed.data } : { error: REFUND_FIELD_MESSAGES.amount }
}

const apiItem = z.object({
  productId: z.string().trim().min(1),
  variety: z.string().trim().default(''),
  option2: z.string().trim().default(''),
  color: z.string().trim().default(''),
  quantity: z.number({ error: REFUND_FIELD_MESSAGES.quantity }).int({ error: REFUND_FIELD_MESSAGES.quantity }).min(1, { error: REFUND_FIELD_MESSAGES.quantity }),
})

/** POST /api/admin/orders/refund/:orderId: `{items: [...]} | {amount}` (rupees), reason, optional restock, includeDelivery and key. */
export const apiRefundSchema = z
  .object({
    items: z.array(apiItem).min(1).max(100).optional(),
    amount: z.union([z.number(), z.string()]).optional(),
    includeDelivery: z.boolean().default(false),
    restock: z.boolean().default(false),
    reason,
    key: z.string().trim().regex(/^[A-Za-z0-9_-]{8,36}$/).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.items && body.amount !== undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Refund pieces or an amount, not both.' })
    if (!body.items && body.amount === undefined) ctx.addIssue({ code: 'custom', path: ['items'], message: 'Choose the pieces to refund, or an amount.' })
    if (body.amount !== undefined && 'error' in amountOf(String(body.amount))) ctx.addIssue({ code: 'custom', path: ['amount'], message: REFUND_FIELD_MESSAGES.amount })
  })

export type ApiRefundBody = z.infer<typeof apiRefundSchema>
