// PUT /api/admin/products/edit/:id {product fields as for add}, admin only
//   -> {success, message: 'Product edited successfully', data: product}; unknown or deleted id 404.
// Fields left out keep their values (an edit without images keeps the pictures); the lists sent
// replace the old ones, and a new variety type drops the other type's options.
import { getDb } from '~/infra/db.server'
import { editBody, parseApiProduct, variantStockSeen } from '~/api/admin-products.server'
import { updateProduct } from '~/domain/catalog/admin-products.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiAdminProduct } from '~/api/serializers.server'
import { getProduct } from '~/domain/catalog/catalog.server'
import { requireApiAdmin } from '~/web/auth.server'
import { NotFound } from '~/domain/errors'
import type { Route } from './+types/product-edit'
import { PRODUCT_MESSAGES } from '~/lib/catalog'

const MAX_ID_LENGTH = 200

export const loader = () => methodNotAllowed('PUT')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return handleApi(async () => {
    const admin = requireApiAdmin(context)
    if (params.id.length > MAX_ID_LENGTH) throw new NotFound(PRODUCT_MESSAGES.notFound)
    const db = getDb()
    const current = await getProduct(db, params.id, 'shelf')
    const input = parseApiProduct(editBody(current, await readBody(request)))
    // Stock the request leaves as it was (the product's, or a variant's) is not written back over sales made meanwhile.
    const product = await updateProduct(db, params.id, input, { stockSeen: current.totalStock, variantStockSeen: variantStockSeen(current), actorId: admin.id })
    return apiJson({ success: true, message: PRODUCT_MESSAGES.edited, data: toApiAdminProduct(product) })
  })
}
