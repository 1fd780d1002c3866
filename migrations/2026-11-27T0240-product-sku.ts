// A product's own SKU, for a product without variants (a variant keeps its own in product_variants.sku):
// set from the inventory's CSV import, shown on the inventory page and in the export.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('sku', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('sku').execute()
}
