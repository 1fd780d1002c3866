// Campaign banners (issue 28, ADR 074): a banner gains its words (a headline, a short line, a button
// text), a link inside the shop, and a schedule (from, until: ISO text, either may be empty).
import type { Kysely } from 'kysely'

const TEXT_COLUMNS = ['headline', 'subline', 'button_text', 'link'] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of TEXT_COLUMNS) {
    await db.schema.alterTable('feature_images').addColumn(column, 'text', (c) => c.notNull().defaultTo('')).execute()
  }
  await db.schema.alterTable('feature_images').addColumn('starts_at', 'text').execute()
  await db.schema.alterTable('feature_images').addColumn('ends_at', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...TEXT_COLUMNS, 'starts_at', 'ends_at']) {
    await db.schema.alterTable('feature_images').dropColumn(column).execute()
  }
}
