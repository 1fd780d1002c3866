// The admin's reviews: every review, newest first, hidden ones too (or only those), with
// 'Hide' (a reason is required; the shopper sees it) and 'Show again'. Plain forms: the same with
// JavaScript on or off.
import { Form, Link } from 'react-router'
import { Button, buttonClass } from '~/components/ui/button'
import { Field, Input } from '~/components/ui/field'
import { listAllReviews } from '~/domain/catalog/reviews.server'
import { getDb } from '~/infra/db.server'
import { cn } from '~/lib/cn'
import { formatDateTime } from '~/lib/dates'
import { REVIEW_LIMITS } from '~/lib/reviews'
import { pageParam } from '~/schemas/pagination'
import { adminReviewFormAction } from '~/web/admin-review-forms.server'
import type { FormReply } from '~/web/form-reply'
import type { Route } from './+types/reviews'

export const meta: Route.MetaFunction = () => [{ title: 'Reviews · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const hiddenOnly = url.searchParams.get('show') === 'hidden'
  return { reviews: await listAllReviews(getDb(), { page: pageParam(url), hiddenOnly }), hiddenOnly }
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url)
  const back = `/admin/reviews${url.search}`
  return adminReviewFormAction(await request.formData(), back)
}

const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`

/** The reply's errors when it answers this review's form. */
function replyFor(reply: FormReply | undefined, reviewId: string) {
  const echoed = (reply?.initialValue ?? null) as Record<string, unknown> | null
  return echoed?.reviewId === reviewId ? reply : undefined
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, hiddenOnly } = loaderData
  const query = (page: number) => `?${new URLSearchParams({ ...(hiddenOnly ? { show: 'hidden' } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Reviews</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Reviews from shoppers who received the piece. A hidden review leaves the product page and its average; its author sees it
        with your reason.
      </p>
      <nav aria-label="Which reviews" className="flex flex-wrap gap-2">
        <Link to="/admin/reviews" aria-current={!hiddenOnly ? 'page' : undefined} className={buttonClass(hiddenOnly ? 'outline' : 'primary', 'sm')}>
          All reviews
        </Link>
        <Link to="/admin/reviews?show=hidden" aria-current={hiddenOnly ? 'page' : undefined} className={buttonClass(hiddenOnly ? 'primary' : 'outline', 'sm')}>
          Hidden only
        </Link>
      </nav>
      {reviews.items.length === 0 ? (
        <p className="text-zinc-600">{hiddenOnly ? 'No hidden reviews.' : 'No reviews yet.'}</p>
      ) : (
        <ul aria-label="Reviews" className="grid gap-3">
          {reviews.items.map((review) => {
            const reply = replyFor(actionData, review.id)
            const reasonError = reply?.error?.reason?.[0] ?? reply?.error?.['']?.[0]
            return (
              <li key={review.id} className={cn('grid gap-2 rounded-lg border p-4', review.hidden ? 'border-amber-400 bg-amber-50/50 dark:bg-amber-950/30' : 'border-zinc-200 dark:border-zinc-800')}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-semibold">
                    <Link to={`/admin/products/${review.productId}/edit`} className="inline-flex min-h-11 items-center underline">
                      {review.productTitle}
                    </Link>
                  </h2>
                  <span className="text-sm text-zinc-600 dark:text-zinc-400">{formatDateTime(review.createdAt)}</span>
                </div>
                <p className="text-sm">
                  <span className="text-amber-500" aria-hidden="true">
                    {stars(review.reviewValue)}
                  </span>
                  <span className="sr-only">Rated {review.reviewValue} out of 5.</span> by {review.userName} ({review.email})
                </p>
                {review.reviewMessage ? <p className="whitespace-pre-line break-words text-sm">{review.reviewMessage}</p> : null}
                {review.hidden ? (
                  <>
                    <p className="text-sm font-medium text-amber-900 dark:text-amber-200">
                      Hidden{review.hiddenAt ? ` on ${formatDateTime(review.hiddenAt)}` : ''}: {review.hiddenReason}
                    </p>
                    <Form method="post">
                      <input type="hidden" name="intent" value="show" />
                      <input type="hidden" name="reviewId" value={review.id} />
                      <Button type="submit" variant="outline" className="w-full sm:w-auto">
                        Show again
                      </Button>
                    </Form>
                  </>
                ) : (
                  <details open={Boolean(reply)}>
                    <summary className={buttonClass('outline', 'md', 'w-full cursor-pointer sm:w-auto')}>Hide…</summary>
                    <Form method="post" className="grid gap-2 pt-3">
                      <input type="hidden" name="intent" value="hide" />
                      <input type="hidden" name="reviewId" value={review.id} />
                      <Field label="Reason (the shopper sees it)" errors={reasonError ? [reasonError] : undefined} errorId={`reason-${review.id}-error`}>
                        <Input
                          name="reason"
                          required
                          maxLength={REVIEW_LIMITS.hideReason}
                          defaultValue={typeof reply?.initialValue?.reason === 'string' ? reply.initialValue.reason : ''}
                          aria-invalid={reasonError ? true : undefined}
                          aria-describedby={reasonError ? `reason-${review.id}-error` : undefined}
                        />
                      </Field>
                      <Button type="submit" variant="destructive" className="w-full sm:w-auto">
                        Hide review
                      </Button>
                    </Form>
                  </details>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {reviews.pageCount > 1 ? (
        <nav aria-label="Pages" className="flex flex-wrap justify-center gap-2">
          {Array.from({ length: reviews.pageCount }, (_, i) => i + 1).map((page) => (
            <Link key={page} to={query(page)} aria-current={page === reviews.page ? 'page' : undefined} className={buttonClass(page === reviews.page ? 'primary' : 'outline', 'sm')}>
              {page}
            </Link>
          ))}
        </nav>
      ) : null}
    </section>
  )
}
