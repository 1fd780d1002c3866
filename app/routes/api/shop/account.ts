// DELETE /api/shop/account {confirm, reviews?} -> 200 {success, message} (ADR 089): deletes the signed-in
// shopper's account. `confirm` is "DELETE" or her password (400 under confirm otherwise); `reviews`
// 'anonymous' (the default) or 'delete'. Every session and Bearer token of hers ends at once (a
// cookie is cleared). 401 signed out; 403 for an admin; 409 while an order of hers is on its way.
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { checkErasureConfirmation, eraseAccount } from '~/domain/accounts/account-erasure.server'
import { parseInput } from '~/domain/errors'
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { ERASURE_MESSAGES } from '~/lib/account-erasure'
import { accountErasureSchema } from '~/schemas/account-erasure'
import { endSession, requireApiUser } from '~/web/auth.server'
import { authSessionIdContext } from '~/web/context'
import type { Route } from './+types/account'

export const loader = () => methodNotAllowed('DELETE')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  return handleApi(async () => {
    const user = requireApiUser(context)
    const body = parseInput(accountErasureSchema, await readBody(request))
    await checkErasureConfirmation(getDb(), user.id, body.confirm)
    await eraseAccount(getDb(), user.id, { reviews: body.reviews, files: getImageStore() })
    const setCookie = await endSession(request, context.get(authSessionIdContext))
    return apiJson({ success: true, message: ERASURE_MESSAGES.deleted }, { headers: { 'Set-Cookie': setCookie } })
  })
}
