// The whole schema of docs/spec/entities.md as of the first release. Frozen: later changes get new files.
// Portable (docs/decisions/036): the same SQL on SQLite as ever; on PostgreSQL identity keys, double
// precision, and an explicit rowid where SQLite's implicit one is used.
import { type Kysely, sql } from 'kysely'
import { addRowid, autoIncrementKey, doubleType, isoNowSql as now } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'user')`))
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute()

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('auth_sessions_user_id').on('auth_sessions').column('user_id').execute()

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) =>
      c
        .notNull()
        .check(sql`category in ('jewellery', 'home-decor', 'gifting-memories', 'special-occasion')`),
    )
    .addColumn('price_paise', 'integer', (c) => c.notNull().check(sql`price_paise >= 0`))
    .addColumn('sale_price_paise', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`sale_price_paise >= 0`),
    )
    .addColumn('total_stock', 'integer', (c) => c.notNull().check(sql`total_stock >= 0`))
    .addColumn('average_review', doubleType(db), (c) => c.notNull().defaultTo(0))
    .addColumn('variety_type', 'text', (c) => c.check(sql`variety_type in ('choice', 'size', 'pack')`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute()
  await db.schema.createIndex('products_category').on('products').columns(['category', 'deleted_at']).execute()

  for (const table of ['product_images', 'product_colors'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', autoIncrementKey(db))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn(table === 'product_images' ? 'url' : 'name', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex(`${table}_product`).on(table).columns(['product_id', 'position']).execute()
  }

  await db.schema
    .createTable('product_varieties')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_paise', 'integer', (c) => c.notNull().check(sql`price_paise >= 0`))
    .addColumn('sale_price_paise', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`sale_price_paise >= 0`),
    )
    .execute()
  await db.schema
    .createIndex('product_varieties_product')
    .on('product_varieties')
    .columns(['product_id', 'position'])
    .execute()

  await db.schema
    .createTable('carts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('guest_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('carts_owner', sql`user_id is not null or guest_id is not null`)
    .execute()

  await db.schema
    .createTable('cart_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('variety_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('cart_lines_identity', ['cart_id', 'product_id', 'variety_name', 'color'])
    .execute()
  await addRowid(db, 'cart_lines')

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address_line', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('India'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('landmark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await addRowid(db, 'addresses')
  await db.schema.createIndex('addresses_user').on('addresses').column('user_id').execute()

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('cart_id', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('address_id', 'text')
    .addColumn('address_line', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('landmark', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('subtotal_paise', 'integer', (c) => c.notNull().check(sql`subtotal_paise >= 0`))
    .addColumn('delivery_fee_paise', 'integer', (c) => c.notNull().check(sql`delivery_fee_paise >= 0`))
    .addColumn('total_amount_paise', 'integer', (c) => c.notNull().check(sql`total_amount_paise >= 0`))
    .addColumn('order_status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`order_status in ('pending', 'confirmed', 'inProcess', 'inShipping', 'delivered', 'rejected')`,
        ),
    )
    .addColumn('payment_method', 'text', (c) => c.notNull().defaultTo('razorpay'))
    .addColumn('payment_status', 'text', (c) =>
      c.notNull().check(sql`payment_status in ('pending', 'paid', 'failed', 'refunded')`),
    )
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_order_id', 'text', (c) => c.unique())
    .addColumn('gateway_payment_id', 'text')
    .addColumn('needs_refund', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_date', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await addRowid(db, 'orders')
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'order_date']).execute()
  await db.schema.createIndex('orders_status').on('orders').columns(['order_status', 'order_date']).execute()

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('variety_type', 'text')
    .addColumn('variety_name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('unit_price_paise', 'integer', (c) => c.notNull().check(sql`unit_price_paise >= 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .execute()
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute()

  await db.schema
    .createTable('order_status_history')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('changed_by', 'text')
    .addColumn('changed_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema
    .createIndex('order_status_history_order')
    .on('order_status_history')
    .column('order_id')
    .execute()

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_order_id', 'text', (c) => c.notNull())
    .addColumn('gateway_payment_id', 'text', (c) => c.unique())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'refunded')`),
    )
    .addColumn('error_code', 'text')
    .addColumn('error_description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute()

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('gateway_order_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('processed_at', 'text')
    .execute()

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('review_value', 'integer', (c) => c.notNull().check(sql`review_value between 1 and 5`))
    .addColumn('review_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('reviews_one_per_user', ['product_id', 'user_id'])
    .execute()

  await db.schema
    .createTable('feature_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'feature_images',
    'reviews',
    'webhook_events',
    'payments',
    'order_status_history',
    'order_lines',
    'orders',
    'addresses',
    'cart_lines',
    'carts',
    'product_varieties',
    'product_colors',
    'product_images',
    'products',
    'auth_sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
