// Partial refunds (issue 31, ADR 087): the owner gives back pieces or an amount of a paid order, any
// number of times. Each refund is a row written before the gateway is called (its refund_key, from
// the owner's form, makes a second tap the same refund), with what it gives back per invoice line
// (portions) and per order line (items); each has its own credit note, so invoices gets refund_id
// ('' for the invoice and the note that ends the order) in its one-per-order key.
import { type Kysely, sql } from 'kysely'
import { isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('partial_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('refund_key', 'text', (c) => c.notNull().unique())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_payment_id', 'text', (c) => c.notNull())
    .addColumn('gateway_refund_id', 'text', (c) => c.unique())
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'pending', 'processed', 'failed')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('portions', 'text', (c) => c.notNull())
    .addColumn('restock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .execute()
  await db.schema.createIndex('partial_refunds_due').on('partial_refunds').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('partial_refunds_order').on('partial_refunds').columns(['order_id', 'created_at']).execute()

  await db.schema.alterTable('invoices').addColumn('refund_id', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.dropIndex('invoices_order_kind').execute()
  await db.schema.createIndex('invoices_order_kind_refund').unique().on('invoices').columns(['order_id', 'kind', 'refund_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('invoices').where('refund_id', '!=', '').execute()
  await db.schema.dropIndex('invoices_order_kind_refund').execute()
  await db.schema.createIndex('invoices_order_kind').unique().on('invoices').columns(['order_id', 'kind']).execute()
  await db.schema.alterTable('invoices').dropColumn('refund_id').execute()
  await db.schema.dropTable('partial_refunds').execute()
}
