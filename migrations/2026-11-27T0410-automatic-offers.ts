// Automatic offers (issue 28, docs/decisions/078-automatic-offers.md): a percentage off a category or
// the whole shop, or free delivery over an amount, between two moments (ISO text, India time in the
// admin), paused or not, stackable with a code or not. Nothing is kept on carts or orders: an order's
// lines keep the price they were sold at.
import { type Kysely, sql } from 'kysely'
import { isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 60`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent_off', 'free_delivery')`))
    // Whole percent 1-90 for percent_off, 0 for free_delivery.
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0).check(sql`percent between 0 and 90`))
    // The (discounted) subtotal from which delivery is free; 0 for percent_off.
    .addColumn('min_order_paise', 'integer', (c) => c.notNull().defaultTo(0).check(sql`min_order_paise >= 0`))
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('shop').check(sql`scope in ('shop', 'categories', 'products')`))
    // JSON list of category ids or product ids ('[]' for the whole shop).
    .addColumn('scope_items', 'text', (c) => c.notNull().defaultTo('[]'))
    // Moments (ISO); the offer runs from starts_at (included) to ends_at (excluded).
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stackable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .execute()
  await db.schema.createIndex('offers_dates').on('offers').columns(['starts_at', 'ends_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('offers_dates').execute()
  await db.schema.dropTable('offers').execute()
}
