// The admin order page's refund forms (app/routes/admin/order.tsx, ADR 087): a partial refund (pieces
// or an amount, a reason, restock) and 'Reject and refund' with its reason. Both answer a Conform
// reply that echoes what was typed, so without JS the page comes back with each message next to its field.
import { z } from 'zod'
import { getDb } from '~/infra/db.server'
import { ORDER_MESSAGES } from '~/lib/order-status'
import { PARTIAL_REFUND_MESSAGES, type RefundAsk } from '~/lib/refund-shares'
import { amountOf, quantitiesOf, REFUND_FIELD_MESSAGES, refundFormSchema } from '~/schemas/partial-refund'
import { Invalid, parseInput } from '~/domain/errors'
import { rejectOrder } from '~/domain/orders/admin-orders.server'
import { decidePartialRefund } from '~/domain/orders/partial-refunds.server'
import { formAction } from './form-action.server'
import { parseForm } from './form-input.server'
import { sendPartialRefundNow, sendRefundsNow } from './refunds-now.server'
import { redirectWithToast } from './toast/toast.server'

/** What the refund form sends, only to echo it back in a reply (the domain checks it). */
const echoSchema = z.object({
  intent: z.string().optional(),
  key: z.string().optional(),
  mode: z.string().optional(),
  qty: z.array(z.string().optional()).optional(),
  includeDelivery: z.string().optional(),
  amount: z.string().optional(),
  restock: z.string().optional(),
  reason: z.string().optional(),
})

const backTo = (orderId: string) => `/admin/orders/${orderId}`

/** The form's fields as the domain's ask: pieces (`qty[<line>]`) or an amount. */
function askOf(fields: Record<string, FormDataEntryValue>, mode: 'items' | 'amount', amount: string | undefined, includeDelivery: boolean): RefundAsk {
  if (mode === 'amount') {
    const parsed = amountOf(amount)
    if ('error' in parsed) throw new Invalid({ amount: [parsed.error] })
    return { amountPaise: parsed.paise }
  }
  const items = quantitiesOf(fields)
  if (!items) throw new Invalid({ form: [REFUND_FIELD_MESSAGES.quantity] })
  return { items, includeDelivery }
}

/** A partial refund: decided (once per form key), sent at once, the page again with 'Refund of ₹… issued.' */
export function partialRefundFormAction(orderId: string, form: FormData, adminId: string) {
  return formAction(
    async () => {
      const fields = Object.fromEntries(form)
      const parsed = parseInput(refundFormSchema, fields)
      const ask = askOf(fields, parsed.mode, parsed.amount, parsed.includeDelivery)
      const { refund } = await decidePartialRefund(getDb(), orderId, { key: parsed.key, ask, reason: parsed.reason, restock: parsed.restock }, adminId)
      await sendPartialRefundNow(refund.id)
      return redirectWithToast(backTo(orderId), { type: 'success', message: PARTIAL_REFUND_MESSAGES.issued(refund.amountPaise) })
    },
    { reply: { submission: () => parseForm(form, { schema: echoSchema }) } },
  )
}

/** 'Reject and refund' (after its confirmation step), with the reason the shopper reads in the mail. */
export function rejectFormAction(orderId: string, form: FormData, adminId: string) {
  return formAction(
    async () => {
      const moved = await rejectOrder(getDb(), orderId, String(form.get('reason') ?? ''), adminId)
      if (moved.refundQueued) await sendRefundsNow()
      return redirectWithToast(backTo(orderId), { type: 'success', message: ORDER_MESSAGES.rejected })
    },
    { reply: { submission: () => parseForm(form, { schema: echoSchema }) } },
  )
}
