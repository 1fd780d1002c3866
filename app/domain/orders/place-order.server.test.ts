// Placing orders from the server's cart (totals in paise, snapshots, checkout messages, gateway
// failure, an unpaid order taken up again), on a fresh database with the test gateway.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers, owner, ravi } from '../../../tests/helpers/fixtures'
import { saveAddress } from '../../../tests/helpers/payment-fixtures'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { rejection } from '../../../tests/helpers/rejection'
import type { DB } from '../../../db/database'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { getCart } from '~/domain/cart/cart.server'
import { Invalid, } from '~/domain/errors'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { getOrderDetail } from './order-reads.server'
import { PaymentUnavailable, placeOrder, quoteCheckout } from './place-order.server'
import type { PaymentGateway } from './payment-gateway'
import { testGateway } from '~/infra/payment-gateway.server'
import { confirmPayment, markPaymentFailed } from './payments.server'


let testDb: TestDb
let db: DB
const gateway = testGateway('orders-test-secret')

/** Prices in paise: plain 500.00; sale 1000.00 at 800.00; sized Large 600.00 at 450.00 (Small 300.00). */
function insertCatalogue() {
  return insertProducts(db, [
    { id: 'plain', price: 50_000, stock: 5, images: ['/img/plain-1.webp', '/img/plain-2.webp'] },
    { id: 'sale', price: 100_000, sale: 80_000, stock: 10 },
    {
      id: 'sized',
      price: 99_900,
      stock: 3,
      varieties: [
        { name: 'Small', price: 30_000 },
        { name: 'Large', price: 60_000, sale: 45_000 },
      ],
      colors: ['Red', 'Blue'],
    },
  ])
}

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await insertUsers(db, [asha, ravi, owner])
  await insertCatalogue()
})

afterEach(async () => {
  await testDb?.cleanup()
})

async function invalidMessage(promise: Promise<unknown>): Promise<string> {
  const error = await rejection(promise)
  expect(error).toBeInstanceOf(Invalid)
  return (error as Invalid).message
}

async function countOrders() {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A gateway that counts createOrder calls, optionally failing them. */
function countingGateway(fail = false): PaymentGateway & { calls: number } {
  const wrapped = {
    ...gateway,
    calls: 0,
    async createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }) {
      wrapped.calls += 1
      if (fail) throw new Error('connect ECONNREFUSED 127.0.0.1:9')
      return gateway.createOrder(input)
    },
  }
  return wrapped
}

describe('quoteCheckout', () => {
  it('is the total the checkout page shows and placeOrder charges: the cart plus delivery, no fee on an empty cart', async () => {
    expect(quoteCheckout(await getCart(db, { userId: asha.id }), 4_900)).toEqual({ subtotalPaise: 0, discountPaise: 0, deliveryFeePaise: 0, totalPaise: 0 })
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 2 })
    const quote = quoteCheckout(await getCart(db, { userId: asha.id }), 4_900)
    expect(quote).toEqual({ subtotalPaise: 100_000, discountPaise: 0, deliveryFeePaise: 4_900, totalPaise: 104_900 })
    const placed = await placeOrder(db, gateway, asha, { addressId: (await saveAddress(db, asha)).id }, 4_900)
    expect(placed.totalAmountPaise).toBe(quote.totalPaise)
  })
})

describe('placeOrder', () => {
  it('computes the total in paise from the server cart plus the delivery fee, and records a pending order', async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 2 })
    await addToCart(db, { userId: asha.id }, { productId: 'sale', quantity: 1 })
    await addToCart(db, { userId: asha.id }, { productId: 'sized', quantity: 1, variety: 'Large', color: 'Red' })
    const address = await saveAddress(db, asha)
    const gw = countingGateway()

    const placed = await placeOrder(db, gw, asha, { addressId: address.id }, 4_900)

    // 2 x 500.00 + 800.00 (sale) + 450.00 (Large on sale) = 2,250.00; + 49.00 delivery.
    expect(placed.totalAmountPaise).toBe(229_900)
    expect(placed.gatewayOrder).toEqual({ id: expect.stringMatching(/^order_test_/), amount: 229_900, currency: 'INR' })
    expect(gw.calls).toBe(1)
    const order = await db.selectFrom('orders').selectAll().where('id', '=', placed.orderId).executeTakeFirstOrThrow()
    expect(order).toMatchObject({
      user_id: asha.id,
      user_name: 'Asha',
      email: 'asha@example.com',
      subtotal_paise: 225_000,
      delivery_fee_paise: 4_900,
      total_amount_paise: 229_900,
      order_status: 'pending',
      payment_status: 'pending',
      payment_method: 'razorpay',
      gateway: 'test',
      gateway_order_id: placed.gatewayOrder.id,
      gateway_payment_id: null,
      needs_refund: 0,
    })
    const payments = await db.selectFrom('payments').selectAll().where('order_id', '=', placed.orderId).execute()
    expect(payments).toEqual([
      expect.objectContaining({ gateway_order_id: placed.gatewayOrder.id, amount_paise: 229_900, status: 'pending', gateway: 'test' }),
    ])
    // The cart stays until the payment is confirmed.
    expect((await getCart(db, { userId: asha.id })).items).toHaveLength(3)
  })

  it('charges no delivery fee when it is 0', async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 1 })
    const address = await saveAddress(db, asha)
    const placed = await placeOrder(db, gateway, asha, { addressId: address.id }, 0)
    expect(placed.totalAmountPaise).toBe(50_000)
    expect(placed.gatewayOrder.amount).toBe(50_000)
  })

  it('snapshots the lines and the address: later catalogue or address edits do not change the order', async () => {
    await db.updateTable('products').set({ option_label: 'Width' }).where('id', '=', 'sized').execute()
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 2 })
    await addToCart(db, { userId: asha.id }, { productId: 'sized', quantity: 1, variety: 'Large', color: 'Blue' })
    const address = await saveAddress(db, asha, { notes: 'Leave with the guard' })
    const placed = await placeOrder(db, gateway, asha, { addressId: address.id }, 0)

    await db.updateTable('products').set({ title: 'Renamed', option_label: 'Diameter', price_paise: 1, sale_price_paise: 0 }).execute()
    await db.updateTable('product_varieties').set({ price_paise: 1, sale_price_paise: 0 }).execute()
    await db.updateTable('addresses').set({ city: 'Mysuru', pincode: '570001' }).execute()

    const detail = await getOrderDetail(db, placed.orderId, asha)
    expect(detail.lines).toEqual([
      {
        productId: 'plain',
        title: 'Resin plain',
        image: '/img/plain-1.webp',
        varietyType: null,
        optionLabel: '',
        variety: '',
        option2: '',
        option2Label: '',
        color: '',
        personalization: {},
        unitPricePaise: 50_000,
        quantity: 2,
      },
      {
        productId: 'sized',
        title: 'Resin sized',
        image: '',
        varietyType: 'size',
        optionLabel: 'Width',
        variety: 'Large',
        option2: '',
        option2Label: '',
        color: 'Blue',
        personalization: {},
        unitPricePaise: 45_000,
        quantity: 1,
      },
    ])
    expect(detail.address).toEqual({
      addressId: address.id,
      name: '',
      addressLine: "Asha's flat, 12 MG Road",
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      country: 'India',
      phone: '9876543210',
      landmark: 'Opposite the park',
      notes: 'Leave with the guard',
    })
    expect(detail.totalAmountPaise).toBe(145_000)
  })

  it('keeps the recipient name on the order, whatever later happens to the saved address', async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 1 })
    const address = await saveAddress(db, asha, { name: 'Anjali Rao' })
    const placed = await placeOrder(db, gateway, asha, { addressId: address.id }, 0)
    await db.updateTable('addresses').set({ recipient_name: 'Someone else' }).execute()
    expect((await getOrderDetail(db, placed.orderId, asha)).address.name).toBe('Anjali Rao')
  })

  it('numbers orders one after another from 1001, also when they are placed at the same moment', async () => {
    const shoppers = [asha, ravi]
    for (const shopper of shoppers) await addToCart(db, { userId: shopper.id }, { productId: 'plain', quantity: 1 })
    const addresses = await Promise.all(shoppers.map((shopper) => saveAddress(db, shopper)))
    const placed = await Promise.all(
      shoppers.map((shopper, i) => placeOrder(db, gateway, shopper, { addressId: addresses[i]?.id }, 0)),
    )
    expect(placed.map((p) => p.orderNumber).sort()).toEqual([1001, 1002])
    const stored = await db.selectFrom('orders').select(['id', 'number']).execute()
    expect(Object.fromEntries(stored.map((row) => [row.id, row.number]))).toEqual(
      Object.fromEntries(placed.map((p) => [p.orderId, p.orderNumber])),
    )
  })

  it(`refuses an empty cart with '${CHECKOUT_MESSAGES.emptyCart}' (checked before the address)`, async () => {
    const gw = countingGateway()
    const address = await saveAddress(db, asha)
    expect(await invalidMessage(placeOrder(db, gw, asha, { addressId: address.id }, 0))).toBe('Your Cart is Empty.')
    expect(await invalidMessage(placeOrder(db, gw, asha, { addressId: undefined }, 0))).toBe('Your Cart is Empty.')
    // A cart that exists but has no lines is empty too.
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 1 })
    await db.deleteFrom('cart_lines').execute()
    const error = await rejection(placeOrder(db, gw, asha, { addressId: address.id }, 0))
    expect((error as Invalid).errors).toEqual({ cart: ['Your Cart is Empty.'] })
    expect(gw.calls).toBe(0)
    expect(await countOrders()).toBe(0)
  })

  it(`refuses a missing address with '${CHECKOUT_MESSAGES.noAddress}'`, async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 1 })
    for (const addressId of [undefined, null, '']) {
      const error = await rejection(placeOrder(db, gateway, asha, { addressId }, 0))
      expect(error).toBeInstanceOf(Invalid)
      expect((error as Invalid).errors).toEqual({ addressId: ['Please Select an Address.'] })
    }
    expect(await invalidMessage(placeOrder(db, gateway, asha, { addressId: 'no-such-address' }, 0))).toBe(
      'Please Select an Address.',
    )
    expect(await countOrders()).toBe(0)
  })

  it("refuses someone else's address as if none was chosen, revealing nothing", async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 1 })
    const ravis = await saveAddress(db, ravi, { addressLine: "Ravi's secret address" })
    expect(await invalidMessage(placeOrder(db, gateway, asha, { addressId: ravis.id }, 0))).toBe('Please Select an Address.')
    expect(await countOrders()).toBe(0)
  })

  it('refuses a cart with a line over the stock left, out of stock or no longer sold', async () => {
    const address = await saveAddress(db, asha)
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 3 })
    await addToCart(db, { userId: asha.id }, { productId: 'sale', quantity: 1 })
    const gw = countingGateway()

    // Short of stock: the line is named with what is left.
    await db.updateTable('products').set({ total_stock: 2 }).where('id', '=', 'plain').execute()
    expect(await invalidMessage(placeOrder(db, gw, asha, { addressId: address.id }, 0))).toBe(CHECKOUT_MESSAGES.notHeld('Resin plain', 2))

    await db.updateTable('products').set({ total_stock: 0 }).where('id', '=', 'plain').execute()
    expect(await invalidMessage(placeOrder(db, gw, asha, { addressId: address.id }, 0))).toBe(CHECKOUT_MESSAGES.notHeld('Resin plain', 0))

    await db.updateTable('products').set({ total_stock: 5, deleted_at: new Date().toISOString() }).where('id', '=', 'plain').execute()
    expect(await invalidMessage(placeOrder(db, gw, asha, { addressId: address.id }, 0))).toBe(CHECKOUT_MESSAGES.unavailable)

    expect(gw.calls).toBe(0)
    expect(await countOrders()).toBe(0)
    // Restored, the same cart can be ordered.
    await db.updateTable('products').set({ deleted_at: null }).where('id', '=', 'plain').execute()
    const placed = await placeOrder(db, gw, asha, { addressId: address.id }, 0)
    expect(placed.totalAmountPaise).toBe(3 * 50_000 + 80_000)
  })

  it('answers PaymentUnavailable (502) when the gateway refuses, and marks the order payment failed', async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 1 })
    const address = await saveAddress(db, asha)
    const gw = countingGateway(true)
    const originalError = console.error
    console.error = () => {}
    let error: unknown
    try {
      error = await rejection(placeOrder(db, gw, asha, { addressId: address.id }, 0))
    } finally {
      console.error = originalError
    }
    expect(error).toBeInstanceOf(PaymentUnavailable)
    expect((error as PaymentUnavailable).status).toBe(502)
    expect((error as PaymentUnavailable).message).toBe(CHECKOUT_MESSAGES.gatewayDown)
    const orders = await db.selectFrom('orders').selectAll().execute()
    expect(orders).toEqual([
      expect.objectContaining({ payment_status: 'failed', order_status: 'pending', gateway_order_id: null, total_amount_paise: 50_000 }),
    ])
    expect(await db.selectFrom('payments').selectAll().execute()).toEqual([])
    // Nothing was taken: the cart and the stock are as they were.
    expect((await getCart(db, { userId: asha.id })).items).toHaveLength(1)
    const stock = await db.selectFrom('products').select('total_stock').where('id', '=', 'plain').executeTakeFirstOrThrow()
    expect(stock.total_stock).toBe(5)
  })
})

describe('placeOrder again', () => {
  it('takes up the unpaid order for the same cart and address instead of leaving another behind', async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 2 })
    const address = await saveAddress(db, asha)
    const gw = countingGateway()
    const first = await placeOrder(db, gw, asha, { addressId: address.id }, 0)
    const again = await placeOrder(db, gw, asha, { addressId: address.id }, 0)
    expect(again).toEqual(first)
    expect(gw.calls).toBe(1)
    expect(await countOrders()).toBe(1)
    // After a failed payment too: the order stays payable, and is paid on the next try.
    await markPaymentFailed(db, first.gatewayOrder.id, { code: 'BAD_REQUEST_ERROR', description: 'Card declined' })
    expect(await placeOrder(db, gw, asha, { addressId: address.id }, 0)).toEqual(first)
    expect(await countOrders()).toBe(1)
  })

  it('places a new order when the cart, the address, the fee or the payment status differ', async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 1 })
    const home = await saveAddress(db, asha)
    const work = await saveAddress(db, asha, { addressLine: 'Asha at work, 1 Brigade Road' })
    const gw = countingGateway()
    const first = await placeOrder(db, gw, asha, { addressId: home.id }, 0)
    const otherAddress = await placeOrder(db, gw, asha, { addressId: work.id }, 0)
    expect(otherAddress.orderId).not.toBe(first.orderId)
    const otherFee = await placeOrder(db, gw, asha, { addressId: home.id }, 4_900)
    expect(otherFee.orderId).not.toBe(first.orderId)
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 1 })
    const biggerCart = await placeOrder(db, gw, asha, { addressId: home.id }, 0)
    expect(biggerCart.orderId).not.toBe(first.orderId)
    expect(biggerCart.totalAmountPaise).toBe(100_000)
    // A paid order is never taken up again.
    await confirmPayment(db, { gatewayOrderId: biggerCart.gatewayOrder.id, paymentId: 'pay_1', amountPaise: null, source: 'test' })
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 2 })
    const afterPaid = await placeOrder(db, gw, asha, { addressId: home.id }, 0)
    expect(afterPaid.orderId).not.toBe(biggerCart.orderId)
    expect(gw.calls).toBe(5)
  })

  it("never takes up another user's order", async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity: 1 })
    await addToCart(db, { userId: ravi.id }, { productId: 'plain', quantity: 1 })
    const mine = await placeOrder(db, gateway, asha, { addressId: (await saveAddress(db, asha)).id }, 0)
    const his = await placeOrder(db, gateway, ravi, { addressId: (await saveAddress(db, ravi)).id }, 0)
    expect(his.orderId).not.toBe(mine.orderId)
  })
})
