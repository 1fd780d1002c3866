// /admin/discounts: the owner's discount codes with their terms and uses so far; pause or resume
// each with a plain post (ADR 073).
import { Form, Link } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import { getDb } from '~/infra/db.server'
import { categoryLabel } from '~/lib/catalog'
import { formatDay } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import { listDiscountCodes } from '~/domain/promotions/discount-codes.server'
import { revenueByCode } from '~/domain/dashboard/revenue-by-code.server'
import { pauseDiscountForm } from '~/web/admin-discount-forms.server'
import type { Route } from './+types/discounts'

export const meta: Route.MetaFunction = () => [{ title: 'Discounts · Admin' }]

export async function loader() {
  const codes = await listDiscountCodes(getDb())
  // Each code's takings so far (paid orders kept, as the dashboard counts revenue).
  const revenue = new Map((await revenueByCode(getDb(), { codeIds: codes.map((code) => code.id) })).map((row) => [row.codeId, row]))
  const none = { paidOrders: 0, revenuePaise: 0, averageOrderPaise: 0 }
  return { codes: codes.map((code) => ({ ...code, takings: revenue.get(code.id) ?? none })) }
}

export async function action({ request }: Route.ActionArgs) {
  return pauseDiscountForm(request)
}

type Code = Route.ComponentProps['loaderData']['codes'][number]

function terms(code: Code): string {
  const off = code.kind === 'percent' ? `${code.value}% off` : `${formatPaise(code.value)} off`
  const parts = [off]
  if (code.minOrderPaise > 0) parts.push(`over ${formatPaise(code.minOrderPaise)}`)
  if (code.scope === 'categories') parts.push(`on ${code.scopeItems.map(categoryLabel).join(', ')}`)
  if (code.scope === 'products') parts.push(`on ${code.scopeItems.length} product${code.scopeItems.length === 1 ? '' : 's'}`)
  if (code.scope === 'variants') parts.push(`on ${code.variants.length} variant${code.variants.length === 1 ? '' : 's'}`)
  if (code.firstOrderOnly) parts.push('first order only')
  return parts.join(', ')
}

function dates(code: Code): string {
  if (!code.startsOn && !code.endsOn) return 'Always'
  return `${code.startsOn ? formatDay(code.startsOn) : 'now'} – ${code.endsOn ? formatDay(code.endsOn) : 'no end'}`
}

export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  const { codes } = loaderData
  return (
    <section className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Discounts</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/offers" className={buttonClass('outline', 'md')}>
            Automatic offers
          </Link>
          <Link to="/admin/discounts/new" className={buttonClass('primary', 'md')}>
            New code
          </Link>
        </div>
      </div>
      {codes.length === 0 ? <p className="text-zinc-600 dark:text-zinc-400">No discount codes yet.</p> : null}
      <ul className="grid gap-3">
        {codes.map((code) => (
          <li key={code.id} className="grid gap-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-code={code.code}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-mono text-lg font-semibold">{code.code}</h2>
              <span className={code.paused ? 'text-sm font-medium text-amber-700' : 'text-sm font-medium text-emerald-700'}>
                {code.paused ? 'Paused' : 'Live'}
              </span>
            </div>
            <p className="text-sm">{terms(code)}</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {dates(code)} · Uses so far: <span data-uses>{code.uses}</span>
              {code.maxUses !== null ? ` of ${code.maxUses}` : ''}
              {code.maxUsesPerUser !== null ? ` · ${code.maxUsesPerUser} per shopper` : ''}
            </p>
            <p className="text-sm" data-takings>
              Revenue: <span className="font-semibold tabular-nums">{formatPaise(code.takings.revenuePaise)}</span> from {code.takings.paidOrders} paid order
              {code.takings.paidOrders === 1 ? '' : 's'} · Average order: <span className="tabular-nums">{formatPaise(code.takings.averageOrderPaise)}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <Link to={`/admin/discounts/${code.id}/edit`} className={buttonClass('outline', 'sm')} aria-label={`Edit ${code.code}`}>
                Edit
              </Link>
              <Form method="post">
                <input type="hidden" name="id" value={code.id} />
                <button type="submit" name="intent" value={code.paused ? 'resume' : 'pause'} className={buttonClass('outline', 'sm')} aria-label={`${code.paused ? 'Resume' : 'Pause'} ${code.code}`}>
                  {code.paused ? 'Resume' : 'Pause'}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
