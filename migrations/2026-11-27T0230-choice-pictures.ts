// A colour's or an option's own picture (docs/decisions/061-stock-per-variant.md): one of the product's
// images, shown when the shopper picks it; '' when it has none.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_colors').addColumn('image', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('product_varieties').addColumn('image', 'text', (c) => c.notNull().defaultTo('')).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_colors').dropColumn('image').execute()
  await db.schema.alterTable('product_varieties').dropColumn('image').execute()
}
