// POST /api/shop/order/return/:orderId, the order's owner only (ADR 099): {items: [{productId,
// variety, option2?, color, quantity, reason, exchangeFor?: {variety, option2?, color}}], note}
// (exchangeFor: another size / colour instead of a refund, ADR 105) -> 201 {success, message, data: the return}.
// Anonymous 401; someone else's order or an unknown one 404; bad input (a piece not in the order,
// too many, a reason the policy does not take, the window closed) 400 with `errors`, nothing asked.
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiReturn } from '~/api/serializers.server'
import { parseInput } from '~/domain/errors'
import { getOrderDetail } from '~/domain/orders/order-reads.server'
import { requestReturnOrExchange } from '~/domain/orders/exchanges.server'
import { getDb } from '~/infra/db.server'
import { RETURN_MESSAGES } from '~/lib/returns'
import { apiReturnSchema } from '~/schemas/returns'
import { requireApiUser } from '~/web/auth.server'
import type { Route } from './+types/order-return'

export const loader = () => methodNotAllowed('POST')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const user = requireApiUser(context)
    const order = await getOrderDetail(getDb(), params.orderId, user)
    const input = parseInput(apiReturnSchema, await readBody(request))
    // Each piece names its order line; the domain checks the line exists, the counts and the policy.
    const items = input.items.map((piece) => ({
      line: order.lines.findIndex(
        (l) => l.productId === piece.productId && l.variety === piece.variety && l.option2 === piece.option2 && l.color === piece.color,
      ),
      quantity: piece.quantity,
      reason: piece.reason,
      exchangeFor: piece.exchangeFor ?? null,
    }))
    const ret = await requestReturnOrExchange(getDb(), order.id, { items, note: input.note })
    return apiJson({ success: true, message: RETURN_MESSAGES.requested, data: toApiReturn(ret, order) }, { status: 201 })
  })
}
