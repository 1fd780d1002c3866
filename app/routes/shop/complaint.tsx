// The complaint form (/shop/complaint; Consumer Protection (E-Commerce) Rules 2020, ADR 089): anyone may
// complain; a signed-in shopper's name and email are prefilled and she may pick one of her orders. A
// filed complaint comes back here with its ticket.
import { Link } from 'react-router'
import { ComplaintForm } from '~/components/complaint-form'
import { listOrdersOf } from '~/domain/orders/order-reads.server'
import { getDb } from '~/infra/db.server'
import { complaintIdOfTicket } from '~/lib/complaints'
import { formatDate } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import { getUser } from '~/web/auth.server'
import { complaintFormAction } from '~/web/complaint-form.server'
import { clientIpContext } from '~/web/context'
import { policyFacts } from '~/web/policy-facts.server'
import type { Route } from './+types/complaint'

export const meta: Route.MetaFunction = () => [{ title: 'Make a Complaint' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context)
  const orders = user ? await listOrdersOf(getDb(), user.id, { limit: 50 }) : null
  // The ticket the redirect names: shown only when it is shaped like one (it is the visitor's own URL).
  const ticket = new URL(request.url).searchParams.get('ticket')
  return {
    prefill: user ? { name: user.userName, email: user.email } : null,
    orders: orders?.map((o) => ({ id: o.id, label: `#${o.number}, ${formatDate(o.orderDate)}, ${formatPaise(o.totalAmountPaise)}` })) ?? null,
    ticket: ticket && complaintIdOfTicket(ticket) !== null ? ticket.trim().toUpperCase() : null,
    officer: policyFacts().grievanceOfficer,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return complaintFormAction(request, { ip: context.get(clientIpContext), userId: getUser(context)?.id ?? null })
}

export default function Complaint({ loaderData, actionData }: Route.ComponentProps) {
  const { ticket, officer } = loaderData
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Make a Complaint</h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          Tell us what went wrong. You get a ticket number at once and an acknowledgement by mail; our grievance officer,{' '}
          {officer.name} ({officer.designation}), resolves every complaint within one month.
        </p>
      </header>
      {ticket ? (
        <section aria-labelledby="ticket-heading" className="grid gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950">
          <h2 id="ticket-heading" className="text-lg font-semibold">
            Your ticket: <span data-testid="complaint-ticket">{ticket}</span>
          </h2>
          <p className="text-sm">Quote it when you write to us. We have mailed you an acknowledgement.</p>
        </section>
      ) : null}
      <ComplaintForm lastResult={actionData} prefill={loaderData.prefill} orders={loaderData.orders} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Or write to {officer.email}, call {officer.phone}, or see{' '}
        <Link className="underline" to="/shop/policies/contact">
          Contact Us
        </Link>
        .
      </p>
    </div>
  )
}
