// The owner's versions of the policy pages (issue 32, docs/decisions/081-policy-pages.md): each save
// or restore adds a row, none is changed or deleted; a page shows its newest row, or the default text
// written from the shop's settings (app/lib/policy-defaults.ts) while it has none.
import { type Kysely, sql } from 'kysely'
import { autoIncrementKey, isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('policy_versions')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('slug', 'text', (c) => c.notNull().check(sql`slug in ('terms', 'privacy', 'refunds', 'shipping', 'returns', 'contact')`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`length(body) between 1 and 20000`))
    // The version this one restored; null for a version written in the editor.
    .addColumn('restored_from', 'integer', (c) => c.references('policy_versions.id'))
    // The admin who saved it; null once that account is gone.
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .execute()
  // A page's newest version, and its history newest first.
  await db.schema.createIndex('policy_versions_slug').on('policy_versions').columns(['slug', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('policy_versions').execute()
}
