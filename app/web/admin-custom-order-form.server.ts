// The admin's custom request form (app/routes/admin/custom-order.tsx): a move of the status (only
// those CUSTOM_ORDER_MOVES allows), the quoted price and the notes, in one post. A refusal comes
// back next to its field with what was typed; success goes back to the request with a toast.
import { getDb } from '~/infra/db.server'
import { CUSTOM_ORDER_MESSAGES } from '~/lib/custom-orders'
import { customOrderUpdateSchema } from '~/schemas/custom-order'
import { updateCustomOrder } from '~/domain/custom-orders/custom-orders.server'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

export async function adminCustomOrderFormAction(requestId: number, form: FormData) {
  const submission = parseForm(form, { schema: customOrderUpdateSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  return formAction(
    async () => {
      await updateCustomOrder(getDb(), requestId, submission.value)
      return redirectWithToast(`/admin/custom-orders/${requestId}`, { type: 'success', message: CUSTOM_ORDER_MESSAGES.updated })
    },
    { reply: { submission } },
  )
}
