// The automatic offers an order was placed with (issue 28, docs/decisions/084-variant-codes-and-offer-figures.md):
// one row per offer that took something off the order (its lines' prices, or the delivery fee),
// written once in the transaction that places the order, so an offer's uses, revenue and average
// order value are counted like a code's.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_offers')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id'))
    // What the offer took off the order: its lines' savings, or the delivery fee it waived.
    .addColumn('amount_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_offers_pk', ['order_id', 'offer_id'] as any[])
    .execute()
  await db.schema.createIndex('order_offers_offer').on('order_offers').columns(['offer_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_offers_offer').execute()
  await db.schema.dropTable('order_offers').execute()
}
