// The CSV import (issue 27, ADR 065): upload a file, see what it would change and what is wrong
// (a dry run that changes nothing), then confirm; plain forms, JS on or off.
import { Form, Link, useNavigation } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import { CsvImportPlan } from '~/components/admin/csv-import-plan'
import { MAX_CSV_MB, MAX_CSV_ROWS, REQUIRED_CSV_COLUMNS } from '~/lib/inventory-csv'
import { requireAdmin } from '~/web/auth.server'
import { inventoryImportAction } from '~/web/inventory-import.server'
import type { Route } from './+types/inventory-import'

export const meta: Route.MetaFunction = () => [{ title: 'Import stock · Admin' }]

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request)
  return null
}

export function action({ request, context }: Route.ActionArgs) {
  return inventoryImportAction(request, requireAdmin(context, request))
}

export default function AdminInventoryImport({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  return (
    <section className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Import stock from a CSV file</h1>
        <Link to="/admin/inventory" className={buttonClass('outline', 'md')}>
          Back to inventory
        </Link>
      </div>
      <div className="grid gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <p>
          Start from the{' '}
          <a href="/admin/inventory/export.csv" download className="font-medium text-zinc-900 underline dark:text-zinc-100">
            exported CSV
          </a>
          , change the stock column (and a colour's price or sale price, in rupees; a piece's weight in grams, box in cm, country of
          origin or materials, the same on each of its rows, a measure left empty for the category's default), save it as CSV
          (UTF-8) and upload it here.
          You will see what would change before anything is saved.
        </p>
        <p>
          The file needs the columns {REQUIRED_CSV_COLUMNS.join(', ')}; at most {MAX_CSV_MB} MB and{' '}
          {new Intl.NumberFormat('en-IN').format(MAX_CSV_ROWS)} rows. New pieces, options and colours are added in the product form.
        </p>
      </div>
      <Form method="post" encType="multipart/form-data" className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <input type="hidden" name="intent" value="dry-run" />
        <label htmlFor="csv-file" className="text-sm font-medium">
          CSV file
        </label>
        <input id="csv-file" name="file" type="file" accept=".csv,text/csv" required className="min-h-11 text-sm" />
        <button type="submit" className={buttonClass('primary', 'md', 'justify-self-start')} disabled={busy}>
          Check the file
        </button>
      </Form>
      {actionData ? <CsvImportPlan answer={actionData} busy={busy} /> : null}
    </section>
  )
}
