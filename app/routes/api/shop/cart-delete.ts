// DELETE /api/shop/cart/:userId/:productId[?variety=..&color=..] -> {success, message, data: cart}
// variety and color (query string or JSON body; the query wins) pick the line when there are several.
import { getDb } from '~/db.server'
import { CART_MESSAGES } from '~/lib/cart'
import { cartApiSelectionSchema } from '~/schemas/cart'
import { apiJson, handleApi, methodNotAllowed, parseInput, readBody } from '~/services/api.server'
import { toApiCart } from '~/services/api-shapes.server'
import { requireApiUser, requireOwnUserId } from '~/services/auth.server'
import { removeLine } from '~/services/cart.server'
import type { Route } from './+types/cart-delete'

export const loader = () => methodNotAllowed('DELETE')

/** The body's fields with the query string's variety and color on top. */
function selectionInput(body: unknown, query: URLSearchParams): unknown {
  const fromQuery: Record<string, string> = {}
  for (const key of ['variety', 'color']) {
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
    const cart = await removeLine(
      getDb(),
      { userId: user.id },
      { productId: params.productId, variety: selection.variety, color: selection.color },
    )
    return apiJson({ success: true, message: CART_MESSAGES.deleted, data: toApiCart(cart) })
  })
}
