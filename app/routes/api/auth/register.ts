// POST /api/auth/register {userName, email, password} -> 201 {success, message}
import { clientIpContext } from '~/web/context'
import { registerSchema } from '~/schemas/auth'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { signUp } from '~/web/auth.server'
import type { Route } from './+types/register'
import { AUTH_MESSAGES } from '~/lib/user'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const input = parseInput(registerSchema, await readBody(request))
    await signUp(context.get(clientIpContext), input)
    return apiJson({ success: true, message: AUTH_MESSAGES.registered }, 201)
  })
}
