// GET /api/admin/products/get?page=n, admin only
//   -> {success, data: [products in full], pagination: {page, pageSize, total, pageCount}}
// 100 products a page in title order; deleted products are not listed.
import { z } from 'zod'
import { getDb } from '~/db.server'
import { ADMIN_PRODUCTS_PAGE_SIZE, listAdminProducts } from '~/services/admin-product-api.server'
import { apiJson, handleApi, methodNotAllowed, parseInput } from '~/services/api.server'
import { toApiProduct } from '~/services/api-shapes.server'
import { requireApiAdmin } from '~/services/auth.server'
import { pageSchema } from '~/schemas/pagination'
import type { Route } from './+types/products'

const querySchema = z.object({
  page: pageSchema,
})

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireApiAdmin(context)
    const params = new URL(request.url).searchParams
    const { page } = parseInput(querySchema, { page: params.get('page') || undefined })
    const products = await listAdminProducts(getDb(), page)
    return apiJson({
      success: true,
      data: products.items.map(toApiProduct),
      pagination: { page: products.page, pageSize: ADMIN_PRODUCTS_PAGE_SIZE, total: products.total, pageCount: products.pageCount },
    })
  })
}

export const action = () => methodNotAllowed('GET')
