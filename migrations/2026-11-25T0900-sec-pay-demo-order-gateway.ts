// Seeded demo orders were recorded as paid through the TEST MODE gateway; TEST MODE orders are now
// marked Test and left out of revenue, so the seeded history gets its own gateway name, 'demo'.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['orders', 'payments']) {
    await sql`update ${sql.table(table)} set gateway = 'demo' where gateway = 'test' and gateway_order_id like 'order\\_demo\\_%' escape '\\'`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['orders', 'payments']) {
    await sql`update ${sql.table(table)} set gateway = 'test' where gateway = 'demo'`.execute(db)
  }
}
