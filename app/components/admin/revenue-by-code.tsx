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

function OfferRows({ offers }: { offers: OfferRevenue[] }) {
  return (
    <section aria-label="Revenue by offer" className="grid gap-1">
      <h3 className="text-sm font-semibold">Automatic offers</h3>
      {offers.length === 0 ? (
        <p className={muted}>No paid orders were placed with an offer in this period.</p>
      ) : (
        <ul className="grid divide-y divide-zinc-200 dark:divide-zinc-800">
          {offers.map((row) => (
            <li key={row.offerId} data-offer={row.name} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span className="min-w-0">
                <Link to={`/admin/offers/${row.offerId}/edit`} className="inline-flex min-h-11 items-center font-semibold underline">
                  {row.name}
                </Link>
                <span className={cn(muted, 'block')}>
                  {row.paidOrders} paid order{row.paidOrders === 1 ? '' : 's'} · average {formatPaise(row.averageOrderPaise)}
                </span>
              </span>
              <span className="text-right">
                <span className="block font-semibold tabular-nums">{formatPaise(row.revenuePaise)}</span>
                <span className={cn(muted, 'block tabular-nums')}>{formatPaise(row.offerPaise)} off</span>
              </span>
            </li>
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
            <li key={row.codeId} data-code={row.code} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span className="min-w-0">
                <Link to={`/admin/discounts/${row.codeId}/edit`} className="inline-flex min-h-11 items-center font-mono font-semibold underline">
                  {row.code}
                </Link>
                <span className={cn(muted, 'block')}>
                  {row.paidOrders} paid order{row.paidOrders === 1 ? '' : 's'} · average {formatPaise(row.averageOrderPaise)}
                </span>
              </span>
              <span className="text-right">
                <span className="block font-semibold tabular-nums">{formatPaise(row.revenuePaise)}</span>
                <span className={cn(muted, 'block tabular-nums')}>{formatPaise(row.discountPaise)} off</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <OfferRows offers={offers} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">Paid orders that used a code or an offer, less refunded and rejected ones and TEST MODE ones.</p>
    </Panel>
  )
}
