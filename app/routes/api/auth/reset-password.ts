// POST /api/auth/reset-password {token, password} -> {success, message}; every session of the
// account ends. An unknown, used or expired token: 400 with errors.token (docs/api.md).
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { PASSWORD_RESET_MESSAGES } from '~/lib/user'
import { resetPasswordSchema } from '~/schemas/auth'
import { clientIpContext } from '~/web/context'
import { setPasswordFromLink } from '~/web/password-reset.server'
import type { Route } from './+types/reset-password'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const input = parseInput(resetPasswordSchema, await readBody(request))
    await setPasswordFromLink(context.get(clientIpContext), input)
    return apiJson({ success: true, message: PASSWORD_RESET_MESSAGES.done })
  })
}
