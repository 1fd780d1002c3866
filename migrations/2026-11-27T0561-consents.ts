// A record of each consent a shopper gives or withdraws (DPDP Act 2023, issue 32, ADR 089): rows are
// only added; her current choice for a purpose is its newest row. Erased with her account.
import { type Kysely, sql } from 'kysely'
import { autoIncrementKey, isoNowSql } from '../db/dialect'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consents')
    .addColumn('id', 'integer', autoIncrementKey(db))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('marketingMail')`))
    .addColumn('given', 'integer', (c) => c.notNull().check(sql`given in (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowSql))
    .execute()
  await db.schema.createIndex('consents_user').on('consents').columns(['user_id', 'purpose', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('consents').execute()
}
