// Stock history (issue 27, docs/decisions/064-inventory-and-stock-history.md): every change of a
// product's or a variant's shelf stock, with who or what made it and why, written in the transaction
// that makes it. variety_name and color are '' for the part the stock is not keyed by (ADR 061).
import { type Kysely, sql } from 'kysely'
import { autoIncrementKey, isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variety_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    /** Units added (above 0) or taken (below 0). */
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('stock_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('sale', 'cancellation', 'refund', 'admin-edit', 'product-form', 'import')`),
    )
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    /** The admin who made it; null for the shop itself (a sale, an automatic cancellation). */
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .execute()
  // A variant's history, newest first.
  await db.schema.createIndex('stock_movements_variant').on('stock_movements').columns(['product_id', 'variety_name', 'color', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_movements').execute()
}
