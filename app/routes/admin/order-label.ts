// GET /admin/orders/:orderId/label.pdf: the courier's label of the order's booked parcel (ADR 086).
import { requireAdmin } from '~/web/auth.server'
import { labelResponse } from '~/web/admin-ship.server'
import type { Route } from './+types/order-label'

export function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request)
  return labelResponse(params.orderId)
}
