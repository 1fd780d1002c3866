// Under a delivered order the shopper may no longer return: the day the owner's window closed, and
// where the policy is, rather than no word at all (issue 31, ADR 099).
import { Link } from 'react-router'
import type { ReturnableOrder } from '~/domain/orders/returns.server'
import { formatDate } from '~/lib/dates'

export function ReturnWindowNote({ returnable }: { returnable: Pick<ReturnableOrder, 'refusedFor' | 'windowEndsAt'> }) {
  if (returnable.refusedFor !== 'windowClosed' || !returnable.windowEndsAt) return null
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400">
      Returns for this order closed on {formatDate(returnable.windowEndsAt)}: see our{' '}
      <Link className="underline" to="/shop/policies/returns">
        Returns
      </Link>{' '}
      policy.
    </p>
  )
}
