// Back in stock (issue 27, docs/decisions/066-back-in-stock-alerts.md): an address that asked to hear
// when a sold-out shelf (a variant, or a product's own stock) has stock again. One mail is sent, then
// the row is deleted: the address is not kept.
import { type Kysely, sql } from 'kysely'
import { autoIncrementKey, isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_alerts')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variety_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) <= 254`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addUniqueConstraint('stock_alerts_once', ['product_id', 'variety_name', 'color', 'email'])
    .execute()
  // The sender's sweep walks the alerts by shelf; the per-address cap counts by email.
  await db.schema.createIndex('stock_alerts_email').on('stock_alerts').column('email').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_alerts').execute()
}
