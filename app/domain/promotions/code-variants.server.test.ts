// A discount code for some variants (ADR 084): only the lines of those variants take it, a part left
// '' is any, the refusal in the shopper's words, and the owner's choices and checks.
import { beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { insertDiscountCode } from '../../../tests/helpers/discount-fixtures'
import { setClock } from '../../../tests/helpers/domain-settings'
import { withTestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { getCart } from '~/domain/cart/cart.server'
import { Invalid } from '~/domain/errors'
import { DISCOUNT_MESSAGES, variantValue } from '~/lib/discounts'
import { checkCode } from './cart-discount.server'
import { checkCodeVariants, variantChoices } from './code-variants.server'
import { getDiscountCode } from './discount-codes.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha])
  await insertProducts(db, [
    { id: 'ring', title: 'Ocean ring', category: 'jewellery', price: 50_000, stock: 20, varieties: [{ name: 'Small', price: 50_000 }, { name: 'Large', price: 80_000 }], colors: ['Teal', 'Gold'] },
    { id: 'vase', title: 'Bloom vase', category: 'home-decor', price: 150_000, stock: 10 },
  ])
})

const me = { userId: asha.id }
beforeEach(() => setClock('2026-11-20T06:30:00Z'))

async function cartOf(lines: { productId: string; variety?: string; color?: string }[]) {
  for (const line of lines) await addToCart(db, me, { ...line, quantity: 1 })
  return getCart(db, me)
}

const largeTeal = { productId: 'ring', variety: 'Large', option2: '', color: 'Teal' }

describe('a code for some variants', () => {
  it('takes off only the lines of its variants', async () => {
    await insertDiscountCode(db, { code: 'TEAL10', scope: 'variants', variants: [largeTeal] })
    const cart = await cartOf([{ productId: 'ring', variety: 'Large', color: 'Teal' }, { productId: 'ring', variety: 'Large', color: 'Gold' }, { productId: 'vase' }])
    const checked = await checkCode(db, { code: 'teal10', cart, userId: asha.id })
    if (!('discount' in checked)) throw new Error(checked.refused)
    expect(checked.discount.amountPaise).toBe(8000)
    expect(checked.discount.shares).toEqual(cart.items.map((line) => (line.variety === 'Large' && line.color === 'Teal' ? 8000 : 0)))
  })

  it('takes a part left empty as any: every colour of Large', async () => {
    await insertDiscountCode(db, { code: 'LARGE10', scope: 'variants', variants: [{ productId: 'ring', variety: 'Large' }] })
    const cart = await cartOf([{ productId: 'ring', variety: 'Large', color: 'Teal' }, { productId: 'ring', variety: 'Large', color: 'Gold' }, { productId: 'ring', variety: 'Small', color: 'Gold' }])
    const checked = await checkCode(db, { code: 'LARGE10', cart, userId: asha.id })
    expect('discount' in checked && checked.discount.amountPaise).toBe(16_000)
  })

  it('refuses a cart without its variants: "This code is not for the pieces in your cart"', async () => {
    await insertDiscountCode(db, { code: 'TEAL10', scope: 'variants', variants: [largeTeal] })
    const cart = await cartOf([{ productId: 'ring', variety: 'Small', color: 'Teal' }, { productId: 'ring', variety: 'Large', color: 'Gold' }, { productId: 'vase' }])
    expect(await checkCode(db, { code: 'TEAL10', cart, userId: asha.id })).toEqual({ refused: DISCOUNT_MESSAGES.notForCart })
    expect(DISCOUNT_MESSAGES.notForCart).toBe('This code is not for the pieces in your cart')
  })

  it('counts the minimum over its variants only', async () => {
    await insertDiscountCode(db, { code: 'TEAL10', scope: 'variants', variants: [largeTeal], minOrder: '1000' })
    const cart = await cartOf([{ productId: 'ring', variety: 'Large', color: 'Teal' }, { productId: 'vase' }])
    expect(await checkCode(db, { code: 'TEAL10', cart, userId: asha.id })).toEqual({ refused: DISCOUNT_MESSAGES.addMore(20_000) })
  })
})

describe("the owner's variants", () => {
  it('lists every mix of a product\'s options and colours, and the whole piece of one without', async () => {
    const [ring, vase] = await variantChoices(db, ['ring', 'vase', 'gone'])
    expect(ring?.choices.map((choice) => choice.label)).toEqual(['Size: Small · Colour: Teal', 'Size: Small · Colour: Gold', 'Size: Large · Colour: Teal', 'Size: Large · Colour: Gold'])
    expect(vase?.choices).toEqual([{ productId: 'vase', variety: '', option2: '', color: '', value: variantValue({ productId: 'vase', variety: '', option2: '', color: '' }), label: 'The whole piece' }])
  })

  it('keeps a variants code with its variants, its products as the items', async () => {
    const code = await insertDiscountCode(db, { code: 'TEAL10', scope: 'variants', variants: [variantValue(largeTeal), largeTeal] })
    expect(await getDiscountCode(db, code.id)).toMatchObject({ scope: 'variants', scopeItems: ['ring'], variants: [largeTeal] })
  })

  it('refuses a variant the product does not have, and none at all', async () => {
    await expect(checkCodeVariants(db, [{ ...largeTeal, color: 'Pink' }])).rejects.toEqual(new Invalid({ variants: ['Choose variants from the list'] }))
    await expect(checkCodeVariants(db, [{ ...largeTeal, productId: 'gone' }])).rejects.toBeInstanceOf(Invalid)
    await expect(async () => insertDiscountCode(db, { code: 'NONE10', scope: 'variants', variants: [] })).rejects.toThrow('Choose at least one variant')
  })
})
