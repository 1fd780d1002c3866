// GET /api/admin/orders/details/:id, admin only -> {success, data: order}; unknown id 404.
// Any customer's order, with lines, address, payment references and the status history.
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { toApiAdminOrder } from '~/api/serializers.server'
import { requireApiAdmin } from '~/web/auth.server'
import { getOrderDetail } from '~/domain/orders/order-reads.server'
import { shipmentView } from '~/domain/shipping/shipment-view.server'
import type { Route } from './+types/order-details'

export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const admin = requireApiAdmin(context)
    const order = await getOrderDetail(getDb(), params.id, admin)
    // Extra (ADR 086): the booked parcel, once there is one.
    const shipment = await shipmentView(getDb(), order.id)
    return apiJson({ success: true, data: { ...toApiAdminOrder(order), ...(shipment ? { shipment } : {}) } })
  })
}

export const action = () => methodNotAllowed('GET')
