// Reading returns' courier pickups (ADR 104) for the order pages, mails and /api: one query for many returns.
import type { DB } from '../../../db/database'
import { inJsonList } from '../../../db/dialect'
import type { ReturnPickupView } from '~/lib/return-pickups'
import type { ReturnView } from '~/lib/returns'

/** The pickups of these returns, by return id (one query). */
export async function pickupsOf(db: DB, returnIds: string[]): Promise<Map<string, ReturnPickupView>> {
  const byReturn = new Map<string, ReturnPickupView>()
  if (returnIds.length === 0) return byReturn
  const rows = await db
    .selectFrom('return_pickups')
    .select(['return_id', 'status', 'courier_name', 'awb', 'tracking_url', 'last_error'])
    .where(inJsonList('return_id', returnIds))
    .execute()
  for (const row of rows) {
    byReturn.set(row.return_id, { carrier: row.courier_name, awb: row.awb, trackingUrl: row.tracking_url, status: row.status, lastError: row.status === 'booking' ? row.last_error : null })
  }
  return byReturn
}

/** The return with its pickup, when it has one (the field is absent otherwise). */
export function withPickup(view: ReturnView, pickup: ReturnPickupView | undefined): ReturnView {
  return pickup ? { ...view, pickup } : view
}
