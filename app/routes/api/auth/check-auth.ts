// GET /api/auth/check-auth with "Authorization: Bearer <token>" -> {success, user}
import { apiJson, handleApi, methodNotAllowed } from '~/services/api.server'
import { toApiUser } from '~/services/api-shapes.server'
import { getUser } from '~/services/auth.server'
import type { Route } from './+types/check-auth'

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    if (!/^Bearer\s+\S+/i.test(request.headers.get('Authorization') ?? '')) {
      return apiJson({ success: false, message: 'No token found' }, 401)
    }
    const user = getUser(context)
    if (!user) return apiJson({ success: false, message: 'Unauthorised user!' }, 401)
    return apiJson({ success: true, message: 'Authenticated user!', user: toApiUser(user) })
  })
}

export const action = () => methodNotAllowed('GET')
