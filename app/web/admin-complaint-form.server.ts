// The admin's complaint forms (/admin/complaints, ADR 089): one small form a complaint, posting its id,
// the status and the resolution note. A refusal comes back as that complaint's field errors.
import type { ComplaintFormReply } from '~/lib/complaints'
import { data } from 'react-router'
import { updateComplaint } from '~/domain/complaints/complaints.server'
import { Conflict, Invalid, NotFound } from '~/domain/errors'
import { getDb } from '~/infra/db.server'
import { COMPLAINT_MESSAGES } from '~/lib/complaints'
import { complaintUpdateSchema } from '~/schemas/complaint'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

export async function adminComplaintFormAction(form: FormData, backTo: string) {
  const complaintId = Number(form.get('complaintId'))
  const submission = parseForm(form, { schema: complaintUpdateSchema })
  if (submission.status !== 'success') {
    const errors = Object.fromEntries(Object.entries(submission.error ?? {}).filter((e): e is [string, string[]] => Array.isArray(e[1])))
    return data<ComplaintFormReply>({ complaintId, errors }, { status: 400 })
  }
  try {
    await updateComplaint(getDb(), complaintId, submission.value)
  } catch (error) {
    if (error instanceof NotFound) return redirectWithToast(backTo, { type: 'error', message: error.message })
    if (error instanceof Invalid) return data<ComplaintFormReply>({ complaintId, errors: error.errors }, { status: 400 })
    // Changed since the page was read (another tab or admin): said next to the status, 409.
    if (error instanceof Conflict) return data<ComplaintFormReply>({ complaintId, errors: { status: [error.message] } }, { status: 409 })
    throw error
  }
  return redirectWithToast(backTo, { type: 'success', message: COMPLAINT_MESSAGES.updated })
}
