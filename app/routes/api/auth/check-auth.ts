// GET /api/auth/check-auth with "Authorization: Bearer <token>" or the session cookie -> {success, user}
// The Bearer header wins over the cookie (as on every /api call). Neither: 401 'No token found';
// a token or cookie naming no live session: 401 'Unauthorised user!'.
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { toApiUser } from '~/api/serializers.server'
import { getUser, requestSessionId } from '~/web/auth.server'
import type { Route } from './+types/check-auth'
import { AUTH_MESSAGES } from '~/lib/user'

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = getUser(context)
    if (user) return apiJson({ success: true, message: 'Authenticated user!', user: toApiUser(user) })
    const hasBearer = /^Bearer\s+\S+/i.test(request.headers.get('Authorization') ?? '')
    if (!hasBearer && !(await requestSessionId(request))) {
      return apiJson({ success: false, message: AUTH_MESSAGES.noToken }, 401)
    }
    return apiJson({ success: false, message: 'Unauthorised user!' }, 401)
  })
}

export const action = () => methodNotAllowed('GET')
