// Indexes for the listing's sorts on a large catalogue: effective price and title, live products only.
import { type Kysely, sql } from 'kysely'
import { caseInsensitiveSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index products_live_effective_price on products (
    (case when sale_price_paise > 0 then sale_price_paise else price_paise end), id
  ) where deleted_at is null`.execute(db)
  await sql`create index products_live_category_price on products (
    category, (case when sale_price_paise > 0 then sale_price_paise else price_paise end), id
  ) where deleted_at is null`.execute(db)
  await sql`create index products_live_title on products (${caseInsensitiveSql('title')}, id) where deleted_at is null`.execute(db)
  await db.schema.createIndex('product_images_url').on('product_images').column('url').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['products_live_effective_price', 'products_live_category_price', 'products_live_title', 'product_images_url']) {
    await db.schema.dropIndex(name).execute()
  }
}
