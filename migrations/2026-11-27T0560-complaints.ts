// Complaints (Consumer Protection (E-Commerce) Rules 2020, issue 32, ADR 089): each has a ticket
// (RC-<year>-<id>), is acknowledged at once by mail and followed by the admin to resolution.
import { type Kysely, sql } from 'kysely'
import { autoIncrementKey, isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('complaints')
    .addColumn('id', 'integer', autoIncrementKey(db))
    // The shopper who sent it signed in; null for a visitor (and once the account is erased).
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'inProgress', 'resolved')`))
    .addColumn('resolution', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addColumn('resolved_at', 'text')
    .execute()
  await db.schema.createIndex('complaints_status').on('complaints').columns(['status', 'created_at']).execute()
  await db.schema.createIndex('complaints_user').on('complaints').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('complaints').execute()
}
