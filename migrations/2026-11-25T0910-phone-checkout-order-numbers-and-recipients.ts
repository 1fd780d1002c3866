// Orders get a short sequential number people can quote ('#1024'), numbered from 1001 in the
// order they were placed; addresses and the orders' address snapshots get an optional recipient
// name (a gift goes to someone else). Saved free-text states are left as they were typed.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('number', 'integer').execute()
  await sql`
    update orders set number = 1000 + ranked.n
    from (select id, row_number() over (order by order_date, rowid) as n from orders) as ranked
    where ranked.id = orders.id
  `.execute(db)
  await db.schema.createIndex('orders_number').unique().on('orders').column('number').execute()

  await db.schema
    .alterTable('addresses')
    .addColumn('recipient_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('orders')
    .addColumn('recipient_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_number').execute()
  await db.schema.alterTable('orders').dropColumn('number').execute()
  await db.schema.alterTable('orders').dropColumn('recipient_name').execute()
  await db.schema.alterTable('addresses').dropColumn('recipient_name').execute()
}
