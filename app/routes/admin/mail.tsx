// The admin's mailbox: every mail the shop has queued, newest first. Without SMTP_URL this is where
// mail goes (the demo shows what a shopper would receive); with it, the log of what was sent.
import { Link } from 'react-router'
import { Pager } from '~/components/pager'
import { listMail } from '~/domain/messaging/mail-outbox.server'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { formatDateTime } from '~/lib/dates'
import { MAIL_STATUS_LABELS } from '~/lib/mail'
import { pageParam } from '~/schemas/pagination'
import type { Route } from './+types/mail'

export const meta: Route.MetaFunction = () => [{ title: 'Mail · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  const page = pageParam(new URL(request.url))
  return { mail: await listMail(getDb(), { page }), smtp: Boolean(getConfig().SMTP_URL) }
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { mail, smtp } = loaderData
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Mail</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {smtp
          ? 'Every mail the shop sends, as it went out over SMTP.'
          : 'No mail server is set (SMTP_URL), so mail stays here: this is what shoppers and the owner would receive.'}
      </p>
      {mail.items.length === 0 ? (
        <p className="text-zinc-600">No mail yet.</p>
      ) : (
        <ul aria-label="Mails" className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {mail.items.map((m) => (
            <li key={m.id}>
              <Link to={`/admin/mail/${m.id}`} className="grid gap-1 p-3 hover:bg-zinc-50 sm:grid-cols-[1fr_auto] sm:gap-4 dark:hover:bg-zinc-900">
                <span className="min-w-0">
                  <span className="block truncate font-medium">{m.subject}</span>
                  <span className="block truncate text-sm text-zinc-600 dark:text-zinc-400">To {m.to}</span>
                </span>
                <span className="text-sm text-zinc-600 sm:text-right dark:text-zinc-400">
                  <span className="block">{MAIL_STATUS_LABELS[m.status]}</span>
                  <span className="block">{formatDateTime(m.createdAt)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={mail.page} pageCount={mail.pageCount} href={(page) => `?${new URLSearchParams({ page: String(page) })}`} />
    </section>
  )
}
