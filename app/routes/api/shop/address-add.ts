// POST /api/shop/address/add {userId, addressLine, city, state, pincode, country, phone, landmark?, notes?}
//   -> 201 {success, message: 'Address Added Successfully', data: address}
// The caller's own addresses only (403 otherwise); the 4th is refused: 400 'You can Add Max 3 Addresses'.
import { getDb } from '~/infra/db.server'
import { addressSchema } from '~/schemas/address'
import { apiUserIdSchema } from '~/schemas/api-user'
import { addAddress } from '~/domain/accounts/addresses.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { toApiAddress } from '~/api/serializers.server'
import { requireApiUser, requireOwnBody } from '~/web/auth.server'
import type { Route } from './+types/address-add'
import { ADDRESS_MESSAGES } from '~/lib/addresses'

const addBodySchema = addressSchema.extend({
  userId: apiUserIdSchema,
})

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const user = requireApiUser(context)
    const { userId: _own, ...input } = parseInput(addBodySchema, requireOwnBody(user, await readBody(request)))
    const address = await addAddress(getDb(), user.id, input)
    return apiJson({ success: true, message: ADDRESS_MESSAGES.added, data: toApiAddress(address) }, 201)
  })
}
