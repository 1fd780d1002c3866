// GET /admin/inventory/export.csv: the whole inventory as a spreadsheet file (issue 27, ADR 065).
import { getDb } from '~/infra/db.server'
import { clock } from '~/domain/clock'
import { exportInventoryCsv } from '~/domain/catalog/inventory-csv.server'
import { requireAdmin } from '~/web/auth.server'
import type { Route } from './+types/inventory-export'

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request)
  const text = await exportInventoryCsv(getDb())
  return new Response(text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="inventory-${clock.iso().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
