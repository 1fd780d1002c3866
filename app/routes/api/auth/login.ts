// POST /api/auth/login {email, password} -> {success, message, user, token}; also sets the session cookie.
import { clientIpContext } from '~/context'
import { getSessionSecret } from '~/services/secret.server'
import { loginSchema } from '~/schemas/auth'
import { apiJson, handleApi, methodNotAllowed, parseInput, readBody } from '~/services/api.server'
import { checkLogin, startSessionCookie } from '~/services/auth.server'
import { sessionToken } from '~/services/auth-sessions.server'
import { toApiUser } from '~/services/api-shapes.server'
import type { Route } from './+types/login'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const input = parseInput(loginSchema, await readBody(request))
    const user = await checkLogin(context.get(clientIpContext), input)
    const { sessionId, setCookie } = await startSessionCookie(request, user)
    return apiJson(
      {
        success: true,
        message: 'Logged in successfully',
        user: toApiUser(user),
        token: sessionToken(sessionId, getSessionSecret()),
      },
      { headers: { 'Set-Cookie': setCookie } },
    )
  })
}
