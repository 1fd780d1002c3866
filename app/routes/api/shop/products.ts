// GET /api/shop/products/get?category=a,b&price=..&availability=..&sortBy=..&page=n
//   -> {success, data: [cards], pagination: {page, pageSize, total, pageCount}}
import { getDb } from '~/db.server'
import { parseListingQuery } from '~/lib/listing-filters'
import { apiJson, handleApi, methodNotAllowed } from '~/services/api.server'
import { toApiProductCard } from '~/services/api-shapes.server'
import { listProducts } from '~/services/catalog.server'
import type { Route } from './+types/products'

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const query = parseListingQuery(new URL(request.url).searchParams)
    const page = await listProducts(getDb(), query)
    return apiJson({
      success: true,
      data: page.items.map(toApiProductCard),
      pagination: { page: page.page, pageSize: page.pageSize, total: page.total, pageCount: page.pageCount },
    })
  })
}

export const action = () => methodNotAllowed('GET')
