// GET /admin/shipping/manifest.pdf?day=YYYY-MM-DD: the pickup manifest of the day's parcels (ADR 086).
import { requireAdmin } from '~/web/auth.server'
import { manifestResponse } from '~/web/admin-ship.server'
import type { Route } from './+types/shipping-manifest'

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request)
  return manifestResponse(new URL(request.url).searchParams.get('day'), '/admin/orders')
}
