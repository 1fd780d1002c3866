// One complaint in the admin's list (/admin/complaints, ADR 089): its ticket, sender, order and message,
// and a form to move it and write the resolution the complainant is mailed; once resolved, the
// resolution, and the refusal of a move posted from a page opened before (409) still shows here.
import { Form, Link } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import { inputClass } from '~/components/ui/field'
import type { Complaint } from '~/domain/complaints/complaints.server'
import { COMPLAINT_MOVES, COMPLAINT_STATUS_LABELS, type ComplaintFormReply, complaintResolveBy } from '~/lib/complaints'
import { formatDate, formatDateTime } from '~/lib/dates'

export function ComplaintItem({ complaint, reply }: { complaint: Complaint; reply: ComplaintFormReply | null }) {
  const moves = COMPLAINT_MOVES[complaint.status]
  const errorId = (field: string) => `complaint-${complaint.id}-${field}-error`
  return (
    <li className="grid gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" aria-labelledby={`complaint-${complaint.id}`}>
      <h2 id={`complaint-${complaint.id}`} className="font-semibold">
        {`${complaint.ticket} · ${COMPLAINT_STATUS_LABELS[complaint.status]}`}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Received {formatDateTime(complaint.createdAt)} from {complaint.name}, {complaint.email}
        {complaint.phone ? `, ${complaint.phone}` : ''}
        {complaint.orderId ? (
          <>
            {' '}about{' '}
            <Link className="underline" to={`/admin/orders/${complaint.orderId}`}>
              order #{complaint.orderNumber}
            </Link>
          </>
        ) : null}
      </p>
      <p className="whitespace-pre-line break-words">{complaint.message}</p>
      {complaint.status === 'resolved' ? (
        <>
          <p className="text-sm">
            Resolved {complaint.resolvedAt ? formatDateTime(complaint.resolvedAt) : ''}: {complaint.resolution}
          </p>
          {/* Without JS the refused page comes back with the complaint as it is now: resolved, no form. */}
          {reply?.errors.status ? (
            <p id={errorId('status')} role="alert" className="text-sm text-red-600">
              {reply.errors.status.join(' ')}
            </p>
          ) : null}
        </>
      ) : (
        <Form method="post" className="grid gap-2">
          <p className="text-sm font-medium">Resolve by {formatDate(complaintResolveBy(complaint.createdAt))}</p>
          <input type="hidden" name="complaintId" value={complaint.id} />
          <label className="grid gap-1 text-sm font-medium">
            Status
            <select
              name="status"
              defaultValue={complaint.status}
              className={inputClass}
              aria-invalid={reply?.errors.status ? true : undefined}
              aria-describedby={reply?.errors.status ? errorId('status') : undefined}
            >
              {[complaint.status, ...moves].map((s) => (
                <option key={s} value={s}>
                  {COMPLAINT_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          {reply?.errors.status ? (
            <p id={errorId('status')} role="alert" className="text-sm text-red-600">
              {reply.errors.status.join(' ')}
            </p>
          ) : null}
          <label className="grid gap-1 text-sm font-medium">
            Resolution (mailed to the complainant when resolved)
            <textarea
              name="resolution"
              rows={3}
              className={`${inputClass} h-auto py-2`}
              aria-invalid={reply?.errors.resolution ? true : undefined}
              aria-describedby={reply?.errors.resolution ? errorId('resolution') : undefined}
            />
          </label>
          {reply?.errors.resolution ? (
            <p id={errorId('resolution')} className="text-sm text-red-600">
              {reply.errors.resolution.join(' ')}
            </p>
          ) : null}
          <button type="submit" className={buttonClass('primary', 'sm', 'justify-self-start')}>
            Save {complaint.ticket}
          </button>
        </Form>
      )}
    </li>
  )
}
