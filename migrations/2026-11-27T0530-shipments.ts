// Parcels booked through a courier aggregator (issue 30, ADR 086): one shipment per order, written as an
// intent ('booking') before the aggregator is called, so a retry or a restart finds it and books no
// second parcel; and every tracking scan of it, once (unique per order and scan key).
import { type Kysely, sql } from 'kysely'
import { autoIncrementKey, isoNowSql as now } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shipments')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('booking', 'booked', 'pickedUp', 'inTransit', 'outForDelivery', 'undelivered', 'delivered', 'returned', 'cancelled')`),
    )
    .addColumn('provider_order_id', 'text')
    .addColumn('provider_shipment_id', 'text')
    .addColumn('courier_name', 'text')
    .addColumn('awb', 'text', (c) => c.unique())
    .addColumn('tracking_url', 'text')
    .addColumn('expected_delivery', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('booked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('booked_at', 'text')
    .addColumn('next_poll_at', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('shipments_next_poll').on('shipments').columns(['next_poll_at']).execute()
  await db.schema
    .createTable('shipment_events')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('order_id', 'text', (c) => c.notNull().references('shipments.order_id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('activity', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('webhook', 'poll', 'booking')`))
    .addColumn('received_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('shipment_events_once', ['order_id', 'event_key'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shipment_events').execute()
  await db.schema.dropTable('shipments').execute()
}
