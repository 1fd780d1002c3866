// PUT /api/admin/orders/update/:id {orderStatus}, admin only -> {success, message}
// orderStatus is one of pending, inProcess, inShipping, delivered, rejected (anything else 400;
// none: 'Please select an order status before submitting.'); unknown order 404. The change is
// recorded in the order's status history.
import { getDb } from '~/infra/db.server'
import { updateOrderStatus } from '~/domain/admin-orders.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { requireApiAdmin } from '~/web/auth.server'
import type { Route } from './+types/order-update'

export const loader = () => methodNotAllowed('PUT')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return handleApi(async () => {
    const admin = requireApiAdmin(context)
    const body = await readBody(request)
    const status = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { orderStatus?: unknown }).orderStatus : undefined
    const message = await updateOrderStatus(getDb(), params.id, status, admin.id)
    return apiJson({ success: true, message })
  })
}
