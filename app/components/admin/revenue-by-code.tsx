// The dashboard's 'Revenue by code' panel (issue 28): each discount code's paid orders, revenue and
// average order over the period the owner picks with plain links (?codes=1|7|30, no JS needed), and
// each automatic offer's below them (ADR 084).
import { Link } from 'react-router'
import type { CodeRevenue, CodeRevenuePeriod } from '~/domain/dashboard/revenue-by-code.server'
import type { OfferRevenue } from '~/domain/dashboard/revenue-by-offer.server'
import { cn } from '~/lib/cn'
import { formatPaise } from '~/lib/money'
import { Panel } from './dashboard-panels'

/** The periods offered, as the revenue cards above name them (the keys are the domain's CODE_REVENUE_PERIODS). */
const PERIOD_LABELS: Record<CodeRevenuePeriod, string> = { 1: 'Today', 7: 'Last 7 days', 30: 'Last 30 days' }
const muted = 'text-sm text-zinc-600 dark:text-zinc-400'

interface Figures {
  paidOrders: number
  averageOrderPaise: number
  revenuePaise: number
}

/** One code's or offer's line: its name linked to its edit page, its orders and average, its revenue and what it took off. */
function FiguresRow(props: { mark: Record<string, string>; to: string; name: string; mono?: boolean; figures: Figures; offPaise: number }) {
  const { paidOrders, averageOrderPaise, revenuePaise } = props.figures
  return (
    <li {...props.mark} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
      <span className="min-w-0">
        <Link to={props.to} className={cn('inline-flex min-h-11 items-center font-semibold underline', props.mono && 'font-mono')}>
          {props.name}
        </Link>
        <span className={cn(muted, 'block')}>
          {paidOrders} paid order{paidOrders === 1 ? '' : 's'} · average {formatPaise(averageOrderPaise)}
        </span>
      </span>
      <span className="text-right">
        <span className="block font-semibold tabular-nums">{formatPaise(revenuePaise)}</span>
        <span className={cn(muted, 'block tabular-nums')}>{formatPaise(props.offPaise)} off</span>
      </span>
    </li>
  )
}

function OfferRows({ offers }: { offers: OfferRevenue[] }) {
  return (
    <section aria-label="Revenue by offer" className="grid gap-1">
      <h3 className="text-sm font-semibold">Automatic offers</h3>
      {offers.length === 0 ? (
        <p className={muted}>No paid orders were placed with an offer in this period.</p>
      ) : (
        <ul className="grid divide-y divide-zinc-200 dark:divide-zinc-800">
          {offers.map((row) => (
            <FiguresRow key={row.offerId} mark={{ 'data-offer': row.name }} to={`/admin/offers/${row.offerId}/edit`} name={row.name} figures={row} offPaise={row.offerPaise} />
          ))}
        </ul>
      )}
    </section>
  )
}

export function RevenueByCodePanel({ days, codes, offers }: { days: CodeRevenuePeriod; codes: CodeRevenue[]; offers: OfferRevenue[] }) {
  return (
    <Panel title="Revenue by code">
      <nav aria-label="Revenue by code period" className="flex flex-wrap gap-1">
        {(Object.entries(PERIOD_LABELS) as [string, string][]).map(([value, label]) => {
          const chosen = Number(value) === days
          return (
            <Link
              key={value}
              to={`?codes=${value}`}
              preventScrollReset
              aria-current={chosen ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center rounded-md border px-3 text-sm',
                chosen ? 'border-zinc-900 bg-zinc-900 font-semibold text-white dark:border-zinc-100 dark:bg-zinc-100 dark:text-zinc-900' : 'border-zinc-300 dark:border-zinc-700',
              )}
            >
              {label}
            </Link>
          )
        })}
      </nav>
      {codes.length === 0 ? (
        <p className={muted}>No paid orders used a code in this period.</p>
      ) : (
        <ul className="grid divide-y divide-zinc-200 dark:divide-zinc-800">
          {codes.map((row) => (
            <FiguresRow key={row.codeId} mark={{ 'data-code': row.code }} to={`/admin/discounts/${row.codeId}/edit`} name={row.code} mono figures={row} offPaise={row.discountPaise} />
          ))}
        </ul>
      )}
      <OfferRows offers={offers} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">Paid orders that used a code or an offer, less refunded and rejected ones, what partial refunds gave back, and TEST MODE ones.</p>
    </Panel>
  )
}
