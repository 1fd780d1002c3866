// The admin's "are you sure?" before a delete: a link sets ?delete=<id>, this box asks, and its
// form posts the delete. Works the same with JavaScript off.
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { buttonClass } from '~/components/ui/button'

export function ConfirmDelete({
  label,
  fields,
  cancelTo,
  children,
}: {
  /** What is being deleted, e.g. "Delete product": the dialog's accessible name. */
  label: string
  /** Hidden fields the delete post carries (the id, an intent). */
  fields: Record<string, string>
  cancelTo: string
  children: ReactNode
}) {
  return (
    <div role="alertdialog" aria-label={label} className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="mb-3">{children}</p>
      <div className="flex gap-2">
        <Form method="post">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClass('destructive', 'sm')}>
            Yes, delete
          </button>
        </Form>
        <Link to={cancelTo} className={buttonClass('outline', 'sm')}>
          Keep it
        </Link>
      </div>
    </div>
  )
}
