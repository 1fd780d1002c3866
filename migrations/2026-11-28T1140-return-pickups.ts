// Courier pickups of approved returns (issues 30 and 31, ADR 104): one row per return, written as an
// intent ('booking') before the aggregator is asked, so a double tap, a retry after a timeout or a
// restart books one pickup (the aggregator's channel order id is the return's id); then its AWB, and
// every tracking scan of it once (unique per return and scan key).
import { type Kysely, sql } from 'kysely'
import { autoIncrementKey, isoNowSql as now } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('return_pickups')
    .addColumn('return_id', 'text', (c) => c.primaryKey().references('returns.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('booking', 'booked', 'pickedUp', 'inTransit', 'delivered', 'cancelled')`))
    .addColumn('provider_order_id', 'text')
    .addColumn('provider_shipment_id', 'text')
    .addColumn('courier_name', 'text')
    .addColumn('awb', 'text', (c) => c.unique())
    .addColumn('tracking_url', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('booked_at', 'text')
    .addColumn('next_poll_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('return_pickups_order').on('return_pickups').columns(['order_id']).execute()
  await db.schema.createIndex('return_pickups_next_poll').on('return_pickups').columns(['next_poll_at']).execute()
  await db.schema
    .createTable('return_pickup_events')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('return_id', 'text', (c) => c.notNull().references('return_pickups.return_id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('activity', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('webhook', 'poll')`))
    .addColumn('received_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('return_pickup_events_once', ['return_id', 'event_key'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('return_pickup_events').execute()
  await db.schema.dropTable('return_pickups').execute()
}
