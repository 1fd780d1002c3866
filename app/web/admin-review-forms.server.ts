// The admin's reviews page (app/routes/admin/reviews.tsx): hide a review with a reason
// (intent=hide) or show it again (intent=show). A missing reason comes back as a Conform reply that
// echoes the review's id, so the page shows the message next to that review's reason field.
import { z } from 'zod'
import { getDb } from '~/infra/db.server'
import { REVIEW_MESSAGES } from '~/lib/reviews'
import { hideReview, showReview } from '~/domain/catalog/reviews.server'
import { formAction } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

const echoSchema = z.object({
  intent: z.string().optional(),
  reviewId: z.string().optional(),
  reason: z.string().optional(),
})

/** Runs one of the page's forms; `back` is the page (with its query) the admin returns to. */
export function adminReviewFormAction(form: FormData, back: string) {
  const reviewId = String(form.get('reviewId') ?? '').slice(0, 200)
  return formAction(
    async () => {
      if (form.get('intent') === 'show') {
        await showReview(getDb(), reviewId)
        return redirectWithToast(back, { type: 'success', message: REVIEW_MESSAGES.shown })
      }
      await hideReview(getDb(), reviewId, { reason: form.get('reason') })
      return redirectWithToast(back, { type: 'success', message: REVIEW_MESSAGES.hidden })
    },
    { reply: { submission: () => parseForm(form, { schema: echoSchema }) } },
  )
}
