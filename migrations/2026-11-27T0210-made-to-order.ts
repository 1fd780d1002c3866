// Made to order and dispatch dates (issue 27, docs/decisions/070-made-to-order-dispatch-dates.md): a
// product's making time in working days (0: ready to ship) and an option's own (null: the product's);
// the studio's handling time for ready-to-ship pieces and its holidays; and the day an order is
// expected to leave the studio (the latest of its lines'), which the admin's order list sorts by.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('made_to_order_days', 'integer', (c) => c.notNull().defaultTo(0).check(sql`made_to_order_days >= 0`))
    .execute()
  await db.schema.alterTable('product_varieties').addColumn('made_to_order_days', 'integer').execute()
  await db.schema.alterTable('orders').addColumn('dispatch_by', 'text').execute()
  await db.schema.createIndex('orders_dispatch_by').on('orders').columns(['dispatch_by', 'id']).execute()
  await db.schema
    .createTable('studio_holidays')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .createTable('dispatch_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('handling_days', 'integer', (c) => c.notNull().check(sql`handling_days >= 0`))
    .execute()
  await db.insertInto('dispatch_settings').values({ id: 1, handling_days: 1 }).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dispatch_settings').execute()
  await db.schema.dropTable('studio_holidays').execute()
  await db.schema.dropIndex('orders_dispatch_by').execute()
  await db.schema.alterTable('orders').dropColumn('dispatch_by').execute()
  await db.schema.alterTable('product_varieties').dropColumn('made_to_order_days').execute()
  await db.schema.alterTable('products').dropColumn('made_to_order_days').execute()
}
