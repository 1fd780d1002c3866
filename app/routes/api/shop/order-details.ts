// GET /api/shop/order/details/:id -> {success, data: order} for its owner or the admin; 404 for anyone else.
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { toApiOrder } from '~/api/serializers.server'
import { requireApiUser } from '~/web/auth.server'
import { getOrderDetail } from '~/domain/orders/order-reads.server'
import { shipmentView } from '~/domain/shipping/shipment-view.server'
import type { Route } from './+types/order-details'

export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = requireApiUser(context)
    const order = await getOrderDetail(getDb(), params.id, user)
    // Extra (ADR 086): the booked parcel, once there is one.
    const shipment = await shipmentView(getDb(), order.id)
    return apiJson({ success: true, data: { ...toApiOrder(order), ...(shipment ? { shipment } : {}) } })
  })
}

export const action = () => methodNotAllowed('GET')
