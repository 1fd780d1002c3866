// A product's reviews: the average, the count and the stars' distribution, the latest
// reviews with 'Verified buyer' and plain-link pages (?reviews=2), and the signed-in shopper's own
// review: the form to write or edit it (plain posts, so without JS as well) and its delete button.
// It imports little on purpose (no ui/field): the product page is the largest on the JS budget.
import { Form, Link } from 'react-router'
import type { OwnReview, ProductReviews as ProductReviewsData, ReviewItem } from '~/domain/catalog/reviews.server'
import { formatAverage, REVIEW_LIMITS, REVIEW_MESSAGES, REVIEW_VALUES, reviewCountLabel } from '~/lib/reviews'
import type { FormReply } from '~/web/form-reply'
import { buttonClass } from './ui/button'

/** The reviews as the page shows them: each with its date in words (formatted by the loader). */
export type ProductReviews = Omit<ProductReviewsData, 'items'> & { items: (ReviewItem & { date: string })[] }

const stars = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`

function Stars({ value }: { value: number }) {
  const rounded = Math.round(value)
  return (
    <span aria-hidden="true" className="text-amber-500">
      {'★'.repeat(rounded)}
      <span className="text-zinc-300 dark:text-zinc-600">{'★'.repeat(5 - rounded)}</span>
    </span>
  )
}

/** The review's fields of a refused post (its echo), else the shopper's own review. */
function formValues(reply: FormReply | undefined, own: OwnReview | null) {
  const echoed = (reply?.initialValue ?? null) as Record<string, unknown> | null
  const value = typeof echoed?.reviewValue === 'string' ? echoed.reviewValue : own ? String(own.reviewValue) : ''
  const message = typeof echoed?.reviewMessage === 'string' ? echoed.reviewMessage : (own?.reviewMessage ?? '')
  return { value, message }
}

function ReviewForm({ productId, own, reply }: { productId: string; own: OwnReview | null; reply?: FormReply }) {
  const { value, message } = formValues(reply, own)
  const valueError = reply?.error?.reviewValue?.[0]
  const messageError = reply?.error?.reviewMessage?.[0]
  return (
    <Form method="post" action={`/shop/product/${productId}`} className="grid gap-3">
      <input type="hidden" name="intent" value="review" />
      <fieldset className="grid gap-2" aria-describedby={valueError ? 'review-value-error' : undefined}>
        <legend className="mb-1 text-sm font-semibold">Your rating</legend>
        <div className="flex flex-wrap gap-2">
          {REVIEW_VALUES.map((n) => (
            <label
              key={n}
              className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md border border-zinc-300 px-3 text-sm has-[:checked]:border-amber-500 has-[:checked]:bg-amber-100 has-[:checked]:text-amber-950 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:border-zinc-700"
            >
              <input type="radio" name="reviewValue" value={n} defaultChecked={value === String(n)} required className="sr-only" />
              <span aria-hidden="true">{n} ★</span>
              <span className="sr-only">{stars(n)}</span>
            </label>
          ))}
        </div>
        {valueError ? (
          <p id="review-value-error" className="text-sm text-red-600 dark:text-red-400">
            {valueError}
          </p>
        ) : null}
      </fieldset>
      <label className="grid gap-1.5 text-sm font-medium">
        Your review (optional)
        <textarea
          name="reviewMessage"
          defaultValue={message}
          maxLength={REVIEW_LIMITS.message}
          rows={4}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? 'review-message-error' : undefined}
          className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 aria-[invalid=true]:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
      </label>
      {messageError ? (
        <p id="review-message-error" className="text-sm text-red-600 dark:text-red-400">
          {messageError}
        </p>
      ) : null}
      {reply?.error?.['']?.[0] ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {reply.error[''][0]}
        </p>
      ) : null}
      <button type="submit" className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
        {own ? 'Save review' : 'Submit review'}
      </button>
    </Form>
  )
}

function OwnReviewBox({ productId, own, reply }: { productId: string; own: OwnReview; reply?: FormReply }) {
  return (
    <div className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h3 className="font-semibold">Your review</h3>
      <p className="text-sm">
        <Stars value={own.reviewValue} /> <span className="sr-only">Rated {own.reviewValue} out of 5. </span>
        {own.reviewMessage ? <span className="whitespace-pre-line">{own.reviewMessage}</span> : null}
      </p>
      {own.hidden ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          The studio has hidden your review from the product page: {own.hiddenReason}
        </p>
      ) : null}
      <details open={Boolean(reply)} className="group">
        <summary className={buttonClass('outline', 'md', 'w-full cursor-pointer sm:w-auto')}>Edit your review</summary>
        <div className="pt-3">
          <ReviewForm productId={productId} own={own} reply={reply} />
        </div>
      </details>
      {/* A delete asks first: the disclosure opens the question, its form posts (JS on or off). */}
      <details className="group">
        <summary className={buttonClass('ghost', 'md', 'w-full cursor-pointer text-red-700 sm:w-auto dark:text-red-400')}>Delete your review</summary>
        <div role="alertdialog" aria-label="Delete your review" className="mt-3 grid gap-3 rounded-lg border border-red-300 p-4 dark:border-red-800">
          <p className="text-sm">Delete your review? Its stars and words leave the product page for good.</p>
          <Form method="post" action={`/shop/product/${productId}`}>
            <input type="hidden" name="intent" value="review-delete" />
            <button type="submit" className={buttonClass('destructive', 'md', 'w-full sm:w-auto')}>
              Yes, delete
            </button>
          </Form>
        </div>
      </details>
    </div>
  )
}

function Distribution({ reviews }: { reviews: ProductReviews }) {
  return (
    <ul aria-label="Ratings by stars" className="grid gap-1 text-sm">
      {reviews.distribution.map(({ value, count }) => {
        const share = reviews.count > 0 ? Math.round((count / reviews.count) * 100) : 0
        return (
          <li key={value} className="grid grid-cols-[4rem_1fr_2.5rem] items-center gap-2">
            <span>{stars(value)}</span>
            <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800">
              <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
            </span>
            <span className="text-right text-zinc-600 dark:text-zinc-400">
              {count}
              <span className="sr-only"> {count === 1 ? 'review' : 'reviews'}</span>
            </span>
          </li>
        )
      })}
    </ul>
  )
}

function Pages({ productId, reviews }: { productId: string; reviews: ProductReviews }) {
  if (reviews.pageCount <= 1) return null
  const link = (page: number) => `/shop/product/${productId}${page > 1 ? `?reviews=${page}` : ''}#reviews`
  return (
    <nav aria-label="Review pages" className="flex flex-wrap items-center justify-between gap-2">
      {reviews.page > 1 ? (
        <Link to={link(reviews.page - 1)} className={buttonClass('outline', 'sm')}>
          Newer reviews
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-zinc-600 dark:text-zinc-400">
        Page {reviews.page} of {reviews.pageCount}
      </span>
      {reviews.page < reviews.pageCount ? (
        <Link to={link(reviews.page + 1)} className={buttonClass('outline', 'sm')}>
          Older reviews
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

/** The reviews section of the product page and its dialog. */
export function ProductReviewsSection({
  productId,
  reviews,
  signedIn,
  reply,
}: {
  productId: string
  reviews: ProductReviews
  signedIn: boolean
  reply?: FormReply
}) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="grid scroll-mt-20 gap-4 border-t border-zinc-200 pt-6 dark:border-zinc-800">
      <h2 id="reviews-heading" className="text-xl font-bold">
        Reviews
      </h2>
      {reviews.count > 0 ? (
        <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-8">
          <div>
            <p className="text-4xl font-bold">{formatAverage(reviews.average)}</p>
            <p className="text-lg">
              <Stars value={reviews.average} />
              <span className="sr-only">Average {formatAverage(reviews.average)} out of 5</span>
            </p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{reviewCountLabel(reviews.count)}</p>
          </div>
          <Distribution reviews={reviews} />
        </div>
      ) : (
        <p className="text-zinc-600 dark:text-zinc-400">No reviews yet.</p>
      )}

      {reviews.own ? (
        <OwnReviewBox productId={productId} own={reviews.own} reply={reply} />
      ) : reviews.canReview ? (
        <div className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <h3 className="font-semibold">Write a review</h3>
          <ReviewForm productId={productId} own={null} reply={reply} />
        </div>
      ) : signedIn ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{REVIEW_MESSAGES.notReceived}</p>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Bought this piece?{' '}
          <Link to={`/auth/login?redirectTo=${encodeURIComponent(`/shop/product/${productId}`)}`} className="underline">
            Sign in to review it
          </Link>
          .
        </p>
      )}

      {reviews.items.length > 0 ? (
        <ol aria-label="Latest reviews" className="grid gap-3">
          {reviews.items.map((review) => (
            <li key={review.id} className="grid gap-1 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
              <p className="flex flex-wrap items-center gap-x-2 text-sm">
                <Stars value={review.reviewValue} />
                <span className="sr-only">Rated {review.reviewValue} out of 5.</span>
                <span className="font-semibold">{review.userName}</span>
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
                  Verified buyer
                </span>
              </p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                {review.date}
                {review.updatedAt > review.createdAt ? ' · edited' : ''}
              </p>
              {review.reviewMessage ? <p className="whitespace-pre-line break-words text-sm">{review.reviewMessage}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}
      <Pages productId={productId} reviews={reviews} />
    </section>
  )
}
