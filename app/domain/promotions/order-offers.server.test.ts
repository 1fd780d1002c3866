// The automatic offers an order was placed with (ADR 084): written once when it is placed, with what
// each took off (prices, or the delivery fee), and counted as an offer's uses, revenue and average
// order value only once paid and kept, as a code's are.
import { describe, expect, it } from 'vitest'
import { asha, ravi } from '../../../tests/helpers/fixtures'
import { insertDiscountCode } from '../../../tests/helpers/discount-fixtures'
import { DECOR_15, insertOffer, offeredShop } from '../../../tests/helpers/offer-fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { partialRefund } from '../../../tests/helpers/partial-refund-fixtures'
import { saveAddress } from '../../../tests/helpers/payment-fixtures'
import type { SessionUser } from '~/lib/user'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { getCart } from '~/domain/cart/cart.server'
import { revenueByOffer, revenueByOfferForDays } from '~/domain/dashboard/revenue-by-offer.server'
import { placeOrder } from '~/domain/orders/place-order.server'
import { verifyAndConfirm } from '~/domain/orders/verify-payment.server'
import { applyDiscountCode } from './cart-discount.server'

const KEY_SECRET = 'order-offers-secret'
const FEE = 9_900
const shop = offeredShop({ keyId: 'rzp_test_order_offers', keySecret: KEY_SECRET, users: [asha, ravi], stock: 9 })

async function place(user: SessionUser, lines: [string, number][], code?: string) {
  for (const [productId, quantity] of lines) await addToCart(shop.db, { userId: user.id }, { productId, quantity })
  if (code) await applyDiscountCode(shop.db, { userId: user.id }, await getCart(shop.db, { userId: user.id }), code)
  const address = await saveAddress(shop.db, user)
  return { ...(await placeOrder(shop.db, shop.gateway, user, { addressId: address.id }, FEE)), addressId: address.id }
}

async function pay(placed: Awaited<ReturnType<typeof place>>) {
  const { paymentId, signature } = shop.fake.pay(placed.gatewayOrder.id)
  await verifyAndConfirm(shop.db, shop.gateway, { gatewayOrderId: placed.gatewayOrder.id, paymentId, signature })
}

const recorded = (orderId: string) => shop.db.selectFrom('order_offers').select(['offer_id', 'amount_paise']).where('order_id', '=', orderId).orderBy('amount_paise').execute()

describe('an order placed with offers', () => {
  it('records each offer once with what it took off: the prices, and the delivery fee it waived', async () => {
    const sale = await insertOffer(shop.db, DECOR_15)
    const free = await insertOffer(shop.db, { name: 'Free delivery', kind: 'free_delivery', minOrder: '1000' })
    const placed = await place(asha, [['tray', 2], ['pendant', 1]])
    // 2 x (999.00 - 849.15) off the trays; 1,698.30 + 1,499.00 is over 1,000.00: the fee waived.
    expect(await recorded(placed.orderId)).toEqual([
      { offer_id: free.id, amount_paise: FEE },
      { offer_id: sale.id, amount_paise: 2 * 14_985 },
    ])
    // The same checkout again takes up its unpaid order: nothing written twice.
    const again = await placeOrder(shop.db, shop.gateway, asha, { addressId: placed.addressId }, FEE)
    expect(again.orderId).toBe(placed.orderId)
    expect(await shop.db.selectFrom('order_offers').select('order_id').execute()).toHaveLength(2)
  })

  it('records no offer the code beat, and no free delivery under its amount', async () => {
    await insertOffer(shop.db, DECOR_15)
    await insertOffer(shop.db, { name: 'Free delivery', kind: 'free_delivery', minOrder: '5000' })
    await insertDiscountCode(shop.db, { code: 'HALF', value: '50' })
    const placed = await place(asha, [['tray', 1]], 'HALF')
    expect(await recorded(placed.orderId)).toEqual([])
  })
})

describe("an offer's figures", () => {
  it('counts its paid orders, their revenue, what it took off and the average order; not an unpaid one', async () => {
    const sale = await insertOffer(shop.db, DECOR_15)
    const first = await place(asha, [['tray', 1]])
    await pay(first)
    const second = await place(ravi, [['tray', 2], ['pendant', 1]])
    await pay(second)
    await place(asha, [['tray', 1]])
    const totals = first.totalAmountPaise + second.totalAmountPaise
    expect(await revenueByOffer(shop.db)).toEqual([
      { offerId: sale.id, name: 'Diwali sale', paidOrders: 2, revenuePaise: totals, offerPaise: 3 * 14_985, averageOrderPaise: Math.round(totals / 2) },
    ])
    expect(await revenueByOffer(shop.db, { offerIds: [] })).toEqual([])
    // Orders are dated when written; a period that starts after them has none.
    expect((await revenueByOfferForDays(shop.db, 1, new Date())).map((row) => row.paidOrders)).toEqual([2])
    expect(await revenueByOfferForDays(shop.db, 30, new Date(Date.now() + 40 * 86_400_000))).toEqual([])
  })

  it('leaves out rejected, refunded and TEST MODE orders, as revenue by code does', async () => {
    const sale = await insertOffer(shop.db, DECOR_15)
    const date = new Date('2026-11-02T05:00:00Z')
    const fixtures = [
      { id: 'kept', status: 'confirmed' as const },
      { id: 'rejected', status: 'rejected' as const },
      { id: 'refunded', status: 'cancelled' as const, paymentStatus: 'refunded' as const },
      { id: 'test-mode', gateway: 'test' as const },
    ]
    for (const fixture of fixtures) {
      await insertOrder(shop.db, { user: asha, date, totalPaise: 84_915, ...fixture })
      await shop.db.insertInto('order_offers').values({ order_id: fixture.id, offer_id: sale.id, amount_paise: 14_985 }).execute()
    }
    expect(await revenueByOffer(shop.db)).toEqual([{ offerId: sale.id, name: 'Diwali sale', paidOrders: 1, revenuePaise: 84_915, offerPaise: 14_985, averageOrderPaise: 84_915 }])
  })

  it('takes a processed partial refund whole off every offer its order was placed with (ADR 092), not one decided, on its way or failed', async () => {
    const sale = await insertOffer(shop.db, DECOR_15)
    const free = await insertOffer(shop.db, { name: 'Free delivery', kind: 'free_delivery', minOrder: '1000' })
    const date = new Date('2026-11-02T05:00:00Z')
    // Two trays at the sale's price and the pendant at its own, delivery waived; and a tray alone.
    await insertOrder(shop.db, { id: 'both', user: asha, date, totalPaise: 3_197_30 })
    await shop.db.insertInto('order_offers').values([
      { order_id: 'both', offer_id: sale.id, amount_paise: 2 * 14_985 },
      { order_id: 'both', offer_id: free.id, amount_paise: FEE },
    ]).execute()
    await insertOrder(shop.db, { id: 'one', user: ravi, date, totalPaise: 84_915 })
    await shop.db.insertInto('order_offers').values({ order_id: 'one', offer_id: sale.id, amount_paise: 14_985 }).execute()
    // The pendant (no offer on it) given back: the offers' orders kept that much less, each.
    await partialRefund(shop.db, 'both', 1_499_00)
    await partialRefund(shop.db, 'both', 100_00, 'queued')
    await partialRefund(shop.db, 'one', 200_00, 'pending')
    await partialRefund(shop.db, 'one', 300_00, 'failed')
    expect(await revenueByOffer(shop.db)).toEqual([
      { offerId: sale.id, name: 'Diwali sale', paidOrders: 2, revenuePaise: 1_698_30 + 84_915, offerPaise: 3 * 14_985, averageOrderPaise: Math.round((1_698_30 + 84_915) / 2) },
      { offerId: free.id, name: 'Free delivery', paidOrders: 1, revenuePaise: 1_698_30, offerPaise: FEE, averageOrderPaise: 1_698_30 },
    ])
  })
})
