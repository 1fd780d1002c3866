// The cart: one per user or per visitor (guest id from the session cookie).
import type { DB } from '../../db/database'

export type CartOwner = { userId: string } | { guestId: string }

/** Number of distinct lines in the owner's cart (the header's cart badge). */
export async function countCartLines(db: DB, owner: CartOwner): Promise<number> {
  const row = await db
    .selectFrom('carts')
    .innerJoin('cart_lines', 'cart_lines.cart_id', 'carts.id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId' in owner ? 'carts.user_id' : 'carts.guest_id', '=', 'userId' in owner ? owner.userId : owner.guestId)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}
