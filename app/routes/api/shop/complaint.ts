// POST /api/shop/complaint {name, email, phone?, orderId?, message} -> 201 {success, message, data: {ticket}}
// A visitor or a signed-in shopper (cookie or Bearer); `orderId` only a signed-in shopper's own order
// (else 400 under orderId). Rate-limited per address and email like the page form (429). ADR 089.
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { fileComplaint } from '~/domain/complaints/complaints.server'
import { parseInput } from '~/domain/errors'
import { complaintLimits } from '~/infra/complaint-limits.server'
import { getDb } from '~/infra/db.server'
import { COMPLAINT_MESSAGES } from '~/lib/complaints'
import { complaintSchema } from '~/schemas/complaint'
import { getUser } from '~/web/auth.server'
import { clientIpContext } from '~/web/context'
import type { Route } from './+types/complaint'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const body = parseInput(complaintSchema, await readBody(request))
    await complaintLimits().take(context.get(clientIpContext), body.email)
    const { ticket } = await fileComplaint(getDb(), body, getUser(context)?.id ?? null)
    return apiJson({ success: true, message: COMPLAINT_MESSAGES.sent.replace('{ticket}', ticket), data: { ticket } }, 201)
  })
}
