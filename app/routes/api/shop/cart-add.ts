// POST /api/shop/cart/add {userId, productId, quantity, variety, option2?, color} -> 200 {success, message, data: cart}
// The caller's own cart only; any price the client sends is ignored (the service prices the line).
import { getDb } from '~/infra/db.server'
import { CART_MESSAGES } from '~/lib/cart'
import { cartApiLineSchema } from '~/schemas/cart'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { toApiCartAnswer } from '~/api/cart-answer.server'
import { requireApiUser, requireOwnBody } from '~/web/auth.server'
import { addToCart } from '~/domain/cart/cart-edits.server'
import type { Route } from './+types/cart-add'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const user = requireApiUser(context)
    const input = parseInput(cartApiLineSchema, requireOwnBody(user, await readBody(request)))
    const cart = await addToCart(getDb(), { userId: user.id }, {
      productId: input.productId,
      quantity: input.quantity,
      variety: input.variety,
      option2: input.option2,
      color: input.color,
      personalization: input.personalization,
    })
    return apiJson({ success: true, message: CART_MESSAGES.addedFromCard, data: await toApiCartAnswer(getDb(), { userId: user.id }, cart) })
  })
}
