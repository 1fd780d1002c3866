// Failed deliveries and returns to origin (issue 30, ADR 102).
//
// 1. shipments.status gets 'returning' (the courier is taking the parcel back: an RTO scan) in its CHECK.
//    SQLite cannot alter a CHECK, so the table is rebuilt as the orders table was for 'cancelled'
//    (migrations/2026-11-25T1100-order-cancelled-and-refunds.ts): from its own stored CREATE TABLE text,
//    foreign keys off, one transaction, indexes re-created, shipment_events' references checked.
//    PostgreSQL drops and adds the constraint in one statement.
// 2. parcel_ndrs: each failed delivery attempt the courier reported (one per order and scan key), its
//    reason, and the owner's answer (re-attempt, with a corrected phone or address, or return to origin),
//    written as an intent ('sending') before the aggregator is called, so a double tap or a retry after a
//    timeout sends one action; claimed_until: a tap is asking the aggregator now (a second tap waits).
// 3. parcel_rtos: a parcel on its way back or back at the studio, and the owner's check of it ("Received
//    back": each line restocked or written off), once.
import { type Kysely, sql } from 'kysely'
import { dialectOf, isoNowSql as now } from '../db/dialect'

const WITH_RETURNING = `'booking', 'booked', 'pickedUp', 'inTransit', 'outForDelivery', 'undelivered', 'returning', 'delivered', 'returned', 'cancelled'`
const WITHOUT_RETURNING = `'booking', 'booked', 'pickedUp', 'inTransit', 'outForDelivery', 'undelivered', 'delivered', 'returned', 'cancelled'`

async function rebuildShipmentsWithStatuses(db: Kysely<any>, statuses: string): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    const found = await sql<{ conname: string }>`
      select conname from pg_constraint
      where conrelid = 'shipments'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%status%'
    `.execute(db)
    const name = found.rows[0]?.conname
    if (!name || found.rows.length > 1) throw new Error('shipments: the status CHECK was not found; alter by hand')
    await sql`alter table shipments drop constraint ${sql.id(name)}, add constraint ${sql.id(name)} check (${sql.raw(`status in (${statuses})`)})`.execute(db)
    return
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'shipments'`.execute(db)
  const createSql = table.rows[0]?.sql
  if (!createSql) throw new Error('shipments: no such table')
  const check = /"?status"?\s+in\s*\(([^)]*)\)/i
  if (!check.test(createSql)) throw new Error('shipments: the status CHECK was not found; rebuild by hand')
  const newSql = createSql.replace(check, () => `status in (${statuses})`).replace(/^create table\s+("shipments"|shipments)/i, 'create table "shipments_rebuilt"')
  const dependents = await sql<{ sql: string }>`
    select sql from sqlite_master where tbl_name = 'shipments' and type in ('index', 'trigger') and sql is not null
  `.execute(db)
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await sql`begin immediate`.execute(db)
    try {
      await sql.raw(newSql).execute(db)
      await sql`insert into shipments_rebuilt select * from shipments`.execute(db)
      await sql`drop table shipments`.execute(db)
      await sql`alter table shipments_rebuilt rename to shipments`.execute(db)
      for (const dependent of dependents.rows) await sql.raw(dependent.sql).execute(db)
      const broken = await sql`pragma foreign_key_check`.execute(db)
      if (broken.rows.length > 0) throw new Error(`shipments rebuild broke ${broken.rows.length} foreign keys`)
      await sql`commit`.execute(db)
    } catch (error) {
      await sql`rollback`.execute(db)
      throw error
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db)
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildShipmentsWithStatuses(db, WITH_RETURNING)
  await db.schema
    .createTable('parcel_ndrs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('shipments.order_id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.check(sql`action in ('reattempt', 'return')`))
    .addColumn('action_state', 'text', (c) => c.notNull().defaultTo('open').check(sql`action_state in ('open', 'sending', 'sent')`))
    .addColumn('action_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_landmark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('parcel_ndrs_once', ['order_id', 'event_key'])
    .execute()
  await db.schema
    .createTable('parcel_rtos')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('shipments.order_id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('returning', 'returned', 'received')`))
    .addColumn('returned_at', 'text')
    .addColumn('received_items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('received_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('received_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('parcel_rtos').execute()
  await db.schema.dropTable('parcel_ndrs').execute()
  await sql`update shipments set status = 'returned' where status = 'returning'`.execute(db)
  await rebuildShipmentsWithStatuses(db, WITHOUT_RETURNING)
}
