// GET /api/shop/cart/get/:userId -> {success, data: cart} with current prices and availability.
// The caller's own cart; the admin may read any.
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { toApiCartAnswer } from '~/api/cart-answer.server'
import { requireApiUser, requireOwnUserId } from '~/web/auth.server'
import { getCart } from '~/domain/cart/cart.server'
import type { Route } from './+types/cart-get'

export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = requireApiUser(context)
    requireOwnUserId(user, params.userId, { adminMayRead: true })
    const cart = await getCart(getDb(), { userId: params.userId })
    return apiJson({ success: true, data: await toApiCartAnswer(getDb(), { userId: params.userId }, cart) })
  })
}

export const action = () => methodNotAllowed('GET')
