// GET /api/admin/products/get[?page=n], admin only, in title order; deleted products are not listed
//   -> {success, data: [Product], total, capped, cap} (no page: every product up to 500)
//   -> {success, data: [Product], total, pagination: {page, pageSize: 100, total, pageCount}} (page)
import { getDb } from '~/infra/db.server'
import { listAdminProducts } from '~/api/admin-products.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { listAnswer, listWindow } from '~/api/lists.server'
import { toApiAdminProduct } from '~/api/serializers.server'
import { requireApiAdmin } from '~/web/auth.server'
import type { Route } from './+types/products'

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireApiAdmin(context)
    const window = listWindow(new URL(request.url).searchParams, 'adminProducts')
    const products = await listAdminProducts(getDb(), { page: window.paged ? window.page : 1, pageSize: window.limit })
    return apiJson(listAnswer(products.items.map(toApiAdminProduct), products.total, window))
  })
}

export const action = () => methodNotAllowed('GET')
