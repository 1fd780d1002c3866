// Custom-order requests (issue 21): what a visitor or shopper asked the studio to make, with its
// reference photos (urls made by the image pipeline), and the studio's status, quoted price and notes.
import { type Kysely, sql } from 'kysely'
import { autoIncrementKey, isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('custom_requests')
    .addColumn('id', 'integer', autoIncrementKey(db))
    /** The shopper who sent it while signed in; null for a visitor (or an account deleted since). */
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('occasion', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('budget_paise', 'integer', (c) => c.notNull().check(sql`budget_paise > 0`))
    /** YYYY-MM-DD, an India calendar day. */
    .addColumn('needed_by', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('new').check(sql`status in ('new', 'quoted', 'accepted', 'declined', 'done')`),
    )
    .addColumn('quoted_paise', 'integer', (c) => c.check(sql`quoted_paise > 0`))
    .addColumn('admin_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .execute()
  // The admin's list (by status, newest first), the dashboard's count, a shopper's own list.
  await db.schema.createIndex('custom_requests_status').on('custom_requests').columns(['status', 'created_at']).execute()
  await db.schema.createIndex('custom_requests_user').on('custom_requests').columns(['user_id', 'created_at']).execute()

  await db.schema
    .createTable('custom_request_photos')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('custom_requests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('custom_request_photos_pk', ['request_id', 'position'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('custom_request_photos').execute()
  await db.schema.dropTable('custom_requests').execute()
}
