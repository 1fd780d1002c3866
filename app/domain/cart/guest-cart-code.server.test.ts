// A visitor's discount code at login (issue 28): it comes along with the guest cart when the shopper's
// cart has none and it still fits the merged cart for the shopper; else it stays behind.
import { describe, expect, it } from 'vitest'
import { asha as ashaUser, insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { insertDiscountCode } from '../../../tests/helpers/discount-fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { applyDiscountCode, cartDiscount } from '~/domain/promotions/cart-discount.server'
import { addToCart } from './cart-edits.server'
import { type CartOwner, getCart } from './cart.server'
import { mergeGuestCart } from './guest-carts.server'

let db: DB
const asha: CartOwner = { userId: ashaUser.id }
const guest: CartOwner = { guestId: 'guest-1' }

withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [ashaUser])
  await insertProducts(db, [
    { id: 'pendant', price: 150_000, stock: 5 },
    { id: 'coaster', price: 50_000, stock: 5 },
  ])
})

/** The guest puts a pendant in the cart and applies `code`. */
async function guestApplies(code: string) {
  await addToCart(db, guest, { productId: 'pendant' })
  await applyDiscountCode(db, guest, await getCart(db, guest), code)
}

/** Asha's cart's code as its read says it: [code, applies, amount], or null for none. */
async function ashasDiscount() {
  const discount = await cartDiscount(db, asha, await getCart(db, asha))
  return discount ? [discount.code, discount.applies, discount.amountPaise] : null
}

describe('mergeGuestCart and the guest\'s discount code', () => {
  it('carries the code to a shopper whose cart has none, checked against the merged cart', async () => {
    await insertDiscountCode(db, { code: 'DIWALI10' })
    await addToCart(db, asha, { productId: 'coaster' })
    await guestApplies('diwali10')
    await mergeGuestCart(db, 'guest-1', ashaUser.id)
    // 10% of the merged cart (1,500.00 + 500.00), not of the guest's alone.
    expect(await ashasDiscount()).toEqual(['DIWALI10', true, 200_00])
  })

  it('carries it into the cart the login creates', async () => {
    await insertDiscountCode(db, { code: 'DIWALI10' })
    await guestApplies('DIWALI10')
    await mergeGuestCart(db, 'guest-1', ashaUser.id)
    expect(await ashasDiscount()).toEqual(['DIWALI10', true, 150_00])
  })

  it("keeps the shopper's own code when the cart already carries one", async () => {
    await insertDiscountCode(db, { code: 'DIWALI10' })
    await insertDiscountCode(db, { code: 'RAKHI', type: 'fixed', value: '100' })
    await addToCart(db, asha, { productId: 'coaster' })
    await applyDiscountCode(db, asha, await getCart(db, asha), 'RAKHI')
    await guestApplies('DIWALI10')
    await mergeGuestCart(db, 'guest-1', ashaUser.id)
    expect(await ashasDiscount()).toEqual(['RAKHI', true, 100_00])
  })

  it('leaves behind a code the shopper has already used up', async () => {
    const code = await insertDiscountCode(db, { code: 'ONCE', maxUsesPerUser: '1' })
    await insertOrder(db, { id: 'earlier', user: ashaUser, date: new Date('2026-11-01T10:00:00Z') })
    await db.updateTable('orders').set({ discount_code_id: code.id, discount_code: 'ONCE', discount_paise: 100_00 }).where('id', '=', 'earlier').execute()
    await guestApplies('ONCE')
    await mergeGuestCart(db, 'guest-1', ashaUser.id)
    expect(await ashasDiscount()).toBeNull()
    expect((await getCart(db, asha)).items.map((line) => line.productId)).toEqual(['pendant'])
  })

  it("leaves behind a first-order code when the shopper has ordered before", async () => {
    await insertDiscountCode(db, { code: 'WELCOME', firstOrderOnly: 'on' })
    await insertOrder(db, { id: 'earlier', user: ashaUser, date: new Date('2026-11-01T10:00:00Z') })
    await guestApplies('WELCOME')
    await mergeGuestCart(db, 'guest-1', ashaUser.id)
    expect(await ashasDiscount()).toBeNull()
  })
})
