// DELETE /api/admin/products/delete/:id, admin only -> {success, message: 'Product deleted successfully'}
// Soft delete: shoppers no longer see it, past orders and carts keep pointing at it. Unknown id 404.
import { getDb } from '~/infra/db.server'
import { deleteProduct } from '~/domain/catalog/admin-products.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { requireApiAdmin } from '~/web/auth.server'
import type { Route } from './+types/product-delete'
import { PRODUCT_MESSAGES } from '~/lib/catalog'

export const loader = () => methodNotAllowed('DELETE')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  return handleApi(async () => {
    requireApiAdmin(context)
    await deleteProduct(getDb(), params.id)
    return apiJson({ success: true, message: PRODUCT_MESSAGES.deleted })
  })
}
