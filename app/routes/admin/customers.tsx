// The admin's shoppers (ADR 089): searched by name or email; for a shopper's written request, her data
// as a JSON file and the deletion of her account (typed DELETE), as she could do herself.
import { Form } from 'react-router'
import { Pager } from '~/components/pager'
import { buttonClass } from '~/components/ui/button'
import { inputClass } from '~/components/ui/field'
import { type CustomerSummary, listCustomers } from '~/domain/accounts/customers.server'
import { getDb } from '~/infra/db.server'
import { ERASURE_TEXT } from '~/lib/account-erasure'
import { formatDate } from '~/lib/dates'
import { pageParam } from '~/schemas/pagination'
import { eraseShopperAction } from '~/web/account-data.server'
import type { Route } from './+types/customers'

export const meta: Route.MetaFunction = () => [{ title: 'Customers · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  return listCustomers(getDb(), { search: url.searchParams.get('q'), page: pageParam(url) })
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url)
  return eraseShopperAction(await request.formData(), `${url.pathname}${url.search}`)
}

export default function AdminCustomers({ loaderData, actionData }: Route.ComponentProps) {
  const { items, search, page, pageCount, total } = loaderData
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Customers</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        On a shopper's written request, download her data or delete her account. {ERASURE_TEXT.keptAdmin}
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm">
          Name or email
          <input type="search" name="q" defaultValue={search} maxLength={100} className={`${inputClass} w-64`} />
        </label>
        <button type="submit" className={buttonClass('outline', 'sm')}>
          Search
        </button>
      </Form>
      <p className="text-sm">
        {total} shopper{total === 1 ? '' : 's'}
      </p>
      <ul className="grid gap-3">
        {items.map((customer) => (
          <CustomerItem key={customer.id} customer={customer} error={actionData?.userId === customer.id ? actionData.error : null} />
        ))}
      </ul>
      <Pager page={page} pageCount={pageCount} href={(p) => `?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(p) })}`} />
    </section>
  )
}

function CustomerItem({ customer, error }: { customer: CustomerSummary; error: string | null }) {
  const errorId = `erase-${customer.id}-error`
  return (
    <li className="grid gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <p className="break-words">
        <strong>{customer.name}</strong>, {customer.email}, since {formatDate(customer.createdAt)}
        {customer.erased ? ' (deleted)' : ''}
      </p>
      {customer.erased ? null : (
        <div className="flex flex-wrap items-end gap-3">
          <a href={`/admin/customers/${customer.id}/data.json`} download className={buttonClass('outline', 'sm')}>
            Download data
          </a>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="userId" value={customer.id} />
            <label className="grid gap-1 text-sm">
              Type {ERASURE_TEXT.confirmWord} to delete
              <input
                name="confirm"
                required
                autoComplete="off"
                className={`${inputClass} w-40`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            </label>
            <label className="grid gap-1 text-sm">
              Her reviews
              <select name="reviews" className={`${inputClass} w-44`} defaultValue="anonymous">
                <option value="anonymous">Keep, anonymous</option>
                <option value="delete">Delete</option>
              </select>
            </label>
            <button type="submit" className={buttonClass('destructive', 'sm')}>
              Delete account of {customer.name}
            </button>
          </Form>
          {error ? (
            <p id={errorId} role="alert" className="w-full text-sm text-red-600">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </li>
  )
}
