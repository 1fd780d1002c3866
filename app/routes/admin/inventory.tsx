// The inventory: every shelf (each variant, or a product's own stock) with its stock, what checkouts
// hold and what sold in 30 days; filter by words or low stock, edit many and save once (JS on or off).
import { Form, Link } from 'react-router'
import { InventoryForm } from '~/components/admin/inventory-form'
import { Pager } from '~/components/pager'
import { buttonClass } from '~/components/ui/button'
import { SearchInput } from '~/components/ui/field'
import { getDb } from '~/infra/db.server'
import { LOW_STOCK_THRESHOLD } from '~/lib/catalog'
import { listInventory, type StockFilter } from '~/domain/catalog/inventory.server'
import { inventoryFilterSchema } from '~/schemas/inventory'
import { pageParam } from '~/schemas/pagination'
import { saveInventoryForm } from '~/web/admin-inventory-form.server'
import { requireAdmin } from '~/web/auth.server'
import type { Route } from './+types/inventory'

export const meta: Route.MetaFunction = () => [{ title: 'Inventory · Admin' }]

const FILTERS: { value: StockFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'low', label: `Low (under ${LOW_STOCK_THRESHOLD})` },
  { value: 'out', label: 'Sold out' },
]

function place(url: URL) {
  const { q, stock } = inventoryFilterSchema.parse({ q: url.searchParams.get('q') ?? undefined, stock: url.searchParams.get('stock') ?? undefined })
  return { q: q?.trim() ?? '', stock: stock ?? 'all', page: pageParam(url) }
}

function query(filters: { q: string; stock: StockFilter }, page = 1): string {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.stock !== 'all') params.set('stock', filters.stock)
  if (page > 1) params.set('page', String(page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

export async function loader({ request }: Route.LoaderArgs) {
  const { q, stock, page } = place(new URL(request.url))
  return { q, stock, rows: await listInventory(getDb(), { q, stock, page }) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request)
  const { q, stock, page } = place(new URL(request.url))
  return saveInventoryForm(await request.formData(), admin.id, `/admin/inventory${query({ q, stock }, page)}`)
}

export default function AdminInventory({ loaderData, actionData }: Route.ComponentProps) {
  const { q, stock, rows } = loaderData
  return (
    <section className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Inventory</h1>
        <div className="flex flex-wrap gap-2">
          <a href="/admin/inventory/export.csv" className={buttonClass('outline', 'md')} download>
            Export CSV
          </a>
          <Link to="/admin/inventory/import" className={buttonClass('outline', 'md')}>
            Import CSV
          </Link>
        </div>
      </div>
      <Form method="get" role="search" className="flex gap-2">
        {stock !== 'all' ? <input type="hidden" name="stock" value={stock} /> : null}
        <SearchInput name="q" defaultValue={q} key={q} placeholder="Title, option, colour or SKU" label="Search the inventory" className="min-w-0 flex-1" />
        <button type="submit" className={buttonClass('outline', 'md')}>
          Search
        </button>
      </Form>
      <nav aria-label="Which stock" className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <Link
            key={filter.value}
            to={`/admin/inventory${query({ q, stock: filter.value })}`}
            aria-current={filter.value === stock ? 'page' : undefined}
            className={buttonClass(filter.value === stock ? 'primary' : 'outline', 'sm')}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      {rows.items.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">{q || stock !== 'all' ? 'Nothing matches.' : 'No products yet.'}</p>
      ) : (
        // A new page of rows is a new form: what was typed for another page does not carry over.
        <InventoryForm key={`${q}\u0000${stock}\u0000${rows.page}`} rows={rows.items} reply={actionData} />
      )}
      <Pager page={rows.page} pageCount={rows.pageCount} href={(n) => `/admin/inventory${query({ q, stock }, n)}`} />
    </section>
  )
}
