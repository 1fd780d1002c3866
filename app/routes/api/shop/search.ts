// GET /api/shop/search/:keyword[?page=n] -> {success, data: [Product], total, capped, cap} (no page)
//   or {success, data: [Product], total, pagination} (page); the keyword is matched literally.
// The search reads at most its cap (500) of matches: `total` counts up to the cap, and `capped`
// says there were more.
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { API_LISTS, listAnswer, listWindow } from '~/api/lists.server'
import { toApiProduct } from '~/api/serializers.server'
import { productCards, withDetails } from '~/domain/catalog/catalog.server'
import { matchProducts } from '~/domain/catalog/product-search.server'
import type { Route } from './+types/search'

export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const window = listWindow(new URL(request.url).searchParams, 'search')
    const { cap } = API_LISTS.search
    // React Router has already percent-decoded the segment; the service trims and escapes it.
    const keyword = (params.keyword ?? '').trim()
    const db = getDb()
    // One past the cap tells whether there are more. The matches are ids: only the page's cards are read.
    const found = keyword ? await matchProducts(db, keyword, cap + 1) : []
    const matches = found.slice(0, cap)
    const products = await withDetails(db, await productCards(db, matches.slice(window.offset, window.offset + window.limit)))
    const answer = listAnswer(products.map(toApiProduct), matches.length, window)
    return apiJson(window.paged ? answer : { ...answer, capped: found.length > cap })
  })
}

export const action = () => methodNotAllowed('GET')
