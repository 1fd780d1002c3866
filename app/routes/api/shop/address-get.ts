// GET /api/shop/address/get/:userId -> {success, data: [addresses]} (the caller's own; the admin may read any).
import { getDb } from '~/db.server'
import { listAddresses } from '~/services/addresses.server'
import { apiJson, handleApi, methodNotAllowed } from '~/services/api.server'
import { toApiAddress } from '~/services/api-shapes.server'
import { requireApiUser, requireOwnUserId } from '~/services/auth.server'
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
