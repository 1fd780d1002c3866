// Returns (issue 31, ADR 099): the owner's policy (one row: the window after delivery, the reasons
// accepted, whether personalised and made-to-order pieces come back only when damaged or wrong, and
// where the shopper sends a parcel) and the shopper's returns, each with its pieces (order lines by
// position, each with its reason), its state, the owner's message and, once refunded, its partial
// refund (whose key is the return's own, so a second tap or a retry after a crash is the same refund).
import { type Kysely, sql } from 'kysely'
import { isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('return_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('window_days', 'integer', (c) => c.notNull().check(sql`window_days >= 0 and window_days <= 90`))
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('special_only_damaged', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('send_to', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .createTable('returns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('requested', 'approved', 'declined', 'received', 'refunded')`))
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('received_items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('without_pickup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('partial_refund_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('returns_order_number').unique().on('returns').columns(['order_id', 'number']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('returns').execute()
  await db.schema.dropTable('return_settings').execute()
}
