// The admin's complaints (ADR 089): unresolved first, oldest first, filtered by status; each with its
// ticket, sender, order and message, and a form to move it and write the resolution the complainant is mailed.
import { ComplaintItem } from '~/components/admin/complaint-item'
import { StatusFilter, StatusPager } from '~/components/admin/status-filter'
import { InlineError } from '~/components/ui/field'
import { listComplaints } from '~/domain/complaints/complaints.server'
import { getDb } from '~/infra/db.server'
import { COMPLAINT_STATUS_LABELS, COMPLAINT_STATUSES } from '~/lib/complaints'
import { statusListParams } from '~/schemas/pagination'
import { adminComplaintFormAction } from '~/web/admin-complaint-form.server'
import type { Route } from './+types/complaints'

export const meta: Route.MetaFunction = () => [{ title: 'Complaints · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  return listComplaints(getDb(), statusListParams(new URL(request.url)))
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url)
  return adminComplaintFormAction(await request.formData(), `${url.pathname}${url.search}`)
}

export default function AdminComplaints({ loaderData, actionData }: Route.ComponentProps) {
  const { items, status, page, pageCount, total } = loaderData
  // A refusal for a complaint this page no longer lists (resolved meanwhile, under ?status=open) is said at the top.
  const unlisted = actionData && !items.some((complaint) => complaint.id === actionData.complaintId) ? Object.values(actionData.errors).flat().join(' ') : ''
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Complaints</h1>
      <StatusFilter status={status} statuses={COMPLAINT_STATUSES} labels={COMPLAINT_STATUS_LABELS} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {total} complaint{total === 1 ? '' : 's'}
        {status ? ` with status ${COMPLAINT_STATUS_LABELS[status]}` : ''}. The rules ask for each to be resolved within one month.
      </p>
      <InlineError message={unlisted} />
      {items.length === 0 ? <p className="text-zinc-600">No complaints.</p> : null}
      <ul className="grid gap-4">
        {items.map((complaint) => (
          <ComplaintItem key={complaint.id} complaint={complaint} reply={actionData?.complaintId === complaint.id ? actionData : null} />
        ))}
      </ul>
      <StatusPager status={status} page={page} pageCount={pageCount} />
    </section>
  )
}
