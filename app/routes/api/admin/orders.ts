// GET /api/admin/orders/get?status=&page=, admin only
//   -> {success, data: [{_id, orderDate, orderStatus, paymentStatus, totalAmount, userInfo}],
//       pagination: {page, pageSize, total, pageCount}}; newest first. An unknown status is a 400.
import { z } from 'zod'
import { getDb } from '~/db.server'
import { ALL_ORDER_STATUSES } from '~/lib/order-status'
import { ADMIN_ORDERS_PAGE_SIZE, listAllOrders } from '~/services/admin-orders.server'
import { apiJson, handleApi, methodNotAllowed, parseInput } from '~/services/api.server'
import { toApiAdminOrderSummary } from '~/services/api-shapes.server'
import { requireApiAdmin } from '~/services/auth.server'
import { pageSchema } from '~/schemas/pagination'
import type { Route } from './+types/orders'

const querySchema = z.object({
  status: z.enum(ALL_ORDER_STATUSES, { error: `Status must be one of ${ALL_ORDER_STATUSES.join(', ')}` }).optional(),
  page: pageSchema,
})

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireApiAdmin(context)
    const params = new URL(request.url).searchParams
    const query = parseInput(querySchema, { status: params.get('status') || undefined, page: params.get('page') || undefined })
    const orders = await listAllOrders(getDb(), { status: query.status ?? null, page: query.page })
    return apiJson({
      success: true,
      data: orders.items.map(toApiAdminOrderSummary),
      pagination: { page: orders.page, pageSize: ADMIN_ORDERS_PAGE_SIZE, total: orders.total, pageCount: orders.pageCount },
    })
  })
}

export const action = () => methodNotAllowed('GET')
