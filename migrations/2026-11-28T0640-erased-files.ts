// Stored files erased with a shopper's account (her custom requests' photos, issue 32, ADR 095): the
// rows of stored_files go in the erasure's transaction and their names are written here in it, so a
// crash before the disk caches are swept leaves the list of what to remove. Swept right after the
// erasure and at every tidy (start and every 6 hours, in each process); a name leaves after two days.
import type { Kysely } from 'kysely'
import { isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('erased_files')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('erased_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('erased_files').execute()
}
