// Verified-buyer reviews (issue 21): a review can be hidden by the admin (with a reason) and edited
// by its author (updated_at); each product keeps the number of its shown reviews beside their
// average (products.review_count, written in the same transaction as every review write).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reviews').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('reviews').addColumn('hidden_reason', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('reviews').addColumn('hidden_at', 'text').execute()
  // Nullable only because SQLite cannot add a column with a computed default; every row gets one.
  await db.schema.alterTable('reviews').addColumn('updated_at', 'text').execute()
  await sql`update reviews set updated_at = created_at`.execute(db)
  await db.schema.createIndex('reviews_product_newest').on('reviews').columns(['product_id', 'created_at']).execute()
  await db.schema.createIndex('reviews_newest').on('reviews').column('created_at').execute()

  await db.schema.alterTable('products').addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  // Reviews written before (none through the shop: it had no way to write one) count from now on.
  await sql`update products set review_count = (select count(*) from reviews r where r.product_id = products.id)`.execute(db)
  await sql`update products set average_review = (select avg(r.review_value) from reviews r where r.product_id = products.id)
    where review_count > 0`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('review_count').execute()
  await db.schema.dropIndex('reviews_newest').execute()
  await db.schema.dropIndex('reviews_product_newest').execute()
  for (const column of ['updated_at', 'hidden_at', 'hidden_reason', 'hidden']) {
    await db.schema.alterTable('reviews').dropColumn(column).execute()
  }
}
