// A discount code for some variants (issue 28, docs/decisions/084-variant-codes-and-offer-figures.md):
// the variants it is for, JSON [{productId, variety, option2, color}] ('' for a part any line may
// have). Such a code keeps scope 'products' with its variants' products in scope_items: SQLite
// cannot widen the scope's CHECK without rebuilding a table that orders reference.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('discount_codes').addColumn('scope_variants', 'text', (c) => c.notNull().defaultTo('[]')).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('discount_codes').dropColumn('scope_variants').execute()
}
