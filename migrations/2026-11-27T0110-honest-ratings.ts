// Honest ratings (issue 27, ADR 062): a product's average review is the average of its counted
// reviews (shown, and by a verified buyer: the author's delivered order holds the product), never a
// value the admin typed. Every product's average and count are written again from the reviews: 0 and
// no stars where none counts. Frozen here: the domain's rule is app/domain/catalog/reviews.server.ts.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  const totals = await sql<{ product_id: string; count: number | string; sum: number | string }>`
    select r.product_id, count(*) as count, sum(r.review_value) as sum
    from reviews r
    where r.hidden = 0 and exists (
      select 1 from orders o inner join order_lines l on l.order_id = o.id
      where o.user_id = r.user_id and l.product_id = r.product_id and o.order_status = 'delivered')
    group by r.product_id`.execute(db)
  await db.updateTable('products').set({ average_review: 0, review_count: 0 }).execute()
  for (const row of totals.rows) {
    const count = Number(row.count)
    // Rounded as the domain rounds (two decimals, in JavaScript), so the next review write agrees.
    const average = Math.round((Number(row.sum) / count) * 100) / 100
    await db.updateTable('products').set({ average_review: average, review_count: count }).where('id', '=', row.product_id).execute()
  }
}

/** The typed values are gone for good; going back leaves the computed ones, which the old code also reads. */
export async function down(): Promise<void> {}
