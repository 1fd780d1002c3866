// One mail of the admin's mailbox: its envelope, the HTML as the recipient sees it (a sandboxed
// iframe: no scripts, no same-origin, nothing it links to opens inside the admin) and the plain text
// with its links made clickable (the demo's way to open a password reset link).
import { Form, Link } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import { getMailMessage, retryMail } from '~/domain/messaging/mail-outbox.server'
import { getDb } from '~/infra/db.server'
import { formatDateTime } from '~/lib/dates'
import { linkify, MAIL_MESSAGES, MAIL_STATUS_LABELS } from '~/lib/mail'
import { orNotFound } from '~/web/form-action.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/mail-message'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.mail.subject ?? 'Mail'} · Admin` }]

export async function loader({ params }: Route.LoaderArgs) {
  return { mail: await orNotFound(getMailMessage(getDb(), Number(params.mailId))) }
}

export async function action({ params }: Route.ActionArgs) {
  const id = Number(params.mailId)
  if (!Number.isSafeInteger(id) || id < 1) return redirectWithToast('/admin/mail', { type: 'error', message: MAIL_MESSAGES.notFound })
  const retried = await retryMail(getDb(), id)
  return redirectWithToast(`/admin/mail/${id}`, retried ? { type: 'success', message: MAIL_MESSAGES.retried } : { type: 'error', message: MAIL_MESSAGES.notRetried })
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_1fr] gap-2">
      <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}

export default function AdminMailMessage({ loaderData }: Route.ComponentProps) {
  const { mail } = loaderData
  return (
    <article className="grid gap-4">
      <Link to="/admin/mail" className="-my-3 self-start py-3 text-sm font-medium hover:underline">
        <span aria-hidden="true">← </span>All mail
      </Link>
      <h1 className="text-2xl font-bold break-words">{mail.subject}</h1>
      <dl className="grid gap-1 text-sm">
        <Row label="To">{mail.to}</Row>
        <Row label="Kind">{mail.kind}</Row>
        <Row label="Status">
          {MAIL_STATUS_LABELS[mail.status]}
          {mail.status === 'sent' && mail.deliveredVia ? ` (${mail.deliveredVia === 'smtp' ? 'over SMTP' : 'to this mailbox'})` : ''}
        </Row>
        <Row label="Queued">{formatDateTime(mail.createdAt)}</Row>
        {mail.sentAt ? <Row label="Sent">{formatDateTime(mail.sentAt)}</Row> : null}
        <Row label="Attempts">{mail.attempts}</Row>
        {mail.attached.length ? <Row label="Attached">{mail.attached.join(', ')}</Row> : null}
        {mail.lastError ? <Row label="Last error">{mail.lastError}</Row> : null}
      </dl>
      {mail.status === 'failed' ? (
        <Form method="post">
          <button type="submit" className={buttonClass('outline', 'md')}>
            Send again
          </button>
        </Form>
      ) : null}
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">As the recipient sees it</h2>
        <iframe
          title="Mail preview"
          sandbox=""
          srcDoc={mail.html}
          className="h-[36rem] w-full rounded-lg border border-zinc-200 bg-white dark:border-zinc-800"
        />
      </section>
      <section aria-labelledby="mail-plain-text" className="grid gap-2">
        <h2 id="mail-plain-text" className="text-lg font-semibold">
          Plain text
        </h2>
        <pre className="overflow-x-auto rounded-lg border border-zinc-200 p-3 text-sm whitespace-pre-wrap break-words dark:border-zinc-800">
          {linkify(mail.text).map((part, i) =>
            part.href ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
              <a key={i} href={part.href} className="text-brand-700 underline dark:text-brand-500" rel="noreferrer">
                {part.text}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
              <span key={i}>{part.text}</span>
            ),
          )}
        </pre>
      </section>
    </article>
  )
}
