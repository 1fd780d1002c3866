// Shipping details of an order (issue 17): the carrier and a tracking number and/or link the admin
// enters once it is shipped, and when they were last set. All optional: orders before have none.
import type { Kysely } from 'kysely'

const COLUMNS = ['tracking_carrier', 'tracking_number', 'tracking_url', 'tracking_updated_at'] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) {
    await db.schema.alterTable('orders').dropColumn(column).execute()
  }
}
