// POST /api/auth/logout: ends the session named by the Bearer token or the cookie.
import { authSessionIdContext } from '~/context'
import { apiJson, handleApi, methodNotAllowed } from '~/services/api.server'
import { endSession } from '~/services/auth.server'
import type { Route } from './+types/logout'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const setCookie = await endSession(request, context.get(authSessionIdContext))
    return apiJson({ success: true, message: 'Logged out successfully' }, { headers: { 'Set-Cookie': setCookie } })
  })
}
