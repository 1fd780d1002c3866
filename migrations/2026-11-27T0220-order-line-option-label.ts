// The option group's name as the order line was bought under ('Chain'), so the order, its mails and
// its invoice read "Chain: Gold Chain" even after the owner renames the group. '' on older lines reads
// as the variety type's word ('Size'), as it always did.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').addColumn('option_label', 'text', (c) => c.notNull().defaultTo('')).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('option_label').execute()
}
