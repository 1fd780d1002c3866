// GET /api/shop/review/:productId -> {success, data: [{_id, reviewValue, reviewMessage, userName, createdAt}]}
import { getDb } from '~/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/services/api.server'
import { toApiReview } from '~/services/api-shapes.server'
import { NotFound } from '~/services/errors'
import { listReviews } from '~/services/reviews.server'
import type { Route } from './+types/reviews'

const MAX_ID_LENGTH = 200

export function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    if (params.productId.length > MAX_ID_LENGTH) throw new NotFound('Product not found.')
    const reviews = await listReviews(getDb(), params.productId)
    return apiJson({ success: true, data: reviews.map(toApiReview) })
  })
}

export const action = () => methodNotAllowed('GET')
