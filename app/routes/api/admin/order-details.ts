// GET /api/admin/orders/details/:id, admin only -> {success, data: order}; unknown id 404.
// Any customer's order, with lines, address, payment references and the status history.
import { getDb } from '~/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/services/api.server'
import { toApiAdminOrder } from '~/services/api-shapes.server'
import { requireApiAdmin } from '~/services/auth.server'
import { getOrderDetail } from '~/services/orders.server'
import type { Route } from './+types/order-details'

export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const admin = requireApiAdmin(context)
    const order = await getOrderDetail(getDb(), params.id, admin)
    return apiJson({ success: true, data: toApiAdminOrder(order) })
  })
}

export const action = () => methodNotAllowed('GET')
