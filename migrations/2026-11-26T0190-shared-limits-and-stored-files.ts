// Several processes (ADR 040): rate-limit counters and the addresses known to have signed in live in
// the database, and every uploaded or generated image is kept there too (content-addressed and
// immutable), so any process on any machine serves any image; UPLOADS_DIR becomes a cache.
import type { Kysely } from 'kysely'
import { blobType, isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey().notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rate_limit_counters_expires').on('rate_limit_counters').column('expires_at').execute()

  await db.schema
    .createTable('rate_limit_known')
    .addColumn('pair', 'text', (c) => c.primaryKey().notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rate_limit_known_seen').on('rate_limit_known').column('seen_at').execute()

  await db.schema
    .createTable('stored_files')
    .addColumn('name', 'text', (c) => c.primaryKey().notNull())
    .addColumn('content', blobType(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_files').execute()
  await db.schema.dropTable('rate_limit_known').execute()
  await db.schema.dropTable('rate_limit_counters').execute()
}
