// Discount codes (issue 28, docs/decisions/073-discount-codes.md): the owner's codes; the code a
// cart carries; the code, its saving and each line's share an order keeps (a snapshot). A use is
// an order carrying the code that holds stock or stands paid: no counter to drift.
import { type Kysely, sql } from 'kysely'
import { isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Kept in capitals: codes are case-insensitive.
    .addColumn('code', 'text', (c) => c.notNull().unique().check(sql`length(code) between 3 and 32`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    // Whole percent (1-100) or paise.
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('min_order_paise', 'integer', (c) => c.notNull().defaultTo(0).check(sql`min_order_paise >= 0`))
    // India days (YYYY-MM-DD), both included; null for no limit.
    .addColumn('starts_on', 'text')
    .addColumn('ends_on', 'text')
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses > 0`))
    .addColumn('max_uses_per_user', 'integer', (c) => c.check(sql`max_uses_per_user > 0`))
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('shop').check(sql`scope in ('shop', 'categories', 'products')`))
    // JSON list of category ids or product ids ('[]' for the whole shop).
    .addColumn('scope_items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .execute()
  await db.schema.alterTable('carts').addColumn('discount_code', 'text').execute()
  await db.schema.alterTable('orders').addColumn('discount_code_id', 'text', (c) => c.references('discount_codes.id')).execute()
  await db.schema.alterTable('orders').addColumn('discount_code', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('orders').addColumn('discount_paise', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('order_lines').addColumn('discount_paise', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  // A code's uses are counted by its orders.
  await db.schema.createIndex('orders_discount_code').on('orders').columns(['discount_code_id', 'user_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_discount_code').execute()
  await db.schema.alterTable('order_lines').dropColumn('discount_paise').execute()
  await db.schema.alterTable('orders').dropColumn('discount_paise').execute()
  await db.schema.alterTable('orders').dropColumn('discount_code').execute()
  await db.schema.alterTable('orders').dropColumn('discount_code_id').execute()
  await db.schema.alterTable('carts').dropColumn('discount_code').execute()
  await db.schema.dropTable('discount_codes').execute()
}
