// Exchanges (issue 31, ADR 105): a return may ask for another option or colour of the same product
// instead of a refund. One row per return that does: the new piece (product, option, second option,
// colour, quantity), its price when asked (new_unit_paise) against what the returned pieces paid
// (paid_paise, after the discount's share), the difference (positive: the shopper pays a Payment
// Link; negative: a partial refund under the return's key), whether the new piece's stock is held
// (once, on approval), the difference's link (its reference is unique per return), and the
// replacement order the exchange became (unique: one order however many taps or crashes).
import { type Kysely, sql } from 'kysely'
import { isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('return_exchanges')
    .addColumn('return_id', 'text', (c) => c.primaryKey().references('returns.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('variety_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('option2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('new_unit_paise', 'integer', (c) => c.notNull())
    .addColumn('paid_paise', 'integer', (c) => c.notNull())
    .addColumn('difference_paise', 'integer', (c) => c.notNull())
    .addColumn('stock_held', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('link_reference', 'text', (c) => c.unique())
    .addColumn('link_id', 'text', (c) => c.unique())
    .addColumn('link_gateway', 'text')
    .addColumn('link_url', 'text')
    .addColumn('link_status', 'text', (c) => c.check(sql`link_status in ('created', 'paid', 'cancelled', 'expired')`))
    .addColumn('link_payment_id', 'text')
    .addColumn('link_paid_at', 'text')
    .addColumn('replacement_order_id', 'text', (c) => c.unique().references('orders.id'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('return_exchanges_order').on('return_exchanges').column('order_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('return_exchanges').execute()
}
