// POST /api/shop/review/add {productId, userId, userName?, reviewMessage?, reviewValue}
//   -> 201 {success, message, data: Review} (the first review), 200 (a second: it edits the first)
// The caller's own review only (`userId` must be theirs: 403); only a shopper with a delivered order
// holding the product may review it (403); reviewValue 1 to 5, reviewMessage at most 1,000
// characters (400). `userName` is not read: reviews show the account's name.
import { z } from 'zod'
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiReview } from '~/api/serializers.server'
import { parseInput } from '~/domain/errors'
import { saveReview } from '~/domain/catalog/reviews.server'
import { REVIEW_MESSAGES } from '~/lib/reviews'
import { apiUserIdSchema } from '~/schemas/api-user'
import { reviewMessageSchema, reviewValueSchema } from '~/schemas/review'
import { requireApiUser, requireOwnBody } from '~/web/auth.server'
import type { Route } from './+types/review-add'

const addBodySchema = z.object({
  productId: z.string({ error: 'Missing product.' }).trim().min(1, { error: 'Missing product.' }).max(200, { error: 'Unknown product.' }),
  userId: apiUserIdSchema,
  reviewValue: reviewValueSchema,
  reviewMessage: reviewMessageSchema,
})

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const user = requireApiUser(context)
    const body = parseInput(addBodySchema, requireOwnBody(user, await readBody(request)))
    const { review, created } = await saveReview(getDb(), user.id, body.productId, body)
    return apiJson(
      { success: true, message: created ? REVIEW_MESSAGES.added : REVIEW_MESSAGES.updated, data: toApiReview(review) },
      created ? 201 : 200,
    )
  })
}
