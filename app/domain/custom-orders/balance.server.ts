// What is left to pay on the order a custom quote became (ADR 088): the balance after its advance,
// until the balance's Payment Link is paid. The order lifecycle asks it before an order ships.
import type { DB } from '../../../db/database'
import { splitAdvance } from '~/lib/custom-orders'

/** The balance (paise) still due on this order; 0 for any order that is not an unpaid custom one. */
export async function balanceDue(db: DB, orderId: string): Promise<number> {
  const request = await db
    .selectFrom('custom_requests')
    .select(['id', 'quoted_paise', 'advance_percent'])
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  if (!request || Number(request.advance_percent) === 0 || request.quoted_paise === null) return 0
  const paid = await db
    .selectFrom('custom_payment_links')
    .select('id')
    .where('request_id', '=', request.id)
    .where('kind', '=', 'balance')
    .where('status', '=', 'paid')
    .executeTakeFirst()
  return paid ? 0 : splitAdvance(Number(request.quoted_paise), Number(request.advance_percent)).balancePaise
}
