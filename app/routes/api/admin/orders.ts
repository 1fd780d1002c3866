// GET /api/admin/orders/get[?status=&view=&page=n], admin only, newest first; an unknown status or view is a 400
// `view` (optional): `orders` (the default: unpaid checkouts left out, as the admin's All Orders
// page), `unpaid` (only them, as the Unpaid checkouts view) or `all` (every row).
//   -> {success, data: [Order], total, capped, cap} (no page: every order up to 1000)
//   -> {success, data: [Order], total, pagination: {page, pageSize: 20, total, pageCount}} (page)
// Each Order in full as the admin sees it (lines, address, customer, payment references).
import { z } from 'zod'
import { getDb } from '~/infra/db.server'
import { ALL_ORDER_STATUSES } from '~/lib/order-status'
import { listAllOrders, ORDER_LIST_VIEWS } from '~/domain/orders/admin-orders.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { listAnswer, listWindow } from '~/api/lists.server'
import { toApiAdminOrder } from '~/api/serializers.server'
import { requireApiAdmin } from '~/web/auth.server'
import { getOrderDetails } from '~/domain/orders/order-reads.server'
import type { Route } from './+types/orders'

const querySchema = z.object({
  status: z.enum(ALL_ORDER_STATUSES, { error: `Status must be one of ${ALL_ORDER_STATUSES.join(', ')}` }).optional(),
  view: z.enum(ORDER_LIST_VIEWS, { error: `View must be one of ${ORDER_LIST_VIEWS.join(', ')}` }).optional(),
})

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireApiAdmin(context)
    const params = new URL(request.url).searchParams
    const query = parseInput(querySchema, { status: params.get('status') || undefined, view: params.get('view') || undefined })
    const window = listWindow(params, 'adminOrders')
    const db = getDb()
    const orders = await listAllOrders(db, {
      status: query.status ?? null,
      view: query.view ?? 'orders',
      page: window.paged ? window.page : 1,
      pageSize: window.limit,
    })
    const details = await getOrderDetails(
      db,
      orders.items.map((o) => o.id),
    )
    return apiJson(listAnswer(details.map(toApiAdminOrder), orders.total, window))
  })
}

export const action = () => methodNotAllowed('GET')
