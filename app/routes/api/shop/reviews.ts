// GET /api/shop/review/:productId[?page=n], newest first, shown reviews only
//   -> {success, data: [{_id, reviewValue, reviewMessage, userName, createdAt, updatedAt}], total, capped, cap} (no page: up to 500)
//   -> {success, data: [...], total, pagination: {page, pageSize: 24, total, pageCount}} (page)
// DELETE /api/shop/review/:productId (signed in) -> {success, message}: deletes the caller's own
//   review of the product; 404 when they have none.
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { listAnswerOf, listWindow } from '~/api/lists.server'
import { toApiReview } from '~/api/serializers.server'
import { NotFound } from '~/domain/errors'
import { deleteReview, listReviews } from '~/domain/catalog/reviews.server'
import { PRODUCT_MESSAGES } from '~/lib/catalog'
import { REVIEW_MESSAGES } from '~/lib/reviews'
import { requireApiUser } from '~/web/auth.server'
import type { Route } from './+types/reviews'

const MAX_ID_LENGTH = 200

export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    if (params.productId.length > MAX_ID_LENGTH) throw new NotFound(PRODUCT_MESSAGES.notFound)
    const window = listWindow(new URL(request.url).searchParams, 'reviews')
    const reviews = await listReviews(getDb(), params.productId)
    return apiJson(listAnswerOf(reviews, window, toApiReview))
  })
}

export function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('GET, DELETE')
  return handleApi(async () => {
    const user = requireApiUser(context)
    if (params.productId.length > MAX_ID_LENGTH) throw new NotFound(REVIEW_MESSAGES.noReview)
    await deleteReview(getDb(), user.id, params.productId)
    return apiJson({ success: true, message: REVIEW_MESSAGES.deleted })
  })
}
