// GET /admin/orders/:orderId/packing-slip.pdf: a paid order's packing slip for the admin (ADR 072).
import { requireAdmin } from '~/web/auth.server'
import { packingSlipResponse } from '~/web/packing-slips.server'
import type { Route } from './+types/order-packing-slip'

export function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request)
  return packingSlipResponse([params.orderId], `/admin/orders/${params.orderId}`)
}
