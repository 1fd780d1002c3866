// POST /api/auth/login {email, password} -> {success, message, user, token}; also sets the session cookie.
import { clientIpContext } from '~/web/context'
import { getSessionSecret } from '~/infra/secret.server'
import { loginSchema } from '~/schemas/auth'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { checkLogin, startSessionCookie } from '~/web/auth.server'
import { sessionToken } from '~/domain/accounts/auth-sessions.server'
import { toApiUser } from '~/api/serializers.server'
import type { Route } from './+types/login'
import { AUTH_MESSAGES } from '~/lib/user'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const input = parseInput(loginSchema, await readBody(request))
    const user = await checkLogin(context.get(clientIpContext), input)
    const { sessionId, setCookie } = await startSessionCookie(request, user)
    return apiJson(
      {
        success: true,
        message: AUTH_MESSAGES.loggedIn,
        user: toApiUser(user),
        token: sessionToken(sessionId, getSessionSecret()),
      },
      { headers: { 'Set-Cookie': setCookie } },
    )
  })
}
