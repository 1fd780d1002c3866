// POST /api/admin/products/add {title, description, category, price, salePrice, totalStock,
//   image, images, colors, variety: {type, options|sizes|packs}} (rupees), admin only; an
//   averageReview sent is ignored (computed from the reviews, ADR 062)
//   -> 201 {success, message: 'Product added successfully', data: product}; invalid 400 with errors.
// The server picks the id: an `_id` in the body is ignored.
import { getDb } from '~/infra/db.server'
import { parseApiProduct } from '~/api/admin-products.server'
import { createProduct } from '~/domain/catalog/admin-products.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiAdminProduct } from '~/api/serializers.server'
import { requireApiAdmin } from '~/web/auth.server'
import type { Route } from './+types/product-add'
import { PRODUCT_MESSAGES } from '~/lib/catalog'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    requireApiAdmin(context)
    const input = parseApiProduct(await readBody(request))
    const product = await createProduct(getDb(), input)
    return apiJson({ success: true, message: PRODUCT_MESSAGES.added, data: toApiAdminProduct(product) }, 201)
  })
}
