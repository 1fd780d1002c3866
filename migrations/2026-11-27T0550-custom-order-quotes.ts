// Custom orders to the end (issue 31, docs/decisions/088-custom-order-quotes-and-payment-links.md):
// the owner's quote (a message to the shopper, the dispatch day, an advance, an expiry), the shopper's
// answer (declined with a reason), the order a paid quote became, the Razorpay Payment Links asked
// for (the whole price, or an advance and then the balance) and the single-use signed links' uses.
import { type Kysely, sql } from 'kysely'
import { autoIncrementKey, isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('custom_requests')
    .addColumn('quote_message', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('custom_requests').addColumn('quote_dispatch_by', 'text').execute()
  await db.schema
    .alterTable('custom_requests')
    .addColumn('advance_percent', 'integer', (c) => c.notNull().defaultTo(0).check(sql`advance_percent between 0 and 90`))
    .execute()
  await db.schema.alterTable('custom_requests').addColumn('quote_expires_at', 'text').execute()
  await db.schema.alterTable('custom_requests').addColumn('quoted_at', 'text').execute()
  // Who declined ('studio' or 'shopper') and the shopper's reason; null and '' while not declined.
  await db.schema.alterTable('custom_requests').addColumn('declined_by', 'text').execute()
  await db.schema.alterTable('custom_requests').addColumn('decline_reason', 'text', (c) => c.notNull().defaultTo('')).execute()
  // The delivery address the shopper gave when accepting (JSON of the address fields); '' before.
  await db.schema.alterTable('custom_requests').addColumn('delivery_address', 'text', (c) => c.notNull().defaultTo('')).execute()
  // The order the paid quote became: set once, in the transaction that makes the order.
  await db.schema.alterTable('custom_requests').addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null')).execute()
  await db.schema.createIndex('custom_requests_order').on('custom_requests').column('order_id').unique().execute()

  await db.schema
    .createTable('custom_payment_links')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('custom_requests.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('full', 'advance', 'balance')`))
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('link_id', 'text', (c) => c.notNull().unique())
    .addColumn('short_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created').check(sql`status in ('created', 'paid', 'cancelled', 'expired')`))
    .addColumn('payment_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .addColumn('paid_at', 'text')
    .execute()
  await db.schema.createIndex('custom_payment_links_request').on('custom_payment_links').columns(['request_id', 'kind']).execute()

  await db.schema
    .createTable('custom_quote_link_uses')
    // The signed link's nonce: a link is used once.
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'integer', (c) => c.notNull().references('custom_requests.id').onDelete('cascade'))
    .addColumn('used_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('custom_quote_link_uses').execute()
  await db.schema.dropTable('custom_payment_links').execute()
  await db.schema.dropIndex('custom_requests_order').execute()
  for (const column of ['order_id', 'delivery_address', 'decline_reason', 'declined_by', 'quoted_at', 'quote_expires_at', 'advance_percent', 'quote_dispatch_by', 'quote_message']) {
    await db.schema.alterTable('custom_requests').dropColumn(column).execute()
  }
}
