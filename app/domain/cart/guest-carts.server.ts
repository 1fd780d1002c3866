// A visitor's cart: moved into the user's at login, and deleted once untouched for a month.
import { sql } from 'kysely'
import type { DB } from '../../../db/database'
import { clock } from '~/domain/clock'
import { checkCode } from '~/domain/promotions/cart-discount.server'
import { findCartId, getCart } from './cart.server'
import { addToLine, ensureCartId, findSameLine, touch } from './cart-edits.server'
import { roomForLine, roomUnderLimit, stockRoom } from './cart-stock.server'

/** Stale guest carts (not touched for this long) are deleted. */
export const GUEST_CART_TTL_DAYS = 30

/**
 * Moves a visitor's cart into the user's at login: the same product + variety + colour (+ personalisation) adds the
 * quantities, and each product's lines are capped at its stock and the per-order limit. The guest's
 * discount code comes along when the user's cart has none and it fits the merged cart for the user
 * (checked again: their own uses, a first order); else it is left behind. The guest cart is deleted.
 */
export async function mergeGuestCart(db: DB, guestId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const guestCartId = await findCartId(trx, { guestId })
    if (!guestCartId) return
    const guestLines = await trx
      .selectFrom('cart_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['l.product_id', 'l.variety_name', 'l.option2', 'l.color', 'l.personalization', 'l.quantity', 'p.deleted_at'])
      .where('l.cart_id', '=', guestCartId)
      .orderBy('l.created_at')
      .orderBy(sql`l.rowid`)
      .execute()
    const userCartId = await ensureCartId(trx, { userId })
    for (const line of guestLines) {
      if (line.deleted_at !== null) continue
      const room = await stockRoom(trx, { userId }, userCartId, line.product_id, { variety: line.variety_name, option2: line.option2, color: line.color })
      const existing = await findSameLine(trx, userCartId, line)
      const add = Math.min(line.quantity, roomForLine(room.left, room.inStock, existing?.quantity ?? 0), roomUnderLimit(room.inProduct))
      if (add <= 0) continue
      const key = { product_id: line.product_id, variety_name: line.variety_name, option2: line.option2, color: line.color, personalization: line.personalization }
      await addToLine(trx, userCartId, existing, key, add)
    }
    await carryGuestCode(trx, guestCartId, userCartId, userId)
    await trx.deleteFrom('carts').where('id', '=', guestCartId).execute()
    await touch(trx, userCartId)
  })
}

/** The guest cart's code onto the user's cart, when the user's has none and the code fits the merged cart for the user. */
async function carryGuestCode(trx: DB, guestCartId: string, userCartId: string, userId: string): Promise<void> {
  const codes = await trx.selectFrom('carts').select(['id', 'discount_code']).where('id', 'in', [guestCartId, userCartId]).execute()
  const guestCode = codes.find((row) => row.id === guestCartId)?.discount_code
  if (!guestCode || codes.find((row) => row.id === userCartId)?.discount_code) return
  const cart = await getCart(trx, { userId })
  if (cart.items.length === 0) return
  const checked = await checkCode(trx, { code: guestCode, cart, userId })
  if ('refused' in checked) return
  await trx.updateTable('carts').set({ discount_code: checked.discount.code }).where('id', '=', userCartId).execute()
}

/** Deletes guest carts untouched for GUEST_CART_TTL_DAYS. */
export async function deleteStaleGuestCarts(db: DB, now = clock.now()): Promise<number> {
  const cutoff = new Date(now.getTime() - GUEST_CART_TTL_DAYS * 24 * 60 * 60 * 1000).toISOString()
  const result = await db.deleteFrom('carts').where('guest_id', 'is not', null).where('updated_at', '<', cutoff).executeTakeFirst()
  return Number(result.numDeletedRows)
}
