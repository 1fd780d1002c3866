// PUT /api/shop/cart/update-cart {userId, productId, quantity, variety?, option2?, color?} -> {success, message, data: cart}
// Sets the quantity of the line picked by product (+ variety and color when it has several lines).
import { getDb } from '~/infra/db.server'
import { CART_MESSAGES } from '~/lib/cart'
import { cartApiLineSchema } from '~/schemas/cart'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { toApiCartAnswer } from '~/api/cart-answer.server'
import { requireApiUser, requireOwnBody } from '~/web/auth.server'
import { setLineQuantity } from '~/domain/cart/cart-edits.server'
import type { Route } from './+types/cart-update'

export const loader = () => methodNotAllowed('PUT')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return handleApi(async () => {
    const user = requireApiUser(context)
    const input = parseInput(cartApiLineSchema, requireOwnBody(user, await readBody(request)))
    const cart = await setLineQuantity(
      getDb(),
      { userId: user.id },
      { productId: input.productId, variety: input.variety, option2: input.option2, color: input.color, personalization: input.personalization },
      input.quantity,
    )
    return apiJson({ success: true, message: CART_MESSAGES.updated, data: await toApiCartAnswer(getDb(), { userId: user.id }, cart) })
  })
}
