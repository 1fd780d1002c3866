// GET /api/shop/order/list/:userId -> {success, data: [{_id, orderDate, orderStatus, paymentStatus, totalAmount}]}
// Newest first; the caller's own orders (the admin may read any user's).
import { getDb } from '~/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/services/api.server'
import { toApiOrderSummary } from '~/services/api-shapes.server'
import { requireApiUser, requireOwnUserId } from '~/services/auth.server'
import { listOrdersOf } from '~/services/orders.server'
import type { Route } from './+types/order-list'

export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = requireApiUser(context)
    requireOwnUserId(user, params.userId, { adminMayRead: true })
    const orders = await listOrdersOf(getDb(), params.userId)
    return apiJson({ success: true, data: orders.map(toApiOrderSummary) })
  })
}

export const action = () => methodNotAllowed('GET')
