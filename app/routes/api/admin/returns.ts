// GET /api/admin/returns[?status=&page=n], admin only (extra, ADR 099): the shoppers' returns, newest
// first. `status`: `open` (requested, approved or received) or one state; none: all; anything else 400.
//   -> {success, data: [Return], total, capped, cap} (no page) or {success, data, total, pagination} (a page)
// Each Return as the order details' returns[] show it, with `orderId`, `orderNumber` and `shopper: {name, email}`.
import { listAnswer, listWindow } from '~/api/lists.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { toApiReturn } from '~/api/serializers.server'
import { parseInput } from '~/domain/errors'
import { getOrderDetails } from '~/domain/orders/order-reads.server'
import { listReturns } from '~/domain/orders/returns.server'
import { getDb } from '~/infra/db.server'
import { apiReturnFilterSchema } from '~/schemas/returns'
import { requireApiAdmin } from '~/web/auth.server'
import type { Route } from './+types/returns'

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireApiAdmin(context)
    const params = new URL(request.url).searchParams
    const query = parseInput(apiReturnFilterSchema, { status: params.get('status') || undefined })
    const window = listWindow(params, 'adminReturns')
    const db = getDb()
    const list = await listReturns(db, { status: query.status ?? null, page: window.paged ? window.page : 1, pageSize: window.limit })
    const orders = new Map(
      (
        await getOrderDetails(
          db,
          list.items.map((r) => r.orderId),
        )
      ).map((o) => [o.id, o]),
    )
    const items = list.items.map((ret) => ({
      ...toApiReturn(ret, orders.get(ret.orderId) ?? { lines: [] }),
      orderId: ret.orderId,
      orderNumber: ret.orderNumber,
      shopper: ret.shopper,
    }))
    return apiJson(listAnswer(items, list.total, window))
  })
}

export const action = () => methodNotAllowed('GET')
