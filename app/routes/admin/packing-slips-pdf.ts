// GET /admin/packing-slips.pdf?order=ID&order=ID...: the chosen orders' packing slips in one PDF,
// soonest dispatch first, at most PACKING_SLIP_BATCH (ADR 072). The packing-slips page's GET form.
import { pageParam } from '~/schemas/pagination'
import { requireAdmin } from '~/web/auth.server'
import { packingSlipResponse } from '~/web/packing-slips.server'
import type { Route } from './+types/packing-slips-pdf'

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request)
  const url = new URL(request.url)
  const page = pageParam(url)
  return packingSlipResponse(url.searchParams.getAll('order'), `/admin/packing-slips${page > 1 ? `?page=${page}` : ''}`)
}
