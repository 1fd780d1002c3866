// GET /shop/account/orders/:orderId/return-photos/:name: a photo of a return's damage, for the order's owner only (ADR 101).
import { requireUser } from '~/web/auth.server'
import { returnPhotoResponse } from '~/web/return-photos.server'
import type { Route } from './+types/order-return-photo'

export function loader({ request, context, params }: Route.LoaderArgs) {
  return returnPhotoResponse(requireUser(context, request), params.orderId, params.name)
}
