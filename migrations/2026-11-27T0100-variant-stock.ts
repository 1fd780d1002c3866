// Stock per variant (docs/decisions/061-stock-per-variant.md): a product may keep its stock per
// variant (an option, a colour, or both) in product_variants, products.total_stock being their sum;
// a stock hold names the variant it holds (variety_name, color; '' for the product's own stock); and
// products.option_label is the owner's name for the option group ('' reads as the variety type's).
import { type Kysely, sql } from 'kysely'
import { isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_variants')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variety_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('price_paise', 'integer')
    .addColumn('sale_price_paise', 'integer')
    .addColumn('sku', 'text')
    .addColumn('image', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_variants_pk', ['product_id', 'variety_name', 'color'])
    .execute()

  await db.schema.alterTable('products').addColumn('option_label', 'text', (c) => c.notNull().defaultTo('')).execute()

  // The holds' key grows from (order, product) to (order, product, variant): SQLite cannot change a
  // primary key in place, so both databases rebuild the table (holds live minutes; all are copied).
  await db.schema
    .createTable('stock_holds_next')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variety_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addPrimaryKeyConstraint('stock_holds_variant_pk', ['order_id', 'product_id', 'variety_name', 'color'])
    .execute()
  await sql`insert into stock_holds_next (order_id, product_id, user_id, quantity, expires_at, created_at)
    select order_id, product_id, user_id, quantity, expires_at, created_at from stock_holds`.execute(db)
  await db.schema.dropTable('stock_holds').execute()
  await db.schema.alterTable('stock_holds_next').renameTo('stock_holds').execute()
  await createHoldIndexes(db)
  // A variant's availability sums its live holds: by product and variant, then expiry.
  await db.schema
    .createIndex('stock_holds_variant_expiry')
    .on('stock_holds')
    .columns(['product_id', 'variety_name', 'color', 'expires_at', 'quantity', 'user_id'])
    .execute()
}

async function createHoldIndexes(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('stock_holds_product_expiry').on('stock_holds').columns(['product_id', 'expires_at', 'quantity', 'user_id']).execute()
  await db.schema.createIndex('stock_holds_user').on('stock_holds').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_holds_prev')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addPrimaryKeyConstraint('stock_holds_pk', ['order_id', 'product_id'])
    .execute()
  await sql`insert into stock_holds_prev (order_id, product_id, user_id, quantity, expires_at, created_at)
    select order_id, product_id, min(user_id), sum(quantity), max(expires_at), min(created_at) from stock_holds group by order_id, product_id`.execute(db)
  await db.schema.dropTable('stock_holds').execute()
  await db.schema.alterTable('stock_holds_prev').renameTo('stock_holds').execute()
  await createHoldIndexes(db)
  await db.schema.alterTable('products').dropColumn('option_label').execute()
  await db.schema.dropTable('product_variants').execute()
}
