// GET /admin/orders/:orderId/invoice.pdf: any order's tax invoice (or bill of supply) for the admin (ADR 035).
import { requireAdmin } from '~/web/auth.server'
import { orderDocumentResponse } from '~/web/order-documents.server'
import type { Route } from './+types/order-invoice'

export function loader({ request, context, params }: Route.LoaderArgs) {
  return orderDocumentResponse(requireAdmin(context, request), params.orderId, 'invoice')
}
