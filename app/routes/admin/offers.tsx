// /admin/offers: the owner's automatic offers with their terms, dates (India time) and state; pause,
// resume or end each with a plain post (ADR 078).
import { Form, Link } from 'react-router'
import { OfferFigures } from '~/components/admin/offer-figures'
import { buttonClass } from '~/components/ui/button'
import { getDb } from '~/infra/db.server'
import { categoryLabel } from '~/lib/catalog'
import { formatDateTime } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import { offerFiguresOf, revenueByOffer } from '~/domain/dashboard/revenue-by-offer.server'
import { listOffers, type OfferView } from '~/domain/promotions/offers.server'
import { offerListForm } from '~/web/admin-offer-forms.server'
import type { Route } from './+types/offers'

export const meta: Route.MetaFunction = () => [{ title: 'Offers · Admin' }]

export async function loader() {
  const offers = await listOffers(getDb())
  // Each offer's uses and takings so far (paid orders kept, as the dashboard counts revenue; ADR 084).
  const figures = await revenueByOffer(getDb(), { offerIds: offers.map((offer) => offer.id) })
  return { offers: offers.map((offer) => ({ ...offer, figures: offerFiguresOf(figures, offer) })) }
}

export async function action({ request }: Route.ActionArgs) {
  return offerListForm(request)
}

function terms(offer: OfferView): string {
  if (offer.kind === 'free_delivery') return `Free delivery on orders over ${formatPaise(offer.minOrderPaise)}`
  const count = offer.scopeItems.length
  const scope =
    offer.scope === 'categories' ? offer.scopeItems.map(categoryLabel).join(', ') : offer.scope === 'products' ? `${count} product${count === 1 ? '' : 's'}` : 'the whole shop'
  return `${offer.percent}% off ${scope}${offer.stackable ? ', a code applies on top' : ''}`
}

const STATE_LABELS: Record<OfferView['state'], string> = { live: 'Live', scheduled: 'Scheduled', paused: 'Paused', ended: 'Ended' }

export default function AdminOffers({ loaderData }: Route.ComponentProps) {
  const { offers } = loaderData
  return (
    <section className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Automatic offers</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/discounts" className={buttonClass('outline', 'md')}>
            Discount codes
          </Link>
          <Link to="/admin/offers/new" className={buttonClass('primary', 'md')}>
            New offer
          </Link>
        </div>
      </div>
      {offers.length === 0 ? <p className="text-zinc-600 dark:text-zinc-400">No offers yet.</p> : null}
      <ul className="grid gap-3">
        {offers.map((offer) => (
          <li key={offer.id} className="grid gap-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-offer={offer.name}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold">{offer.name}</h2>
              <span className={offer.state === 'live' ? 'text-sm font-medium text-emerald-700' : 'text-sm font-medium text-amber-700'} data-state={offer.state}>
                {STATE_LABELS[offer.state]}
              </span>
            </div>
            <p className="text-sm">{terms(offer)}</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {formatDateTime(offer.startsAt)} – {formatDateTime(offer.endsAt)}
            </p>
            <OfferFigures figures={offer.figures} />
            <div className="flex flex-wrap gap-2">
              <Link to={`/admin/offers/${offer.id}/edit`} className={buttonClass('outline', 'sm')} aria-label={`Edit ${offer.name}`}>
                Edit
              </Link>
              {offer.state === 'ended' ? null : (
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="id" value={offer.id} />
                  <button type="submit" name="intent" value={offer.paused ? 'resume' : 'pause'} className={buttonClass('outline', 'sm')} aria-label={`${offer.paused ? 'Resume' : 'Pause'} ${offer.name}`}>
                    {offer.paused ? 'Resume' : 'Pause'}
                  </button>
                  <button type="submit" name="intent" value="end" className={buttonClass('outline', 'sm')} aria-label={`End ${offer.name} now`}>
                    End now
                  </button>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
