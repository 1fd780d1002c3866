// POST /api/shop/cart/discount {userId, code} -> 200 {success, message, data: cart} with the code
// applied (ADR 073); a code that does not fit -> 400 {errors: {code: [why]}} and the cart unchanged.
// The caller's own cart only. The saving is the server's: data.discount and data.total say it.
import { getDb } from '~/infra/db.server'
import { apiApplyCodeSchema } from '~/schemas/discount-code'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiCartAnswer } from '~/api/cart-answer.server'
import { parseInput } from '~/domain/errors'
import { getCart } from '~/domain/cart/cart.server'
import { applyDiscountCode } from '~/domain/promotions/cart-discount.server'
import { requireApiUser, requireOwnBody } from '~/web/auth.server'
import type { Route } from './+types/cart-discount'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const user = requireApiUser(context)
    const input = parseInput(apiApplyCodeSchema, requireOwnBody(user, await readBody(request)))
    const db = getDb()
    const owner = { userId: user.id }
    const applied = await applyDiscountCode(db, owner, await getCart(db, owner), input.code)
    return apiJson({ success: true, message: applied.message, data: await toApiCartAnswer(db, owner, await getCart(db, owner)) })
  })
}
