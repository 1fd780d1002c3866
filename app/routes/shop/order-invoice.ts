// GET /shop/account/orders/:orderId/invoice.pdf: the order's tax invoice (or bill of supply) for its owner (ADR 035).
import { requireUser } from '~/web/auth.server'
import { orderDocumentResponse } from '~/web/order-documents.server'
import type { Route } from './+types/order-invoice'

export function loader({ request, context, params }: Route.LoaderArgs) {
  return orderDocumentResponse(requireUser(context, request), params.orderId, 'invoice')
}
