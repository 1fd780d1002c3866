// An automatic offer's figures (ADR 084): its uses (paid orders that stand), their revenue, what it
// took off and the average order, as the offers list and the edit page show them.
import type { OfferRevenue } from '~/domain/dashboard/revenue-by-offer.server'
import { formatPaise } from '~/lib/money'

export function OfferFigures({ figures }: { figures: OfferRevenue }) {
  return (
    <p className="text-sm" data-takings>
      Uses: <span data-uses>{figures.paidOrders}</span> paid order{figures.paidOrders === 1 ? '' : 's'} · Revenue:{' '}
      <span className="font-semibold tabular-nums">{formatPaise(figures.revenuePaise)}</span> · Average order:{' '}
      <span className="tabular-nums">{formatPaise(figures.averageOrderPaise)}</span> · <span className="tabular-nums">{formatPaise(figures.offerPaise)}</span> off
    </p>
  )
}
