// A product's variety options and colours are unique by name (a cart line names its choice).
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('product_varieties_name').unique().on('product_varieties').columns(['product_id', 'name']).execute()
  await db.schema.createIndex('product_colors_name').unique().on('product_colors').columns(['product_id', 'name']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_varieties_name').execute()
  await db.schema.dropIndex('product_colors_name').execute()
}
