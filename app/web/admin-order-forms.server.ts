// The admin order page's two forms (app/routes/admin/order.tsx): the status form (a move, with
// shipping details when the move is to inShipping) and the shipping details form (an order already
// shipped or delivered). Both answer a Conform reply that echoes what was typed, so without JS the
// page comes back with the values and each message next to its field.
import { z } from 'zod'
import { getDb } from '~/infra/db.server'
import { ORDER_MESSAGES } from '~/lib/order-status'
import { TRACKING_MESSAGES } from '~/lib/tracking'
import { orderStatusBodySchema } from '~/schemas/order'
import { TRACKING_FIELDS, type TrackingInput } from '~/schemas/tracking'
import { Invalid, parseInput } from '~/domain/errors'
import { setTracking, updateOrderByAdmin } from '~/domain/orders/order-tracking.server'
import { formAction } from './form-action.server'
import { parseForm } from './form-input.server'
import { sendRefundsNow } from './refunds-now.server'
import { redirectWithToast } from './toast/toast.server'

/** The fields both forms send, only to echo them back in a reply (the domain checks them). */
const echoSchema = z.object({
  intent: z.string().optional(),
  orderStatus: z.string().optional(),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  trackingUrl: z.string().optional(),
})

/** The shipping details fields of a posted form ('' for a missing one). */
export function trackingFieldsOf(form: FormData): TrackingInput {
  return Object.fromEntries(TRACKING_FIELDS.map((field) => [field, String(form.get(field) ?? '')]))
}

const backTo = (orderId: string) => `/admin/orders/${orderId}`

/**
 * The status form: one of the moves the select offers; the shipping details fields are used only
 * when the move is to inShipping (without JS they are posted whatever the status).
 */
export function statusFormAction(orderId: string, form: FormData, adminId: string) {
  return formAction(
    async () => {
      const { orderStatus } = parseInput(orderStatusBodySchema, Object.fromEntries(form))
      const tracking = orderStatus === 'inShipping' ? trackingFieldsOf(form) : undefined
      const moved = await updateOrderByAdmin(getDb(), orderId, { orderStatus, tracking }, adminId)
      if (moved.refundQueued) await sendRefundsNow()
      return redirectWithToast(backTo(orderId), { type: 'success', message: ORDER_MESSAGES.statusUpdated })
    },
    { reply: { submission: () => parseForm(form, { schema: echoSchema }) } },
  )
}

/**
 * The shipping details form of a shipped or delivered order: sets them, or removes them when every
 * field is empty. A refusal that is not about a field (not shipped, unknown order) is the form's
 * own message, under the key `tracking`.
 */
export function trackingFormAction(orderId: string, form: FormData, adminId: string) {
  return formAction(
    async () => {
      const fields = trackingFieldsOf(form)
      await setTracking(getDb(), orderId, fields, adminId)
      const removed = TRACKING_FIELDS.every((field) => String(fields[field]).trim() === '')
      return redirectWithToast(backTo(orderId), { type: 'success', message: removed ? TRACKING_MESSAGES.removed : TRACKING_MESSAGES.saved })
    },
    {
      reply: {
        submission: () => parseForm(form, { schema: echoSchema }),
        fieldErrors: (error) => (error instanceof Invalid ? error.errors : { tracking: [error.message] }),
      },
    },
  )
}
