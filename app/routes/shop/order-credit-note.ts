// GET /shop/account/orders/:orderId/credit-note.pdf: the order's credit note for its owner (ADR 035).
import { requireUser } from '~/web/auth.server'
import { orderDocumentResponse } from '~/web/order-documents.server'
import type { Route } from './+types/order-credit-note'

export function loader({ request, context, params }: Route.LoaderArgs) {
  // ?refund=<id>: a partial refund's own credit note (ADR 087).
  return orderDocumentResponse(requireUser(context, request), params.orderId, 'credit-note', new URL(request.url).searchParams.get('refund') ?? '')
}
