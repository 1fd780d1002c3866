// DELETE /api/shop/cart/discount/:userId -> 200 {success, message, data: cart} without its code (ADR 073).
import { getDb } from '~/infra/db.server'
import { DISCOUNT_MESSAGES } from '~/lib/discounts'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { toApiCartAnswer } from '~/api/cart-answer.server'
import { getCart } from '~/domain/cart/cart.server'
import { removeDiscountCode } from '~/domain/promotions/cart-discount.server'
import { requireApiUser, requireOwnUserId } from '~/web/auth.server'
import type { Route } from './+types/cart-discount-delete'

export const loader = () => methodNotAllowed('DELETE')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  return handleApi(async () => {
    const user = requireApiUser(context)
    requireOwnUserId(user, params.userId)
    const db = getDb()
    const owner = { userId: user.id }
    await removeDiscountCode(db, owner)
    return apiJson({ success: true, message: DISCOUNT_MESSAGES.removed, data: await toApiCartAnswer(db, owner, await getCart(db, owner)) })
  })
}
