// POST /api/auth/forgot-password {email} -> {success, message}: the same answer whether or not the
// address has an account; when it has, a reset link is mailed (docs/api.md).
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { PASSWORD_RESET_MESSAGES } from '~/lib/user'
import { forgotPasswordSchema } from '~/schemas/auth'
import { clientIpContext } from '~/web/context'
import { askForPasswordReset } from '~/web/password-reset.server'
import type { Route } from './+types/forgot-password'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const input = parseInput(forgotPasswordSchema, await readBody(request))
    await askForPasswordReset(context.get(clientIpContext), input)
    return apiJson({ success: true, message: PASSWORD_RESET_MESSAGES.requested })
  })
}
