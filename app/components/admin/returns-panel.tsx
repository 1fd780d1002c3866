// The dashboard's returns waiting for the owner (issue 31, ADR 099): asked for (approve or decline) and
// received (check and refund). Approved ones wait for the shopper's parcel, not for the owner.
import { Link } from 'react-router'
import { Panel } from './dashboard-panels'

export function ReturnsWaitingPanel({ counts }: { counts: { requested: number; received: number } }) {
  const waiting = counts.requested + counts.received
  return (
    <Panel
      title="Returns"
      action={
        <Link to="/admin/returns" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline dark:text-brand-500">
          View all
        </Link>
      }
    >
      <p>
        <Link to="/admin/returns?status=open" className="inline-flex min-h-11 items-center gap-2 hover:underline">
          <strong className="text-3xl">{waiting}</strong> {waiting === 1 ? 'return waits' : 'returns wait'} for you
        </Link>
      </p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {counts.requested} to approve or decline, {counts.received} received to refund.
      </p>
    </Panel>
  )
}
