// Orders can be cancelled (by the shopper, before the studio accepts them), and money that will not
// be earned goes back through a refund row per order (docs/decisions/031-order-lifecycle-and-refunds.md).
//
// 1. orders.order_status gets 'cancelled' in its CHECK. SQLite cannot alter a CHECK, so the table is
//    rebuilt the way SQLite documents (https://sqlite.org/lang_altertable.html#otheralter): with
//    foreign keys off, in one transaction, a copy is created from orders' own stored CREATE TABLE text
//    (so columns other migrations added are kept whatever their order), every row copied, the old
//    table dropped, the copy renamed, its indexes and triggers re-created, and the foreign keys that
//    point at orders (order_lines, order_status_history, payments, refunds) checked before commit.
//    order_status_history.status has no CHECK (it already holds any status).
//    PostgreSQL: `alter table orders drop constraint ..., add constraint ... check (...)` instead.
// 2. refunds: one row per order (order_id UNIQUE), whatever number of triggers race.
import { type Kysely, sql } from 'kysely'
import { dialectOf, isoNowSql } from '../db/dialect'

const WITH_CANCELLED = `'pending', 'confirmed', 'inProcess', 'inShipping', 'delivered', 'cancelled', 'rejected'`
const WITHOUT_CANCELLED = `'pending', 'confirmed', 'inProcess', 'inShipping', 'delivered', 'rejected'`

/** Rebuilds orders with `statuses` as the CHECK list of order_status; rows, indexes, triggers and references stay. */
export async function rebuildOrdersWithStatuses(db: Kysely<any>, statuses: string): Promise<void> {
  if (dialectOf(db) === 'postgres') return replaceOrderStatusCheck(db, statuses)
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(db)
  const createSql = table.rows[0]?.sql
  if (!createSql) throw new Error('orders: no such table')
  const check = /order_status"?\s+in\s*\(([^)]*)\)/i
  if (!check.test(createSql)) throw new Error('orders: the order_status CHECK was not found; rebuild by hand')
  const newSql = createSql
    .replace(check, (_m) => `order_status in (${statuses})`)
    .replace(/^create table\s+("orders"|orders)/i, 'create table "orders_rebuilt"')
  const dependents = await sql<{ sql: string }>`
    select sql from sqlite_master where tbl_name = 'orders' and type in ('index', 'trigger') and sql is not null
  `.execute(db)

  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await sql`begin immediate`.execute(db)
    try {
      await sql.raw(newSql).execute(db)
      await sql`insert into orders_rebuilt select * from orders`.execute(db)
      await sql`drop table orders`.execute(db)
      await sql`alter table orders_rebuilt rename to orders`.execute(db)
      for (const dependent of dependents.rows) await sql.raw(dependent.sql).execute(db)
      const broken = await sql`pragma foreign_key_check`.execute(db)
      if (broken.rows.length > 0) throw new Error(`orders rebuild broke ${broken.rows.length} foreign keys`)
      await sql`commit`.execute(db)
    } catch (error) {
      await sql`rollback`.execute(db)
      throw error
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db)
  }
}

/**
 * PostgreSQL alters a CHECK in place: the order_status constraint (found by what it checks, whatever
 * its name) is dropped and added again with `statuses`, under the table's lock in one statement. Adding
 * it validates every row, so going back fails while an order is cancelled, as on SQLite.
 */
async function replaceOrderStatusCheck(db: Kysely<any>, statuses: string): Promise<void> {
  const found = await sql<{ conname: string }>`
    select conname from pg_constraint
    where conrelid = 'orders'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%order_status%'
  `.execute(db)
  const name = found.rows[0]?.conname
  if (!name || found.rows.length > 1) throw new Error('orders: the order_status CHECK was not found; alter by hand')
  await sql`alter table orders drop constraint ${sql.id(name)}, add constraint ${sql.id(name)} check (${sql.raw(`order_status in (${statuses})`)})`.execute(db)
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildOrdersWithStatuses(db, WITH_CANCELLED)

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_payment_id', 'text', (c) => c.notNull())
    .addColumn('gateway_refund_id', 'text', (c) => c.unique())
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'pending', 'processed', 'failed')`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('unfillable', 'rejected', 'cancelled', 'late_payment')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .execute()
  // The worker's question: which refunds are due (queued to send, pending to poll)?
  await db.schema.createIndex('refunds_due').on('refunds').columns(['status', 'next_attempt_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refunds').execute()
  // Fails (and changes nothing) while an order is cancelled: there is no older word for it.
  await rebuildOrdersWithStatuses(db, WITHOUT_CANCELLED)
}
