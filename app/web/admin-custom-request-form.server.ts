// The admin's custom request form (app/routes/admin/custom-order.tsx): a move of the status (only
// those CUSTOM_REQUEST_MOVES allows), the quoted price and the notes, in one post. A refusal comes
// back next to its field with what was typed; success goes back to the request with a toast.
import { getDb } from '~/infra/db.server'
import { CUSTOM_REQUEST_MESSAGES } from '~/lib/custom-orders'
import { customRequestUpdateSchema } from '~/schemas/custom-order'
import { updateCustomRequest } from '../domain/custom-orders/custom-orders.server'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

export async function customRequestFormAction(requestId: number, form: FormData) {
  const submission = parseForm(form, { schema: customRequestUpdateSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  return formAction(
    async () => {
      await updateCustomRequest(getDb(), requestId, submission.value)
      return redirectWithToast(`/admin/custom-orders/${requestId}`, { type: 'success', message: CUSTOM_REQUEST_MESSAGES.updated })
    },
    { reply: { submission } },
  )
}
