// The product page's review forms (app/routes/shop/product.tsx): write or edit one's review
// (intent=review) and delete it (intent=review-delete). Plain posts that redirect back to the
// product's reviews with a flash toast; a refusal (a bad value, not received) comes back as a Conform
// reply that echoes what was typed, so without JS the page shows it next to the field.
import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getDb } from '~/infra/db.server'
import { REVIEW_MESSAGES } from '~/lib/reviews'
import { reviewSchema } from '~/schemas/review'
import { parseInput } from '~/domain/errors'
import { deleteReview, saveReview } from '~/domain/catalog/reviews.server'
import { requireUser } from './auth.server'
import { formAction } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

/** The review form's fields, only to echo them back in a reply (the schema checks them). */
const echoSchema = z.object({
  intent: z.string().optional(),
  reviewValue: z.string().optional(),
  reviewMessage: z.string().optional(),
})

export const REVIEW_INTENTS = ['review', 'review-delete'] as const

export function isReviewIntent(intent: unknown): intent is (typeof REVIEW_INTENTS)[number] {
  return (REVIEW_INTENTS as readonly unknown[]).includes(intent)
}

type Ctx = Readonly<RouterContextProvider>

/** Where a review post lands: the product page at its reviews. */
const reviewsOf = (productId: string) => `/shop/product/${encodeURIComponent(productId)}#reviews`

/** Runs a review form of the product page; a visitor is sent to login (and back here after it). */
export function reviewFormAction(request: Request, context: Ctx, productId: string, form: FormData) {
  const user = requireUser(context, request)
  if (form.get('intent') === 'review-delete') {
    return formAction(
      async () => {
        await deleteReview(getDb(), user.id, productId)
        return redirectWithToast(reviewsOf(productId), { type: 'success', message: REVIEW_MESSAGES.deleted })
      },
      { flash: reviewsOf(productId) },
    )
  }
  return formAction(
    async () => {
      const input = parseInput(reviewSchema, { reviewValue: form.get('reviewValue'), reviewMessage: form.get('reviewMessage') })
      const { created } = await saveReview(getDb(), user.id, productId, input)
      return redirectWithToast(reviewsOf(productId), { type: 'success', message: created ? REVIEW_MESSAGES.added : REVIEW_MESSAGES.updated })
    },
    { reply: { submission: () => parseForm(form, { schema: echoSchema }) } },
  )
}
