// Delivery priced by zone (issue 30, ADR 082): the owner's slab rates per zone and the pincode parcels
// leave from. A zone without a row, and a shop without the settings row, use the defaults
// (app/domain/shipping/rates.ts, delivery-rates.server.ts).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('delivery_rates')
    .addColumn('zone', 'text', (c) => c.primaryKey())
    .addColumn('first_slab_paise', 'integer', (c) => c.notNull().check(sql`first_slab_paise >= 0`))
    .addColumn('extra_slab_paise', 'integer', (c) => c.notNull().check(sql`extra_slab_paise >= 0`))
    .addColumn('transit_days', 'integer', (c) => c.notNull().check(sql`transit_days >= 1`))
    .execute()
  await db.schema
    .createTable('delivery_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('ship_from_pincode', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_settings').execute()
  await db.schema.dropTable('delivery_rates').execute()
}
