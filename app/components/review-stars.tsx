import { reviewCountLabel } from '~/lib/reviews'

/**
 * The average review as five stars and a number, e.g. ★★★★☆ 4.3, with a link to the reviews; no
 * star at all while the product has no (counted) review: every star is a verified buyer's (ADR 062).
 */
export function ReviewStars({ value, count }: { value: number; count: number }) {
  if (count <= 0 || !value) return <p className="text-sm text-zinc-500 dark:text-zinc-400">No reviews yet</p>
  const rounded = Math.round(value)
  return (
    <p className="flex items-center gap-2 text-sm">
      <span aria-hidden="true" className="text-amber-500">
        {'★'.repeat(rounded)}
        <span className="text-zinc-300 dark:text-zinc-600">{'★'.repeat(5 - rounded)}</span>
      </span>
      <span>
        <span className="sr-only">Average review </span>
        {value.toFixed(1)} out of 5
      </span>
      <a href="#reviews" className="underline">
        {reviewCountLabel(count)}
      </a>
    </p>
  )
}
