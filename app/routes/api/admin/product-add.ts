// POST /api/admin/products/add {title, description, category, price, salePrice, totalStock,
//   averageReview, image, images, colors, variety: {type, options|sizes|packs}} (rupees), admin only
//   -> 201 {success, message: 'Product added successfully', data: product}; invalid 400 with errors.
// The server picks the id: an `_id` in the body is ignored.
import { getDb } from '~/db.server'
import { parseApiProduct } from '~/services/admin-product-api.server'
import { createProduct } from '~/services/admin-products.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/services/api.server'
import { toApiProduct } from '~/services/api-shapes.server'
import { requireApiAdmin } from '~/services/auth.server'
import type { Route } from './+types/product-add'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    requireApiAdmin(context)
    const input = parseApiProduct(await readBody(request))
    const product = await createProduct(getDb(), input)
    return apiJson({ success: true, message: 'Product added successfully', data: toApiProduct(product) }, 201)
  })
}
