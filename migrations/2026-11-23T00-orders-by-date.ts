// The admin's order list (newest first) and the dashboard's daily revenue read orders by date.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_date').on('orders').column('order_date').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_date').execute()
}
