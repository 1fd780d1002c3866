// GET /api/shop/products/get/:id -> {success, data: product}; 404 for unknown, deleted or malformed ids.
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { toApiProduct } from '~/api/serializers.server'
import { getProduct } from '~/domain/catalog/catalog.server'
import { NotFound } from '~/domain/errors'
import type { Route } from './+types/product'
import { PRODUCT_MESSAGES } from '~/lib/catalog'

/** Ids are short opaque strings; anything far longer cannot name a product. */
const MAX_ID_LENGTH = 200

export function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    if (params.id.length > MAX_ID_LENGTH) throw new NotFound(PRODUCT_MESSAGES.notFound)
    const product = await getProduct(getDb(), params.id)
    return apiJson({ success: true, data: toApiProduct(product) })
  })
}

export const action = () => methodNotAllowed('GET')
