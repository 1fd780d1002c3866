// GET /api/shop/order/list/:userId[?page=n], newest first; the caller's own orders (the admin may
// read any user's)
//   -> {success, data: [Order], total, capped, cap} (no page: every order up to 500)
//   -> {success, data: [Order], total, pagination: {page, pageSize: 20, total, pageCount}} (page)
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { listAnswer, listWindow } from '~/api/lists.server'
import { toApiOrder } from '~/api/shapes.server'
import { requireApiUser, requireOwnUserId } from '~/web/auth.server'
import { countOrdersOf, getOrderDetails, listOrdersOf } from '~/domain/orders.server'
import type { Route } from './+types/order-list'

export function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = requireApiUser(context)
    requireOwnUserId(user, params.userId, { adminMayRead: true })
    const window = listWindow(new URL(request.url).searchParams, 'orders')
    const db = getDb()
    const [orders, total] = await Promise.all([
      listOrdersOf(db, params.userId, { limit: window.limit, offset: window.offset }),
      countOrdersOf(db, params.userId),
    ])
    const details = await getOrderDetails(
      db,
      orders.map((o) => o.id),
    )
    return apiJson(listAnswer(details.map(toApiOrder), total, window))
  })
}

export const action = () => methodNotAllowed('GET')
