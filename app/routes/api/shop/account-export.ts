// GET /api/shop/account/export -> 200 {success, data: PersonalData} (ADR 089): the signed-in shopper's
// profile, addresses, orders, reviews, custom requests, consents and complaints; 401 when signed out.
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { exportPersonalData } from '~/domain/accounts/personal-data.server'
import { getDb } from '~/infra/db.server'
import { requireApiUser } from '~/web/auth.server'
import type { Route } from './+types/account-export'

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = requireApiUser(context)
    return apiJson({ success: true, data: await exportPersonalData(getDb(), user.id) })
  })
}

export const action = () => methodNotAllowed('GET')
