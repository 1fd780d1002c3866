// The complaint form's page adapter (/shop/complaint, ADR 089): parse, the spam limits, the domain;
// a filed complaint redirects to the page showing its ticket, a refusal comes back next to its field.
import { data } from 'react-router'
import { fileComplaint } from '~/domain/complaints/complaints.server'
import { complaintLimits } from '~/infra/complaint-limits.server'
import { getDb } from '~/infra/db.server'
import { COMPLAINT_MESSAGES } from '~/lib/complaints'
import { complaintSchema } from '~/schemas/complaint'
import { formAction } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

export async function complaintFormAction(request: Request, options: { ip: string; userId: string | null }) {
  const submission = parseForm(await request.formData(), { schema: complaintSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  return formAction(
    async () => {
      await complaintLimits().take(options.ip, submission.value.email)
      const { ticket } = await fileComplaint(getDb(), submission.value, options.userId)
      return redirectWithToast(`/shop/complaint?ticket=${ticket}`, { type: 'success', message: COMPLAINT_MESSAGES.sent.replace('{ticket}', ticket) })
    },
    { reply: { submission } },
  )
}
