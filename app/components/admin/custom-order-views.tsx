// The admin's custom request pages: the list's table and the request's update form (status select
// with only the moves allowed from where the request is, quoted price, notes).
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { Panel } from '~/components/admin/dashboard-panels'
import { Button } from '~/components/ui/button'
import { Field, FormError, Input, inputClass } from '~/components/ui/field'
import {
  CUSTOM_ORDER_STATUS_SHORT,
  type CustomOrderStatus,
  formatCustomOrderNumber,
  isFinalCustomOrderStatus,
  nextCustomOrderStatuses,
} from '~/lib/custom-orders'
import { formatDate } from '~/lib/dates'
import { formatPaise, paiseToRupees } from '~/lib/money'
import type { AdminCustomOrderSummary } from '~/domain/custom-orders/custom-orders.server'

/** The needed-by day (YYYY-MM-DD) as people read it: 22 Nov 2026. */
export function formatNeededBy(day: string): string {
  return formatDate(`${day}T12:00:00Z`)
}

export function CustomOrderStatusBadge({ status }: { status: CustomOrderStatus }) {
  const tone: Record<CustomOrderStatus, string> = {
    new: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
    quoted: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
    accepted: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
    declined: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
    done: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  }
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tone[status]}`}>{CUSTOM_ORDER_STATUS_SHORT[status]}</span>
}

/** The admin's list: one card per request (a phone reads cards better than a wide table). */
export function CustomOrderList({ items }: { items: AdminCustomOrderSummary[] }) {
  return (
    <ul className="grid gap-3">
      {items.map((r) => (
        <li key={r.id} className="grid gap-1 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={`/admin/custom-orders/${r.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-brand-500">
              {formatCustomOrderNumber(r.id)} · {r.name}
            </Link>
            <CustomOrderStatusBadge status={r.status} />
          </div>
          <p className="line-clamp-2 break-words text-zinc-700 dark:text-zinc-300">{r.description}</p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Budget {formatPaise(r.budgetPaise)}
            {r.quotedPaise !== null ? ` · Quoted ${formatPaise(r.quotedPaise)}` : ''} · Needed by {formatNeededBy(r.neededBy)} · Sent{' '}
            {formatDate(r.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  )
}

/** Status (only allowed moves), quoted price and notes; a closed request keeps only its notes. */
export function AdminCustomOrderForm({
  status,
  quotedPaise,
  notes,
  lastResult,
  busy,
}: {
  status: CustomOrderStatus
  quotedPaise: number | null
  notes: string
  lastResult?: SubmissionResult<string[]> | null
  busy: boolean
}) {
  const next = nextCustomOrderStatuses(status)
  const priceFixed = status === 'accepted' || isFinalCustomOrderStatus(status)
  const [form, fields] = useForm({
    id: 'custom-request',
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: { status: '', quotedPrice: quotedPaise === null ? '' : String(paiseToRupees(quotedPaise)), notes },
  })
  return (
    <Form method="post" className="grid gap-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" {...getFormProps(form)}>
      <h2 className="font-semibold">Update the request</h2>
      <FormError id={form.errorId} errors={form.errors} />
      {next.length > 0 ? (
        <Field label="Status" errors={fields.status.errors} errorId={fields.status.errorId}>
          <select {...getSelectProps(fields.status)} key={fields.status.key} className={inputClass}>
            <option value="">Keep: {CUSTOM_ORDER_STATUS_SHORT[status]}</option>
            {next.map((to) => (
              <option key={to} value={to}>
                {CUSTOM_ORDER_STATUS_SHORT[to]}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <p className="text-sm">
          Status: <strong>{CUSTOM_ORDER_STATUS_SHORT[status]}</strong>. This request is closed; its status no longer changes.
        </p>
      )}
      {priceFixed ? (
        <p className="text-sm">Quoted price: {quotedPaise === null ? 'none' : <strong>{formatPaise(quotedPaise)}</strong>}</p>
      ) : (
        <Field label="Quoted price in rupees" errors={fields.quotedPrice.errors} errorId={fields.quotedPrice.errorId}>
          <Input {...getInputProps(fields.quotedPrice, { type: 'text' })} key={fields.quotedPrice.key} inputMode="decimal" placeholder="e.g. 3200" />
        </Field>
      )}
      <Field label="Notes (only the studio sees them)" errors={fields.notes.errors} errorId={fields.notes.errorId}>
        <textarea {...getTextareaProps(fields.notes)} key={fields.notes.key} rows={4} className={`${inputClass} h-auto py-2`} />
      </Field>
      <Button type="submit" disabled={busy}>
        Save
      </Button>
    </Form>
  )
}

/** The dashboard's count of new custom requests (and those in hand), with the way to them. */
export function CustomOrdersPanel({ counts }: { counts: Record<CustomOrderStatus, number> }) {
  const inHand = counts.quoted + counts.accepted
  return (
    <Panel
      title="Custom requests"
      action={
        <Link to="/admin/custom-orders" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline dark:text-brand-500">
          View all
        </Link>
      }
    >
      <p>
        <Link to="/admin/custom-orders?status=new" className="inline-flex min-h-11 items-center gap-2 hover:underline">
          <strong className="text-3xl">{counts.new}</strong> new {counts.new === 1 ? 'request' : 'requests'} to answer
        </Link>
      </p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {counts.quoted} quoted, {counts.accepted} being made{inHand === 0 && counts.new === 0 ? '; nothing waiting.' : '.'}
      </p>
    </Panel>
  )
}
