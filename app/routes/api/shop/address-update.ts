// PUT /api/shop/address/update/:userId/:addressId {address fields}
//   -> {success, message: 'Address Updated Successfully', data: address}
// The caller's own user id (403 otherwise); an address that is not theirs is 404.
import { getDb } from '~/infra/db.server'
import { addressSchema } from '~/schemas/address'
import { updateAddress } from '~/domain/accounts/addresses.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { toApiAddress } from '~/api/serializers.server'
import { requireApiUser, requireOwnUserId } from '~/web/auth.server'
import type { Route } from './+types/address-update'
import { ADDRESS_MESSAGES } from '~/lib/addresses'

export const loader = () => methodNotAllowed('PUT')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return handleApi(async () => {
    const user = requireApiUser(context)
    requireOwnUserId(user, params.userId)
    const input = parseInput(addressSchema, await readBody(request))
    const address = await updateAddress(getDb(), user.id, params.addressId, input)
    return apiJson({ success: true, message: ADDRESS_MESSAGES.updated, data: toApiAddress(address) })
  })
}
