// An order's partial refunds (ADR 087), on the shopper's order page and the admin's: each with its
// amount, the owner's reason, the day, what came back and its credit note.
import { formatDate } from '~/lib/dates'
import { type PartialRefundView, partialRefundWords } from '~/lib/refund-shares'

const linkClass =
  'inline-flex min-h-11 items-center rounded-md border border-zinc-300 px-3 py-1 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800'

/** `base` is the order's page; each credit note is `{base}/credit-note.pdf?refund={id}`. */
export function RefundList({ refunds, base }: { refunds: PartialRefundView[]; base: string }) {
  if (refunds.length === 0) return null
  return (
    <section aria-labelledby="refunds-heading" className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="refunds-heading" className="font-semibold">
        Refunds
      </h2>
      <ul className="grid gap-3">
        {refunds.map((refund) => (
          <li key={refund.id} className="grid gap-1 text-sm" data-refund-status={refund.status}>
            <p className="font-medium">
              {partialRefundWords(refund)} <span className="font-normal text-zinc-500 dark:text-zinc-400">· {formatDate(refund.processedAt ?? refund.createdAt)}</span>
            </p>
            <p>Reason: {refund.reason}</p>
            {refund.items.length ? <p>Refunded: {refund.items.map((i) => `${i.quantity} × ${i.title}`).join(', ')}</p> : null}
            {refund.creditNote ? (
              <a href={`${base}/credit-note.pdf?refund=${refund.id}`} download className={`${linkClass} justify-self-start`}>
                Download credit note <span className="ml-1 text-xs font-normal whitespace-nowrap text-zinc-500 dark:text-zinc-400">{refund.creditNote}</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
