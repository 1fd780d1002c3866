// GET /api/shop/address/get/:userId -> {success, data: [addresses]} (the caller's own; the admin may read any).
import { getDb } from '~/infra/db.server'
import { listAddresses } from '~/domain/accounts/addresses.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { toApiAddress } from '~/api/serializers.server'
import { requireApiUser, requireOwnUserId } from '~/web/auth.server'
import type { Route } from './+types/address-get'

export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = requireApiUser(context)
    requireOwnUserId(user, params.userId, { adminMayRead: true })
    const addresses = await listAddresses(getDb(), params.userId)
    return apiJson({ success: true, data: addresses.map(toApiAddress) })
  })
}

export const action = () => methodNotAllowed('GET')
