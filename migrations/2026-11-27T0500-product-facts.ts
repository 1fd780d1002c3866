// A product page's facts (issue 32, docs/decisions/083-product-facts.md): the
// country of origin ('India' unless the owner names another) and the materials ('' for none; the
// product sheet asks them of jewellery). Plain columns with defaults: portable as they are.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('country_of_origin', 'text', (c) => c.notNull().defaultTo('India')).execute()
  await db.schema.alterTable('products').addColumn('materials', 'text', (c) => c.notNull().defaultTo('')).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('materials').execute()
  await db.schema.alterTable('products').dropColumn('country_of_origin').execute()
}
