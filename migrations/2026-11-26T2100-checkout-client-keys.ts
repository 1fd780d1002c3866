// Checkouts remember the client address they were started from (docs/decisions/050): checkouts from
// one address (an IPv4 address, an IPv6 /64) share a cap on the units of a product they hold and a
// limit on the unpaid checkouts they start. Null for orders placed before, and once paid.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('client_key', 'text').execute()
  // The unpaid checkouts of one address in the last hour.
  await db.schema.createIndex('orders_client_key').on('orders').columns(['client_key', 'updated_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_client_key').execute()
  await db.schema.alterTable('orders').dropColumn('client_key').execute()
}
