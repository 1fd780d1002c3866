// The automatic offers as the cart and checkout say them (ADR 078): which offer is in the prices (or
// beat the code), and how far the order is from free delivery.
import type { FreeDeliveryHint } from '~/lib/offers'

/** What the server worked out: the offer's words (null: none in the prices) and the free-delivery hint. */
export interface OffersSummary {
  message: string | null
  freeDelivery: FreeDeliveryHint | null
}

export function OfferNotes({ offers }: { offers: OffersSummary | null | undefined }) {
  if (!offers || (!offers.message && !offers.freeDelivery)) return null
  return (
    <div className="grid gap-1 text-sm" data-offer-notes>
      {offers.message ? (
        <p className="font-medium text-emerald-700 dark:text-emerald-400" data-offer-applied>
          {offers.message}
        </p>
      ) : null}
      {offers.freeDelivery ? (
        <p data-free-delivery={offers.freeDelivery.shortPaise > 0 ? 'short' : 'reached'} className={offers.freeDelivery.shortPaise > 0 ? '' : 'font-medium text-emerald-700 dark:text-emerald-400'}>
          {offers.freeDelivery.message}
        </p>
      ) : null}
    </div>
  )
}
