// GET /api/shop/review/:productId[?page=n], newest first
//   -> {success, data: [{_id, reviewValue, reviewMessage, userName, createdAt}], total, capped, cap} (no page: up to 500)
//   -> {success, data: [...], total, pagination: {page, pageSize: 24, total, pageCount}} (page)
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { listAnswerOf, listWindow } from '~/api/lists.server'
import { toApiReview } from '~/api/shapes.server'
import { NotFound } from '~/domain/errors'
import { listReviews } from '~/domain/reviews.server'
import type { Route } from './+types/reviews'
import { PRODUCT_MESSAGES } from '~/lib/catalog'

const MAX_ID_LENGTH = 200

export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    if (params.productId.length > MAX_ID_LENGTH) throw new NotFound(PRODUCT_MESSAGES.notFound)
    const window = listWindow(new URL(request.url).searchParams, 'reviews')
    const reviews = await listReviews(getDb(), params.productId)
    return apiJson(listAnswerOf(reviews, window, toApiReview))
  })
}

export const action = () => methodNotAllowed('GET')
