// GET /admin/orders/:orderId/return-photos/:name: a photo of a return's damage, for the admin (ADR 101).
import { requireAdmin } from '~/web/auth.server'
import { returnPhotoResponse } from '~/web/return-photos.server'
import type { Route } from './+types/order-return-photo'

export function loader({ request, context, params }: Route.LoaderArgs) {
  return returnPhotoResponse(requireAdmin(context, request), params.orderId, params.name)
}
