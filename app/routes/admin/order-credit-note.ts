// GET /admin/orders/:orderId/credit-note.pdf: any order's credit note for the admin (ADR 035).
import { requireAdmin } from '~/web/auth.server'
import { orderDocumentResponse } from '~/web/order-documents.server'
import type { Route } from './+types/order-credit-note'

export function loader({ request, context, params }: Route.LoaderArgs) {
  // ?refund=<id>: a partial refund's own credit note (ADR 087).
  return orderDocumentResponse(requireAdmin(context, request), params.orderId, 'credit-note', new URL(request.url).searchParams.get('refund') ?? '')
}
