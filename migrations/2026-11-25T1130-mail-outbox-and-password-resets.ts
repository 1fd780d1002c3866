// Mail goes through an outbox (docs/decisions/034-mail-outbox.md): a row is written in the same
// transaction as the event that causes it (dedupe_key: one mail per event), and the worker in the
// server process claims, sends and marks it. Password resets keep only a hash of their token.
import { type Kysely, sql } from 'kysely'
import { autoIncrementKey, isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** JSON: [{kind, orderId}], rendered at send time through the attachment registry. */
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    /** 'smtp' or 'mailbox' (no SMTP_URL: the admin's local mailbox), once sent. */
    .addColumn('delivered_via', 'text')
    .addColumn('message_id', 'text')
    /** JSON: the file names attached when it was sent. */
    .addColumn('attached', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addColumn('sent_at', 'text')
    .execute()
  // The worker's question: what is due (pending by next_attempt_at, or sending past its lease).
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('mail_outbox_created').on('mail_outbox').column('created_at').execute()

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .execute()
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute()
  await db.schema.dropTable('mail_outbox').execute()
}
