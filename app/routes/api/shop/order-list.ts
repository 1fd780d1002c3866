// GET /api/shop/order/list/:userId[?view=&page=n], newest first; the caller's own orders (the admin may
// read any user's). `view` (optional): `orders` (the default: abandoned unpaid checkouts left out, as
// the Order History page) or `all` (every row); an unknown view is a 400.
//   -> {success, data: [Order], total, capped, cap} (no page: every order up to 500)
//   -> {success, data: [Order], total, pagination: {page, pageSize: 20, total, pageCount}} (page)
import { z } from 'zod'
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { listAnswer, listWindow } from '~/api/lists.server'
import { toApiOrder } from '~/api/serializers.server'
import { parseInput } from '~/domain/errors'
import { requireApiUser, requireOwnUserId } from '~/web/auth.server'
import { abandonedBefore, countOrdersOf, getOrderDetails, listOrdersOf, OWN_ORDER_LIST_VIEWS } from '~/domain/orders/order-reads.server'
import type { Route } from './+types/order-list'

const querySchema = z.object({
  view: z.enum(OWN_ORDER_LIST_VIEWS, { error: `View must be one of ${OWN_ORDER_LIST_VIEWS.join(', ')}` }).optional(),
})

export function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = requireApiUser(context)
    requireOwnUserId(user, params.userId, { adminMayRead: true })
    const search = new URL(request.url).searchParams
    const query = parseInput(querySchema, { view: search.get('view') || undefined })
    const window = listWindow(search, 'orders')
    const hideUnpaidBefore = (query.view ?? 'orders') === 'orders' ? abandonedBefore() : undefined
    const db = getDb()
    const [orders, total] = await Promise.all([
      listOrdersOf(db, params.userId, { limit: window.limit, offset: window.offset, hideUnpaidBefore }),
      countOrdersOf(db, params.userId, { hideUnpaidBefore }),
    ])
    const details = await getOrderDetails(
      db,
      orders.map((o) => o.id),
    )
    return apiJson(listAnswer(details.map(toApiOrder), total, window))
  })
}

export const action = () => methodNotAllowed('GET')
