import { LatestOrders, OrdersByStatus, Panel, RevenuePeriods, StockAlerts } from '~/components/admin/dashboard-panels'
import { RevenueByCodePanel } from '~/components/admin/revenue-by-code'
import { RevenueChart } from '~/components/admin/revenue-chart'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { dashboard } from '~/domain/dashboard/admin-dashboard.server'
import { codeRevenuePeriod, revenueByCodeForDays } from '~/domain/dashboard/revenue-by-code.server'
import { revenueByOfferForDays } from '~/domain/dashboard/revenue-by-offer.server'
import { countCustomOrders } from '~/domain/custom-orders/custom-orders.server'
import { CustomOrdersPanel } from '~/components/admin/custom-order-views'
import { paymentWarnings } from '~/infra/payment-setup.server'
import { complaintsNearingDeadline } from '~/domain/complaints/complaints.server'
import { ComplaintsNearingPanel } from '~/components/admin/complaints-panel'
import { ReturnsWaitingPanel } from '~/components/admin/returns-panel'
import { countWaitingReturns } from '~/domain/orders/returns.server'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  // The 'Revenue by code' panel's period (?codes=1|7|30), chosen with plain links; its offers (ADR 084) too.
  const codeDays = codeRevenuePeriod(new URL(request.url).searchParams.get('codes'))
  const [figures, customOrders, byCode, byOffer, complaints, returns] = await Promise.all([
    dashboard(getDb()),
    countCustomOrders(getDb()),
    revenueByCodeForDays(getDb(), codeDays),
    revenueByOfferForDays(getDb(), codeDays),
    complaintsNearingDeadline(getDb()),
    countWaitingReturns(getDb()),
  ])
  return {
    ...figures,
    customOrders,
    byCode: { days: codeDays, codes: byCode, offers: byOffer },
    paymentWarnings: paymentWarnings(getConfig()),
    complaints,
    returns,
  }
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { periods, daily, byStatus, needsAttention, stock, latestOrders, totalOrders, paymentWarnings, customOrders, byCode, complaints, returns } = loaderData
  // grid-cols-1 (minmax(0, 1fr)) rather than the implicit auto column: an auto column grows to its
  // widest unbreakable content (a long product title in Stock alerts) and scrolled a 390 px phone sideways.
  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">Dashboard</h1>

      {paymentWarnings.length > 0 ? (
        <section
          aria-label="Payment warnings"
          className="grid gap-1 rounded-lg border-2 border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          {paymentWarnings.map((warning) => (
            <p key={warning}>
              <strong>Warning:</strong> {warning}
            </p>
          ))}
        </section>
      ) : null}

      <RevenuePeriods periods={periods} />

      {/* Issue 28: on a laptop the first screen shows revenue by code beside the chart, not below the fold. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Panel title="Daily revenue">
          <RevenueChart days={daily} />
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Paid orders by India date, less rejected ones, those refunded in full, what partial refunds gave back, and TEST MODE ones.
          </p>
        </Panel>
        <RevenueByCodePanel days={byCode.days} codes={byCode.codes} offers={byCode.offers} />
      </div>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <OrdersByStatus byStatus={byStatus} needsAttention={needsAttention} totalOrders={totalOrders} />
        <StockAlerts stock={stock} />
        <CustomOrdersPanel counts={customOrders} />
        <ComplaintsNearingPanel complaints={complaints} />
        <ReturnsWaitingPanel counts={returns} />
      </div>

      <LatestOrders latestOrders={latestOrders} />
    </div>
  )
}
