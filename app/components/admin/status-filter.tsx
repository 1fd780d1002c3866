// An admin list filtered by status and cut into pages (complaints, custom orders): the filter form (the
// select submits itself with JavaScript, a Filter button does without) and page links that keep the status.
import { Form } from 'react-router'
import { Pager } from '~/components/pager'
import { buttonClass } from '~/components/ui/button'
import { inputClass } from '~/components/ui/field'

/** The status select with "All statuses" first, posted as `?status=` (a GET form, so it is a link). */
export function StatusFilter<S extends string>({ status, statuses, labels }: { status: S | null; statuses: readonly S[]; labels: Record<S, string> }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      <label className="grid gap-1 text-sm">
        Status
        <select name="status" defaultValue={status ?? ''} className={`${inputClass} w-48`} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          <option value="">All statuses</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {labels[s]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass('outline', 'sm', 'no-js-only')}>
        Filter
      </button>
    </Form>
  )
}

/** The list's page links, each keeping the status filter. */
export function StatusPager({ status, page, pageCount }: { status: string | null; page: number; pageCount: number }) {
  return <Pager page={page} pageCount={pageCount} href={(p) => `?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) })}`} />
}
