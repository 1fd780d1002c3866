// DELETE /api/shop/address/delete/:userId/:addressId -> {success, message: 'Address Deleted Successfully'}
// The caller's own user id (403 otherwise); an address that is not theirs is 404.
import { getDb } from '~/infra/db.server'
import { deleteAddress } from '~/domain/accounts/addresses.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { requireApiUser, requireOwnUserId } from '~/web/auth.server'
import type { Route } from './+types/address-delete'
import { ADDRESS_MESSAGES } from '~/lib/addresses'

export const loader = () => methodNotAllowed('DELETE')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  return handleApi(async () => {
    const user = requireApiUser(context)
    requireOwnUserId(user, params.userId)
    await deleteAddress(getDb(), user.id, params.addressId)
    return apiJson({ success: true, message: ADDRESS_MESSAGES.deleted })
  })
}
