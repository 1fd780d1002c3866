// POST /api/shop/order/cancel/:id, the order's owner only -> {success, message, data: Order}.
// Allowed while the lifecycle table lets the shopper cancel (pending or confirmed, before the studio
// accepts the order); a paid order's refund is queued and sent. Anonymous 401, someone else's order
// 403, unknown 404, too late 400 with `errors.orderStatus`.
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { toApiOrder } from '~/api/serializers.server'
import { cancelOrder } from '~/domain/orders/order-lifecycle.server'
import { getOrderDetail } from '~/domain/orders/order-reads.server'
import { getDb } from '~/infra/db.server'
import { ORDER_MESSAGES } from '~/lib/order-status'
import { requireApiUser } from '~/web/auth.server'
import { sendRefundsNow } from '~/web/refunds-now.server'
import type { Route } from './+types/order-cancel'

export const loader = () => methodNotAllowed('POST')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const user = requireApiUser(context)
    const result = await cancelOrder(getDb(), params.id, user)
    if (result.refundQueued) await sendRefundsNow()
    const order = await getOrderDetail(getDb(), params.id, user)
    return apiJson({ success: true, message: result.refundQueued ? ORDER_MESSAGES.cancelled : ORDER_MESSAGES.cancelledUnpaid, data: toApiOrder(order) })
  })
}
