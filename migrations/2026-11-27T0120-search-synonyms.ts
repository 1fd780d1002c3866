// The owner's search synonyms (docs/decisions/063-search-synonyms.md): each row a word shoppers type
// and the catalogue words it also finds, comma-separated ("earrings,earring"). The shop's default list
// is in app/lib/search-synonyms.ts; a row here adds to it, or replaces the default line of its term.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_synonyms')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('expands_to', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_synonyms').execute()
}
