// A discount code against a cart (ADR 073): every rule and every refusal, in the shopper's words,
// case-insensitive, one code per cart, checked again on every read.
import { beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers, ravi } from '../../../tests/helpers/fixtures'
import { insertDiscountCode } from '../../../tests/helpers/discount-fixtures'
import { setClock } from '../../../tests/helpers/domain-settings'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { addToCart, removeLine } from '~/domain/cart/cart-edits.server'
import { getCart } from '~/domain/cart/cart.server'
import { Invalid } from '~/domain/errors'
import { DISCOUNT_MESSAGES } from '~/lib/discounts'
import { applyDiscountCode, cartDiscount, checkCode, removeDiscountCode } from './cart-discount.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha, ravi])
  // Rings are jewellery (499.00 and 700.00), the vase home decor (1,500.00).
  await insertProducts(db, [
    { id: 'ring', category: 'jewellery', price: 49_900, stock: 10 },
    { id: 'band', category: 'jewellery', price: 70_000, stock: 10 },
    { id: 'vase', category: 'home-decor', price: 150_000, stock: 10 },
  ])
})

const me = { userId: asha.id }

async function cartWith(lines: [string, number][], owner: { userId: string } | { guestId: string } = me) {
  for (const [productId, quantity] of lines) await addToCart(db, owner, { productId, quantity })
  return getCart(db, owner)
}

async function refusal(code: string, cart: Awaited<ReturnType<typeof getCart>>, userId: string | null = asha.id) {
  const checked = await checkCode(db, { code, cart, userId })
  return 'refused' in checked ? checked.refused : null
}

beforeEach(() => setClock('2026-11-20T06:30:00Z'))

describe('what a code takes off', () => {
  it('takes 10% of the cart, spread over the lines, whatever the case typed', async () => {
    await insertDiscountCode(db)
    const cart = await cartWith([['ring', 1], ['vase', 1]])
    const applied = await applyDiscountCode(db, me, cart, 'diwali10')
    expect(applied).toMatchObject({ code: 'DIWALI10', applies: true, amountPaise: 19_990, message: 'DIWALI10 takes ₹199.90 off' })
    expect(applied.discount.shares).toEqual([4990, 15_000])
    expect(await cartDiscount(db, me, await getCart(db, me))).toMatchObject({ code: 'DIWALI10', applies: true, amountPaise: 19_990 })
  })

  it('takes a fixed amount, never more than the pieces it is for', async () => {
    await insertDiscountCode(db, { code: 'FLAT200', type: 'fixed', value: '200' })
    await insertDiscountCode(db, { code: 'FLAT9000', type: 'fixed', value: '9000' })
    const cart = await cartWith([['ring', 1]])
    expect((await applyDiscountCode(db, me, cart, 'flat200')).amountPaise).toBe(20_000)
    expect((await applyDiscountCode(db, me, cart, 'FLAT9000')).amountPaise).toBe(49_900)
  })

  it('takes off only the pieces of its categories or products, the others keep their price', async () => {
    await insertDiscountCode(db, { code: 'JEWEL20', value: '20', scope: 'categories', scopeItems: ['jewellery'] })
    await insertDiscountCode(db, { code: 'VASE5', value: '5', scope: 'products', scopeItems: 'vase' })
    const cart = await cartWith([['ring', 1], ['band', 2], ['vase', 1]])
    const jewel = await applyDiscountCode(db, me, cart, 'JEWEL20')
    expect(jewel.discount.shares).toEqual([9980, 28_000, 0])
    const vase = await applyDiscountCode(db, me, cart, 'vase5')
    expect(vase.discount.shares).toEqual([0, 0, 7500])
    // One code per cart: the second replaced the first.
    expect((await cartDiscount(db, me, cart))?.code).toBe('VASE5')
  })
})

describe('refusals, word for word', () => {
  it('refuses an unknown or paused code', async () => {
    await insertDiscountCode(db, { code: 'PAUSED', paused: true })
    const cart = await cartWith([['ring', 1]])
    expect(await refusal('NOPE', cart)).toBe(DISCOUNT_MESSAGES.unknown)
    expect(await refusal('paused', cart)).toBe(DISCOUNT_MESSAGES.unknown)
  })

  it('refuses a code before its first day and after its last (India days)', async () => {
    await insertDiscountCode(db, { startsAt: '2026-10-20', endsAt: '2026-11-02' })
    const cart = await cartWith([['ring', 1]])
    // 2 Nov 23:59 in India is still its last day.
    setClock('2026-11-02T18:29:00Z')
    expect(await refusal('DIWALI10', cart)).toBeNull()
    setClock('2026-11-02T18:31:00Z')
    expect(await refusal('DIWALI10', cart)).toBe('This code ended on 2 Nov')
    setClock('2026-10-19T12:00:00Z')
    expect(await refusal('DIWALI10', cart)).toBe('This code starts on 20 Oct')
  })

  it('asks for what is missing to reach the minimum', async () => {
    await insertDiscountCode(db, { minOrder: '999' })
    const cart = await cartWith([['ring', 1], ['band', 0 + 1]])
    expect(await refusal('DIWALI10', cart)).toBeNull()
    await removeLine(db, me, { productId: 'band' })
    expect(await refusal('DIWALI10', await getCart(db, me))).toBe('Add ₹500.00 more to use this code')
  })

  it('says when the code is not for the pieces in the cart', async () => {
    await insertDiscountCode(db, { scope: 'categories', scopeItems: ['jewellery'] })
    const cart = await cartWith([['vase', 1]])
    expect(await refusal('DIWALI10', cart)).toBe('This code is not for the pieces in your cart')
  })

  it('refuses a shopper who used the code up to their limit, and a code used up by all', async () => {
    const code = await insertDiscountCode(db, { maxUses: '2', maxUsesPerUser: '1' })
    const cart = await cartWith([['ring', 1]])
    await insertOrder(db, { id: 'paid-asha', user: asha, date: new Date(), status: 'confirmed' })
    await db.updateTable('orders').set({ discount_code_id: code.id, discount_code: code.code }).where('id', '=', 'paid-asha').execute()
    expect(await refusal('DIWALI10', cart)).toBe('You have already used this code')
    expect(await refusal('DIWALI10', cart, ravi.id)).toBeNull()
    await insertOrder(db, { id: 'paid-ravi', user: ravi, date: new Date(), status: 'inProcess' })
    await db.updateTable('orders').set({ discount_code_id: code.id, discount_code: code.code }).where('id', '=', 'paid-ravi').execute()
    expect(await refusal('DIWALI10', cart, ravi.id)).toBe('You have already used this code')
    await insertUsers(db, [{ id: 'u-meera', userName: 'Meera', email: 'meera@example.com' }])
    expect(await refusal('DIWALI10', cart, 'u-meera')).toBe('This code has been used up')
    // A cancelled order gives its use back.
    await db.updateTable('orders').set({ order_status: 'cancelled' }).where('id', '=', 'paid-ravi').execute()
    expect(await refusal('DIWALI10', cart, 'u-meera')).toBeNull()
  })

  it('keeps a first-order code for shoppers who have not ordered yet', async () => {
    await insertDiscountCode(db, { code: 'WELCOME', firstOrderOnly: true })
    const cart = await cartWith([['ring', 1]])
    expect(await refusal('WELCOME', cart)).toBeNull()
    await insertOrder(db, { id: 'earlier', user: asha, date: new Date(), status: 'delivered' })
    expect(await refusal('WELCOME', cart)).toBe('This code is for a first order only')
  })

  it('saves nothing when refused, and says so under the code field', async () => {
    await insertDiscountCode(db, { minOrder: '5000' })
    const cart = await cartWith([['ring', 1]])
    const refused = applyDiscountCode(db, me, cart, 'DIWALI10')
    await expect(refused).rejects.toBeInstanceOf(Invalid)
    await expect(refused).rejects.toMatchObject({ errors: { code: ['Add ₹4,501.00 more to use this code'] } })
    expect(await cartDiscount(db, me, cart)).toBeNull()
    await expect(applyDiscountCode(db, me, cart, '  ')).rejects.toMatchObject({ errors: { code: [DISCOUNT_MESSAGES.enterCode] } })
  })
})

describe('a code kept on the cart', () => {
  it('is checked again on every read: the cart says why it no longer applies, and takes it again when it fits', async () => {
    await insertDiscountCode(db, { minOrder: '999' })
    const cart = await cartWith([['ring', 1], ['band', 1]])
    await applyDiscountCode(db, me, cart, 'DIWALI10')
    await removeLine(db, me, { productId: 'band' })
    expect(await cartDiscount(db, me, await getCart(db, me))).toEqual({
      code: 'DIWALI10',
      applies: false,
      amountPaise: 0,
      message: 'DIWALI10 no longer applies: Add ₹500.00 more to use this code',
    })
    await addToCart(db, me, { productId: 'band', quantity: 1 })
    expect(await cartDiscount(db, me, await getCart(db, me))).toMatchObject({ applies: true, amountPaise: 11_990 })
  })

  it("works on a visitor's cart; removing it takes nothing off", async () => {
    await insertDiscountCode(db)
    const guest = { guestId: 'g-1' }
    const cart = await cartWith([['vase', 1]], guest)
    await applyDiscountCode(db, guest, cart, 'diwali10')
    expect((await cartDiscount(db, guest, cart))?.amountPaise).toBe(15_000)
    await removeDiscountCode(db, guest)
    expect(await cartDiscount(db, guest, cart)).toBeNull()
  })

  it('refuses a code on an empty cart', async () => {
    await insertDiscountCode(db)
    await expect(applyDiscountCode(db, me, await getCart(db, me), 'DIWALI10')).rejects.toMatchObject({ errors: { code: [DISCOUNT_MESSAGES.notForCart] } })
  })
})
