// POST /api/auth/logout: ends the session named by the Bearer token or the cookie.
import { authSessionIdContext } from '~/web/context'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { endSession } from '~/web/auth.server'
import type { Route } from './+types/logout'
import { AUTH_MESSAGES } from '~/lib/user'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const setCookie = await endSession(request, context.get(authSessionIdContext))
    return apiJson({ success: true, message: AUTH_MESSAGES.loggedOut }, { headers: { 'Set-Cookie': setCookie } })
  })
}
