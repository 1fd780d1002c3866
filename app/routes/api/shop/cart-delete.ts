// DELETE /api/shop/cart/:userId/:productId[?variety=&option2=&color=] -> {success, message, data: cart}
// Removes the product from the caller's cart: every line of it, or only the lines of the variety
// and/or colour given in the query string (or a JSON body). No matching line: 404.
import { getDb } from '~/infra/db.server'
import { CART_MESSAGES } from '~/lib/cart'
import { cartApiSelectionSchema } from '~/schemas/cart'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { toApiCartAnswer } from '~/api/cart-answer.server'
import { requireApiUser, requireOwnUserId } from '~/web/auth.server'
import { removeProductLines } from '~/domain/cart/cart-edits.server'
import type { Route } from './+types/cart-delete'

export const loader = () => methodNotAllowed('DELETE')

/** The body's fields with the query string's variety, option2 and color on top. */
function selectionInput(body: unknown, query: URLSearchParams): unknown {
  const fromQuery: Record<string, string> = {}
  for (const key of ['variety', 'option2', 'color']) {
    const value = query.get(key)
    if (value !== null) fromQuery[key] = value
  }
  if (Object.keys(fromQuery).length === 0) return body
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, ...fromQuery } : fromQuery
}

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  return handleApi(async () => {
    const user = requireApiUser(context)
    requireOwnUserId(user, params.userId)
    const body = await readBody(request)
    const selection = parseInput(cartApiSelectionSchema, selectionInput(body, new URL(request.url).searchParams))
    // No variety or colour (the contract's client sends none): every line of the product goes.
    const cart = await removeProductLines(
      getDb(),
      { userId: user.id },
      {
        productId: params.productId,
        variety: selection.variety || undefined,
        option2: selection.option2 || undefined,
        color: selection.color || undefined,
      },
    )
    return apiJson({ success: true, message: CART_MESSAGES.deleted, data: await toApiCartAnswer(getDb(), { userId: user.id }, cart) })
  })
}
