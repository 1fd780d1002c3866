// Stock holds (docs/decisions/032-stock-holds-and-unpaid-checkouts.md): starting payment holds the
// cart's quantities until expires_at. A hold is live while expires_at is in the future; availability
// is total_stock minus the live holds of the product (app/domain/cart/stock-holds.server.ts).
import { type Kysely, sql } from 'kysely'
import { isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_holds')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addPrimaryKeyConstraint('stock_holds_pk', ['order_id', 'product_id'])
    .execute()
  // Every availability query sums a product's live holds: by product, then expiry.
  await db.schema.createIndex('stock_holds_product_expiry').on('stock_holds').columns(['product_id', 'expires_at', 'quantity', 'user_id']).execute()
  await db.schema.createIndex('stock_holds_user').on('stock_holds').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_holds').execute()
}
