// Photos of a damaged piece (issue 31, ADR 101): a return of damage carries one to four photos, kept
// as the custom-order photos are (stored_files, content-addressed names) and listed here by position.
// They are the shopper's and the studio's only: served by the order pages' own routes, never /uploads.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('return_photos')
    .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('return_photos_pk', ['return_id', 'position'])
    .execute()
  await db.schema.createIndex('return_photos_image_url').on('return_photos').column('image_url').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('return_photos').execute()
}
