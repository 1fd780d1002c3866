// GST invoices and credit notes: one counter per series and financial year (gapless numbers,
// taken in the payment's transaction) and the issued documents, kept as they were issued (ADR 035).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_counters')
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('last_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('document_counters_pk', ['series', 'financial_year'])
    .execute()

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invoice', 'credit-note')`))
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull().check(sql`sequence > 0`))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .execute()
  // One invoice and at most one credit note per order; a number is never used twice in a series.
  await db.schema.createIndex('invoices_order_kind').unique().on('invoices').columns(['order_id', 'kind']).execute()
  await db.schema
    .createIndex('invoices_series_sequence')
    .unique()
    .on('invoices')
    .columns(['series', 'financial_year', 'sequence'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoices').execute()
  await db.schema.dropTable('document_counters').execute()
}
