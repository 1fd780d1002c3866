// Verified-buyer reviews: the rating scale, limits, page sizes and messages, one home each.

/** The stars a shopper may give, lowest first. */
export const REVIEW_VALUES = [1, 2, 3, 4, 5] as const

export const REVIEW_LIMITS = { message: 1000, hideReason: 300 } as const

/** Reviews per page: on the product page (and its dialog) and in the admin's list. */
export const REVIEWS_PAGE_SIZE = 5
export const ADMIN_REVIEWS_PAGE_SIZE = 20

export const REVIEW_MESSAGES = {
  added: 'Thank you! Your review is published.',
  updated: 'Your review is updated.',
  deleted: 'Your review is deleted.',
  valueRequired: 'Please choose a rating from 1 to 5 stars.',
  messageTooLong: `Your review can be at most ${REVIEW_LIMITS.message.toLocaleString('en-IN')} characters.`,
  notReceived: 'Only shoppers who have received this piece can review it.',
  signInToReview: 'Please sign in to review this piece.',
  noReview: 'You have not reviewed this piece.',
  notFound: 'Review not found.',
  hideReasonRequired: 'Please say why the review is hidden.',
  hideReasonTooLong: `The reason can be at most ${REVIEW_LIMITS.hideReason} characters.`,
  hidden: 'The review is hidden.',
  shown: 'The review is shown again.',
} as const

/** '4.3' for an average; used by the stars, the summary and the structured data. */
export function formatAverage(value: number): string {
  return value.toFixed(1)
}

/** '1 review', '12 reviews'. */
export function reviewCountLabel(count: number): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? 'review' : 'reviews'}`
}
