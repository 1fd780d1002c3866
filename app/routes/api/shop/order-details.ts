// GET /api/shop/order/details/:id -> {success, data: order} for its owner or the admin; 404 for anyone else.
import { getDb } from '~/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/services/api.server'
import { toApiOrder } from '~/services/api-shapes.server'
import { requireApiUser } from '~/services/auth.server'
import { getOrderDetail } from '~/services/orders.server'
import type { Route } from './+types/order-details'

export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = requireApiUser(context)
    const order = await getOrderDetail(getDb(), params.id, user)
    return apiJson({ success: true, data: toApiOrder(order) })
  })
}

export const action = () => methodNotAllowed('GET')
