// A second option group (issue 27, docs/decisions/077-second-option-group.md): a product may name a
// second group ('Chain') and its options (product_options2); a variant, a stock hold, a cart line and
// an order line name the second option too (option2, '' when the product has none), the order line
// with the group's name as bought. A variant may keep its own making time (null: the product's).
// SQLite cannot change a key in place, so product_variants and stock_holds are rebuilt on both
// databases (as migration 0100 did), and cart_lines' identity is changed as migration 0200 did.
import { type Kysely, sql } from 'kysely'
import { addRowid, autoIncrementKey, dialectOf, isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('option2_label', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema
    .createTable('product_options2')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('product_options2_name').unique().on('product_options2').columns(['product_id', 'name']).execute()

  await rebuildVariants(db, true)
  await rebuildHolds(db, true)
  await changeCartLineIdentity(db, true)
  await db.schema.alterTable('order_lines').addColumn('option2', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('order_lines').addColumn('option2_label', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('stock_movements').addColumn('option2', 'text', (c) => c.notNull().defaultTo('')).execute()
  await rebuildAlerts(db, true)
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuildAlerts(db, false)
  await db.schema.alterTable('stock_movements').dropColumn('option2').execute()
  await db.schema.alterTable('order_lines').dropColumn('option2_label').execute()
  await db.schema.alterTable('order_lines').dropColumn('option2').execute()
  // Lines told apart only by their second option become one line each (the first kept).
  await sql`delete from cart_lines where exists (select 1 from cart_lines o where o.cart_id = cart_lines.cart_id
    and o.product_id = cart_lines.product_id and o.variety_name = cart_lines.variety_name and o.color = cart_lines.color
    and o.personalization = cart_lines.personalization and o.created_at < cart_lines.created_at)`.execute(db)
  await changeCartLineIdentity(db, false)
  await rebuildHolds(db, false)
  await rebuildVariants(db, false)
  await db.schema.dropTable('product_options2').execute()
  await db.schema.alterTable('products').dropColumn('option2_label').execute()
}

async function rebuildVariants(db: Kysely<any>, withOption2: boolean): Promise<void> {
  let table = db.schema
    .createTable('product_variants_next')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variety_name', 'text', (c) => c.notNull().defaultTo(''))
  if (withOption2) table = table.addColumn('option2', 'text', (c) => c.notNull().defaultTo(''))
  table = table
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('price_paise', 'integer')
    .addColumn('sale_price_paise', 'integer')
    .addColumn('sku', 'text')
    .addColumn('image', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
  if (withOption2) table = table.addColumn('made_to_order_days', 'integer')
  await table
    .addPrimaryKeyConstraint(withOption2 ? 'product_variants_option2_pk' : 'product_variants_pk', (withOption2 ? ['product_id', 'variety_name', 'option2', 'color'] : ['product_id', 'variety_name', 'color']) as any[])
    .execute()
  // Going down, a second option's variants fold into their option's: the first of each key is kept.
  const columns = 'product_id, variety_name, color, stock, price_paise, sale_price_paise, sku, image, position'
  await sql`insert into product_variants_next (${sql.raw(columns)}) select ${sql.raw(columns)} from product_variants pv
    where ${withOption2 ? sql`1 = 1` : sql`pv.option2 = (select min(o.option2) from product_variants o where o.product_id = pv.product_id and o.variety_name = pv.variety_name and o.color = pv.color)`}`.execute(db)
  await db.schema.dropTable('product_variants').execute()
  await db.schema.alterTable('product_variants_next').renameTo('product_variants').execute()
}

async function rebuildHolds(db: Kysely<any>, withOption2: boolean): Promise<void> {
  let table = db.schema
    .createTable('stock_holds_next')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variety_name', 'text', (c) => c.notNull().defaultTo(''))
  if (withOption2) table = table.addColumn('option2', 'text', (c) => c.notNull().defaultTo(''))
  await table
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addPrimaryKeyConstraint(
      withOption2 ? 'stock_holds_option2_pk' : 'stock_holds_variant_pk',
      (withOption2 ? ['order_id', 'product_id', 'variety_name', 'option2', 'color'] : ['order_id', 'product_id', 'variety_name', 'color']) as any[],
    )
    .execute()
  if (withOption2) {
    await sql`insert into stock_holds_next (order_id, product_id, variety_name, color, user_id, quantity, expires_at, created_at)
      select order_id, product_id, variety_name, color, user_id, quantity, expires_at, created_at from stock_holds`.execute(db)
  } else {
    await sql`insert into stock_holds_next (order_id, product_id, variety_name, color, user_id, quantity, expires_at, created_at)
      select order_id, product_id, variety_name, color, min(user_id), sum(quantity), max(expires_at), min(created_at) from stock_holds
      group by order_id, product_id, variety_name, color`.execute(db)
  }
  await db.schema.dropTable('stock_holds').execute()
  await db.schema.alterTable('stock_holds_next').renameTo('stock_holds').execute()
  await db.schema.createIndex('stock_holds_product_expiry').on('stock_holds').columns(['product_id', 'expires_at', 'quantity', 'user_id']).execute()
  await db.schema.createIndex('stock_holds_user').on('stock_holds').column('user_id').execute()
  await db.schema
    .createIndex('stock_holds_variant_expiry')
    .on('stock_holds')
    .columns(['product_id', 'variety_name', ...(withOption2 ? ['option2'] : []), 'color', 'expires_at', 'quantity', 'user_id'])
    .execute()
}

/** PostgreSQL changes the constraint in place; SQLite rebuilds the table with its rows and rowids (the cart's order). */
async function changeCartLineIdentity(db: Kysely<any>, withOption2: boolean): Promise<void> {
  const identity: any[] = ['cart_id', 'product_id', 'variety_name', ...(withOption2 ? ['option2'] : []), 'color', 'personalization']
  if (dialectOf(db) === 'postgres') {
    await db.schema.alterTable('cart_lines').dropConstraint('cart_lines_identity').execute()
    if (withOption2) await db.schema.alterTable('cart_lines').addColumn('option2', 'text', (c) => c.notNull().defaultTo('')).execute()
    else await db.schema.alterTable('cart_lines').dropColumn('option2').execute()
    await db.schema.alterTable('cart_lines').addUniqueConstraint('cart_lines_identity', identity).execute()
    return
  }
  let table = db.schema
    .createTable('cart_lines_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('variety_name', 'text', (c) => c.notNull().defaultTo(''))
  if (withOption2) table = table.addColumn('option2', 'text', (c) => c.notNull().defaultTo(''))
  await table
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('personalization', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addUniqueConstraint('cart_lines_identity', identity)
    .execute()
  const columns = 'id, cart_id, product_id, variety_name, color, personalization, quantity, created_at'
  await sql`insert into cart_lines_next (rowid, ${sql.raw(columns)}) select rowid, ${sql.raw(columns)} from cart_lines`.execute(db)
  await db.schema.dropTable('cart_lines').execute()
  await db.schema.alterTable('cart_lines_next').renameTo('cart_lines').execute()
  await addRowid(db, 'cart_lines')
}

/** The back-in-stock alerts name their shelf's second option; going down, one alert per (shelf less it, address) is kept. */
async function rebuildAlerts(db: Kysely<any>, withOption2: boolean): Promise<void> {
  let table = db.schema
    .createTable('stock_alerts_next')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variety_name', 'text', (c) => c.notNull().defaultTo(''))
  if (withOption2) table = table.addColumn('option2', 'text', (c) => c.notNull().defaultTo(''))
  await table
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) <= 254`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addUniqueConstraint(withOption2 ? 'stock_alerts_once_option2' : 'stock_alerts_once', ['product_id', 'variety_name', ...(withOption2 ? ['option2'] : []), 'color', 'email'] as any[])
    .execute()
  const columns = 'id, product_id, variety_name, color, email, created_at'
  await sql`insert into stock_alerts_next (${sql.raw(columns)}) select ${sql.raw(columns)} from stock_alerts a
    where ${withOption2 ? sql`1 = 1` : sql`a.id = (select min(o.id) from stock_alerts o where o.product_id = a.product_id and o.variety_name = a.variety_name and o.color = a.color and o.email = a.email)`}`.execute(db)
  await db.schema.dropTable('stock_alerts').execute()
  await db.schema.alterTable('stock_alerts_next').renameTo('stock_alerts').execute()
  await db.schema.createIndex('stock_alerts_email').on('stock_alerts').column('email').execute()
  if (dialectOf(db) === 'postgres') {
    // The copied ids were given, not drawn: the identity goes on from the highest.
    await sql`select setval(pg_get_serial_sequence('stock_alerts', 'id'), coalesce((select max(id) from stock_alerts), 0) + 1, false)`.execute(db)
  }
}
