// One custom-order request for the admin: who asked and how to reach them, what they want, their
// photos, and the form that moves it along (only the moves allowed from where it is).
import type { ReactNode } from 'react'
import { Link, useNavigation } from 'react-router'
import { AdminCustomOrderForm, CustomOrderStatusBadge, formatNeededBy } from '~/components/admin/custom-order-views'
import { getDb } from '~/infra/db.server'
import { CUSTOM_ORDER_STATUS_LABELS, formatCustomOrderNumber } from '~/lib/custom-orders'
import { formatDateTime } from '~/lib/dates'
import { responsiveImage } from '~/lib/images'
import { formatPaise } from '~/lib/money'
import { getCustomOrder } from '~/domain/custom-orders/custom-orders.server'
import { adminCustomOrderFormAction } from '~/web/admin-custom-order-form.server'
import { QuoteForm, QuoteStatus } from '~/components/admin/custom-quote-form'
import { paymentLinksOf } from '~/domain/custom-orders/quote-payments.server'
import { readQuote } from '~/domain/custom-orders/quotes.server'
import { adminQuoteFormAction } from '~/web/custom-quote-pages.server'
import { orNotFound } from '~/web/form-action.server'
import type { Route } from './+types/custom-order'

export const meta: Route.MetaFunction = () => [{ title: 'Custom Order · Admin' }]

/** The id in the url: digits only (anything else is no request). */
function requestIdOf(param: string): number {
  return /^\d{1,9}$/.test(param) ? Number(param) : 0
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = requestIdOf(params.requestId)
  const request = await orNotFound(getCustomOrder(getDb(), id))
  const [{ quote }, links] = await Promise.all([readQuote(getDb(), id), paymentLinksOf(getDb(), id)])
  return { request, quote, links }
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData()
  const id = requestIdOf(params.requestId)
  if (form.get('intent') === 'quote') return adminQuoteFormAction(id, form)
  return adminCustomOrderFormAction(id, form)
}

/** One fact of the request: a small label over its value. */
function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium text-zinc-600 uppercase dark:text-zinc-400">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  )
}

export default function AdminCustomOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r, quote, links } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  // The reply of the quote form carries its own fields (the intent is not part of its schema).
  const sent = (actionData as { initialValue?: Record<string, unknown> | null } | undefined)?.initialValue
  const quoting = Boolean(sent && ('advancePercent' in sent || 'expiresInDays' in sent || 'message' in sent))
  return (
    <section className="grid max-w-3xl gap-4">
      <Link to="/admin/custom-orders" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline dark:text-brand-500">
        ← Back to Custom Orders
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Custom Request {formatCustomOrderNumber(r.id)}</h1>
        <CustomOrderStatusBadge status={r.status} />
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {CUSTOM_ORDER_STATUS_LABELS[r.status]} · Sent {formatDateTime(r.createdAt)}
        {r.userId ? ' by a signed-in shopper' : ' by a visitor'}
      </p>
      <dl className="grid gap-3 rounded-lg border border-zinc-200 p-4 text-sm sm:grid-cols-2 dark:border-zinc-800">
        <Fact label="Name">{r.name}</Fact>
        <Fact label="Phone">
          <a className="inline-flex min-h-11 items-center text-brand-700 hover:underline dark:text-brand-500" href={`tel:${r.phone}`}>
            {r.phone}
          </a>
        </Fact>
        <Fact label="Email">
          <a className="inline-flex min-h-11 items-center break-all text-brand-700 hover:underline dark:text-brand-500" href={`mailto:${r.email}`}>
            {r.email}
          </a>
        </Fact>
        <Fact label="Occasion">{r.occasion || 'Not given'}</Fact>
        <Fact label="What they would like" wide>
          <span className="whitespace-pre-line break-words">{r.description}</span>
        </Fact>
        <Fact label="Budget">{formatPaise(r.budgetPaise)}</Fact>
        <Fact label="Needed by">{formatNeededBy(r.neededBy)}</Fact>
        <Fact label="Quoted price">{r.quotedPaise === null ? 'Not quoted yet' : formatPaise(r.quotedPaise)}</Fact>
      </dl>
      {r.photos.length > 0 ? (
        <section className="grid gap-2">
          <h2 className="font-semibold">Reference photos</h2>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {r.photos.map((url, i) => {
              const image = responsiveImage(url)
              return (
                <li key={url}>
                  <a href={url} className="block">
                    <img src={image.src} srcSet={image.srcSet} sizes="(min-width: 640px) 240px, 50vw" alt={`Reference ${i + 1} from the request`} className="aspect-square w-full rounded-md object-cover" loading="lazy" />
                  </a>
                </li>
              )
            })}
          </ul>
        </section>
      ) : null}
      <QuoteStatus quote={quote} links={links} />
      {r.status === 'new' || r.status === 'quoted' ? (
        <QuoteForm key={`quote-${r.updatedAt}`} quote={quote} lastResult={quoting ? actionData : null} busy={busy} />
      ) : null}
      <AdminCustomOrderForm key={`${r.status}-${r.updatedAt}`} status={r.status} quotedPaise={r.quotedPaise} notes={r.adminNotes} lastResult={quoting ? null : actionData} busy={busy} />
    </section>
  )
}
