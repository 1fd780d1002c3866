// A product's weight and box (issue 30, ADR 085): what a courier bills (the larger of the dead and the
// volumetric weight). Null: the category's usual packed piece (app/domain/shipping/packages.ts), so
// the catalogue that exists is priced at once without the owner weighing every piece.
import { type Kysely, sql } from 'kysely'

const COLUMNS = ['weight_grams', 'length_cm', 'breadth_cm', 'height_cm'] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema
      .alterTable('products')
      .addColumn(column, 'integer', (c) => c.check(sql`${sql.ref(column)} is null or ${sql.ref(column)} > 0`))
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('products').dropColumn(column).execute()
}
