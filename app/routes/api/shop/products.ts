// GET /api/shop/products/get?category=a,b&price=..&availability=..&sortBy=..[&page=n]
//   -> {success, data: [Product], total, capped, cap} (no page: every match up to 500)
//   -> {success, data: [Product], total, pagination: {page, pageSize: 24, total, pageCount}} (page)
// Unknown filter names or values, an unknown sortBy or a bad page: 400 with errors (docs/api.md).
import { getDb } from '~/infra/db.server'
import { apiListingInput, apiListingQuerySchema, toListingQuery } from '~/schemas/api-listing'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { listAnswer, listWindow } from '~/api/lists.server'
import { toApiProduct } from '~/api/serializers.server'
import { listProducts, withDetails } from '~/domain/catalog/catalog.server'
import type { Route } from './+types/products'

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const params = new URL(request.url).searchParams
    const query = toListingQuery(parseInput(apiListingQuerySchema, apiListingInput(params)))
    const window = listWindow(params, 'products')
    const db = getDb()
    const page = await listProducts(db, {
      ...query,
      page: window.paged ? window.page : 1,
      pageSize: window.limit,
    })
    const products = await withDetails(db, page.items)
    return apiJson(listAnswer(products.map(toApiProduct), page.total, window))
  })
}

export const action = () => methodNotAllowed('GET')
