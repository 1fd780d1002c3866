// GET /api/shop/search/:keyword -> {success, data: [cards]}; the keyword is matched literally.
import { getDb } from '~/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/services/api.server'
import { toApiProductCard } from '~/services/api-shapes.server'
import { searchProducts } from '~/services/catalog.server'
import type { Route } from './+types/search'

export function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    // React Router has already percent-decoded the segment; the service trims and escapes it.
    const keyword = (params.keyword ?? '').trim()
    const products = keyword ? await searchProducts(getDb(), keyword) : []
    return apiJson({ success: true, data: products.map(toApiProductCard) })
  })
}

export const action = () => methodNotAllowed('GET')
