// A shopper's review (the product page's form and POST /api/shop/review/add) and the admin's reason
// for hiding one. The domain runs them too, so every way in is held to the same rules.
import { z } from 'zod'
import { REVIEW_LIMITS, REVIEW_MESSAGES, REVIEW_VALUES } from '~/lib/reviews'

const isMissing = (value: unknown) => value === undefined || value === null || value === ''

/** 1 to 5 whole stars; a form's '4' and JSON's 4 alike. Anything else gets one message. */
export const reviewValueSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: REVIEW_MESSAGES.valueRequired })
    .int({ error: REVIEW_MESSAGES.valueRequired })
    .min(REVIEW_VALUES[0], { error: REVIEW_MESSAGES.valueRequired })
    .max(REVIEW_VALUES[4], { error: REVIEW_MESSAGES.valueRequired }),
)

/** Optional text, trimmed; missing or null is ''. */
export const reviewMessageSchema = z.preprocess(
  (value) => (isMissing(value) ? '' : value),
  z
    .string({ error: REVIEW_MESSAGES.messageTooLong })
    .transform((value) => value.replace(/\r\n/g, '\n').trim())
    .pipe(z.string().max(REVIEW_LIMITS.message, { error: REVIEW_MESSAGES.messageTooLong })),
)

export const reviewSchema = z.object({
  reviewValue: reviewValueSchema,
  reviewMessage: reviewMessageSchema,
})
export type ReviewInput = z.infer<typeof reviewSchema>

export const hideReviewSchema = z.object({
  reason: z.preprocess(
    (value) => (isMissing(value) ? '' : value),
    z
      .string({ error: REVIEW_MESSAGES.hideReasonRequired })
      .trim()
      .min(1, { error: REVIEW_MESSAGES.hideReasonRequired })
      .max(REVIEW_LIMITS.hideReason, { error: REVIEW_MESSAGES.hideReasonTooLong }),
  ),
})
