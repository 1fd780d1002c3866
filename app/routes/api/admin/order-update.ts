// PUT /api/admin/orders/update/:id {orderStatus}, admin only -> {success, message}
// orderStatus is one of pending, inProcess, inShipping, delivered, rejected (anything else 400;
// none: 'Please select an order status before submitting.'); unknown order 404; a move the order
// lifecycle table forbids from the current status 400 with `errors.orderStatus`. The change is
// recorded in the order's status history; rejecting a paid order refunds it.
// Extra, optional: `carrier`, `trackingNumber`, `trackingUrl` (shipping details, with a move to
// inShipping or delivered, or with the current status of a shipped order to edit them; a bad one
// is a 400 with `errors` and changes nothing).
import { getDb } from '~/infra/db.server'
import { updateOrderByAdmin } from '~/domain/orders/order-tracking.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { ORDER_MESSAGES } from '~/lib/order-status'
import { orderStatusBodySchema } from '~/schemas/order'
import { hasTrackingFields, type TrackingInput } from '~/schemas/tracking'
import { requireApiAdmin } from '~/web/auth.server'
import { sendRefundsNow } from '~/web/refunds-now.server'
import type { Route } from './+types/order-update'

export const loader = () => methodNotAllowed('PUT')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return handleApi(async () => {
    const admin = requireApiAdmin(context)
    const body = await readBody(request)
    const { orderStatus } = parseInput(orderStatusBodySchema, body)
    const tracking = hasTrackingFields(body) ? (body as TrackingInput) : undefined
    const moved = await updateOrderByAdmin(getDb(), params.id, { orderStatus, tracking }, admin.id)
    if (moved.refundQueued) await sendRefundsNow()
    return apiJson({ success: true, message: ORDER_MESSAGES.statusUpdated })
  })
}
