// An offered cart and its order through the fake Razorpay (ADR 078): the lines at the offer's price,
// the better of the offer and a code (or both when stackable), free delivery from an amount, and the
// Razorpay order asking for that total, the lines and the invoice adding up to it.
import { beforeEach, describe, expect, it } from 'vitest'
import { asha } from '../../../tests/helpers/fixtures'
import { insertDiscountCode } from '../../../tests/helpers/discount-fixtures'
import { DECOR_15, insertOffer, offeredShop } from '../../../tests/helpers/offer-fixtures'
import { setDomainSettings } from '../../../tests/helpers/domain-settings'
import { saveAddress } from '../../../tests/helpers/payment-fixtures'
import type { InvoiceDocument } from '~/lib/invoice-document'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { getCart } from '~/domain/cart/cart.server'
import { placeOrder } from '~/domain/orders/place-order.server'
import { verifyAndConfirm } from '~/domain/orders/verify-payment.server'
import { applyDiscountCode } from './cart-discount.server'
import { checkoutOf } from './cart-offers.server'

const KEY_SECRET = 'offer-test-secret'
const FEE = 9_900
const shop = offeredShop({ keyId: 'rzp_test_offers', keySecret: KEY_SECRET, users: [asha], stock: 5 })
const me = { userId: asha.id }

beforeEach(async () => {
  setDomainSettings({ invoice: { seller: { ...(await import('~/lib/invoice-settings')).DEMO_SELLER, gstin: '29ABCDE1234F1Z5' } } as never })
})

async function fill(lines: [string, number][], code?: string) {
  for (const [productId, quantity] of lines) await addToCart(shop.db, me, { productId, quantity })
  if (code) await applyDiscountCode(shop.db, me, await getCart(shop.db, me), code)
  return checkoutOf(shop.db, me, await getCart(shop.db, me), FEE)
}

describe('an offer in the cart', () => {
  it('prices the lines it covers at the offer price and says so', async () => {
    await insertOffer(shop.db, DECOR_15)
    const priced = await fill([['tray', 2], ['pendant', 1]])
    expect(priced.cart.items.map((l) => [l.productId, l.unitPricePaise, l.offer?.name ?? null])).toEqual([
      ['tray', 84_915, 'Diwali sale'],
      ['pendant', 149_900, null],
    ])
    expect(priced.quote).toEqual({ subtotalPaise: 2 * 84_915 + 149_900, discountPaise: 0, deliveryFeePaise: FEE, totalPaise: 2 * 84_915 + 149_900 + FEE })
    expect(priced.offerMessage).toBe('Diwali sale applied: you save ₹299.70')
  })

  it('gives the offer, not the code, when the offer saves more on the same pieces', async () => {
    await insertOffer(shop.db, DECOR_15)
    await insertDiscountCode(shop.db, { code: 'DECOR10', value: '10', scope: 'categories', scopeItems: ['home-decor'] })
    const priced = await fill([['tray', 2]], 'DECOR10')
    expect(priced.discount).toMatchObject({ applies: false, outdone: true, message: 'Diwali sale applied: better than your code DECOR10' })
    expect(priced.quote.totalPaise).toBe(2 * 84_915 + FEE)
  })

  it('gives the code, at the prices without the offer, when the code saves more', async () => {
    await insertOffer(shop.db, DECOR_15)
    await insertDiscountCode(shop.db, { code: 'BIG25', value: '25' })
    const priced = await fill([['tray', 2]], 'BIG25')
    expect(priced.cart.items[0]).toMatchObject({ unitPricePaise: 99_900, offer: null })
    // 25% of 1,998.00 = 499.50.
    expect(priced.discount).toMatchObject({ applies: true, amountPaise: 49_950, message: 'BIG25 applied: better than the Diwali sale' })
    expect(priced.quote.totalPaise).toBe(199_800 - 49_950 + FEE)
  })

  it('gives both when the owner lets the offer stack, the code on the offer prices', async () => {
    await insertOffer(shop.db, { ...DECOR_15, stackable: true })
    await insertDiscountCode(shop.db, { code: 'DECOR10', value: '10' })
    const priced = await fill([['tray', 2]], 'DECOR10')
    // 10% of 1,698.30 = 169.83.
    expect(priced.discount).toMatchObject({ applies: true, amountPaise: 16_983 })
    expect(priced.quote.totalPaise).toBe(169_830 - 16_983 + FEE)
  })

  it('keeps both when they cover different pieces', async () => {
    await insertOffer(shop.db, DECOR_15)
    await insertDiscountCode(shop.db, { code: 'GEMS10', value: '10', scope: 'categories', scopeItems: ['jewellery'] })
    const priced = await fill([['tray', 1], ['pendant', 1]], 'GEMS10')
    expect(priced.cart.items.map((l) => l.unitPricePaise)).toEqual([84_915, 149_900])
    expect(priced.discount).toMatchObject({ applies: true, amountPaise: 14_990 })
  })
})

describe('free delivery over an amount', () => {
  it('is free once the subtotal less the code reaches the amount, with the words for how far it is', async () => {
    await insertOffer(shop.db, { name: 'Free delivery', kind: 'free_delivery', minOrder: '999' })
    await insertDiscountCode(shop.db, { code: 'TEN', type: 'fixed', value: '10' })
    const short = await fill([['tray', 1]])
    // 999.00 reaches 999.00.
    expect(short.quote.deliveryFeePaise).toBe(0)
    expect(short.freeDelivery?.message).toBe('Free delivery: your order is over ₹999.00')
    await applyDiscountCode(shop.db, me, await getCart(shop.db, me), 'TEN')
    const less = await checkoutOf(shop.db, me, await getCart(shop.db, me), FEE)
    // 999.00 - 10.00 = 989.00: 10.00 short.
    expect(less.quote).toMatchObject({ deliveryFeePaise: FEE, totalPaise: 98_900 + FEE })
    expect(less.freeDelivery?.message).toBe('Add ₹10.00 more for free delivery')
  })
})

describe('the order of an offered cart', () => {
  it('charges Razorpay the offered total; the lines keep the offer price and the invoice adds up', async () => {
    await insertOffer(shop.db, DECOR_15)
    await insertOffer(shop.db, { name: 'Free delivery', kind: 'free_delivery', minOrder: '2000' })
    await insertDiscountCode(shop.db, { code: 'GEMS10', value: '10', scope: 'categories', scopeItems: ['jewellery'] })
    await fill([['tray', 2], ['pendant', 1]], 'GEMS10')
    const address = await saveAddress(shop.db, asha)
    const placed = await placeOrder(shop.db, shop.gateway, asha, { addressId: address.id }, FEE)
    // 1,698.30 + 1,499.00 - 149.90 = 3,047.40, over 2,000.00: no delivery fee.
    expect(placed.totalAmountPaise).toBe(304_740)
    expect(shop.fake.orders.get(placed.gatewayOrder.id)?.amount).toBe(304_740)
    const lines = await shop.db.selectFrom('order_lines').select(['product_id', 'unit_price_paise', 'discount_paise']).where('order_id', '=', placed.orderId).orderBy('id').execute()
    expect(lines).toEqual([
      { product_id: 'tray', unit_price_paise: 84_915, discount_paise: 0 },
      { product_id: 'pendant', unit_price_paise: 149_900, discount_paise: 14_990 },
    ])
    const { paymentId, signature } = shop.fake.pay(placed.gatewayOrder.id)
    await verifyAndConfirm(shop.db, shop.gateway, { gatewayOrderId: placed.gatewayOrder.id, paymentId, signature })
    const row = await shop.db.selectFrom('invoices').select('document').where('order_id', '=', placed.orderId).where('kind', '=', 'invoice').executeTakeFirstOrThrow()
    const invoice = JSON.parse(row.document) as InvoiceDocument
    expect(invoice.totals.grossPaise).toBe(304_740)
    expect(invoice.lines.reduce((sum, l) => sum + l.taxablePaise + l.taxPaise, 0)).toBe(304_740)
  })

  it('an outdone code is not used: the order carries no code and charges the offer prices', async () => {
    await insertOffer(shop.db, DECOR_15)
    await insertDiscountCode(shop.db, { code: 'DECOR10', value: '10', maxUses: '1' })
    await fill([['tray', 1]], 'DECOR10')
    const address = await saveAddress(shop.db, asha)
    const placed = await placeOrder(shop.db, shop.gateway, asha, { addressId: address.id }, FEE)
    expect(placed.totalAmountPaise).toBe(84_915 + FEE)
    const order = await shop.db.selectFrom('orders').select(['discount_code', 'discount_paise']).where('id', '=', placed.orderId).executeTakeFirstOrThrow()
    expect(order).toEqual({ discount_code: '', discount_paise: 0 })
  })
})
