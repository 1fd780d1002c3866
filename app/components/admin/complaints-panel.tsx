// The dashboard's complaints nearing the rules' one month unresolved (ADR 089).
import { Link } from 'react-router'
import type { Complaint } from '~/domain/complaints/complaints.server'
import { COMPLAINT_NEARING_DAYS, COMPLAINT_RESOLVE_DAYS, COMPLAINT_STATUS_LABELS } from '~/lib/complaints'
import { formatDate } from '~/lib/dates'
import { Panel } from './dashboard-panels'

export function ComplaintsNearingPanel({ complaints }: { complaints: Pick<Complaint, 'id' | 'ticket' | 'status' | 'createdAt'>[] }) {
  return (
    <Panel title="Complaints nearing one month">
      {complaints.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No complaint has been open {COMPLAINT_NEARING_DAYS} days or more.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {complaints.map((c) => (
            <li key={c.id}>
              <strong>{c.ticket}</strong>, {COMPLAINT_STATUS_LABELS[c.status]}, received {formatDate(c.createdAt)}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        The rules ask for a complaint to be resolved within {COMPLAINT_RESOLVE_DAYS} days.{' '}
        <Link className="underline" to="/admin/complaints">
          All complaints
        </Link>
      </p>
    </Panel>
  )
}
