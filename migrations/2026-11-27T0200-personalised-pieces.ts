// Personalised pieces (issue 27, docs/decisions/069-personalised-pieces.md): a product's
// personalisation fields (JSON, '[]' for none), and the values a cart line and an order line keep
// (JSON label -> value, '' for none). Two different names are two cart lines: the line's identity
// grows from (cart, product, option, colour) to (cart, product, option, colour, personalisation).
import { type Kysely, sql } from 'kysely'
import { addRowid, dialectOf, isoNowSql } from '../db/dialect'

const IDENTITY = ['cart_id', 'product_id', 'variety_name', 'color']

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('personalization', 'text', (c) => c.notNull().defaultTo('[]')).execute()
  await db.schema.alterTable('order_lines').addColumn('personalization', 'text', (c) => c.notNull().defaultTo('')).execute()
  await changeCartLineIdentity(db, [...IDENTITY, 'personalization'], true)
}

export async function down(db: Kysely<any>): Promise<void> {
  // Lines told apart only by their personalisation become one line each (the first kept).
  await sql`delete from cart_lines where exists (select 1 from cart_lines o where o.cart_id = cart_lines.cart_id
    and o.product_id = cart_lines.product_id and o.variety_name = cart_lines.variety_name and o.color = cart_lines.color
    and o.created_at < cart_lines.created_at)`.execute(db)
  await changeCartLineIdentity(db, IDENTITY, false)
  await db.schema.alterTable('order_lines').dropColumn('personalization').execute()
  await db.schema.alterTable('products').dropColumn('personalization').execute()
}

/**
 * PostgreSQL changes the unique constraint in place; SQLite cannot drop a table's constraint, so the
 * table is rebuilt with the same rows and rowids (the cart's order of lines).
 */
async function changeCartLineIdentity(db: Kysely<any>, identity: any[], withPersonalization: boolean): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await db.schema.alterTable('cart_lines').dropConstraint('cart_lines_identity').execute()
    if (withPersonalization) {
      await db.schema.alterTable('cart_lines').addColumn('personalization', 'text', (c) => c.notNull().defaultTo('')).execute()
    } else {
      await db.schema.alterTable('cart_lines').dropColumn('personalization').execute()
    }
    await db.schema.alterTable('cart_lines').addUniqueConstraint('cart_lines_identity', identity).execute()
    return
  }
  let table = db.schema
    .createTable('cart_lines_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('variety_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
  if (withPersonalization) table = table.addColumn('personalization', 'text', (c) => c.notNull().defaultTo(''))
  await table
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addUniqueConstraint('cart_lines_identity', identity)
    .execute()
  await sql`insert into cart_lines_next (rowid, id, cart_id, product_id, variety_name, color, quantity, created_at)
    select rowid, id, cart_id, product_id, variety_name, color, quantity, created_at from cart_lines`.execute(db)
  if (withPersonalization) {
    // Nothing to copy yet: every line before this migration is a plain one ('').
  }
  await db.schema.dropTable('cart_lines').execute()
  await db.schema.alterTable('cart_lines_next').renameTo('cart_lines').execute()
  await addRowid(db, 'cart_lines')
}
