// A user's orders (their own only, newest first) and an order in full for its owner or the admin,
// on a fresh database with the test gateway.
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers, owner, ravi } from '../../../tests/helpers/fixtures'
import { saveAddress } from '../../../tests/helpers/payment-fixtures'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { rejection } from '../../../tests/helpers/rejection'
import type { DB } from '../../../db/database'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { NotFound } from '~/domain/errors'
import { testGateway } from '~/infra/payment-gateway.server'
import { getOrderDetail, listOrdersOf } from './order-reads.server'
import { placeOrder } from './place-order.server'

let testDb: TestDb
let db: DB
const gateway = testGateway('orders-test-secret')

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await insertUsers(db, [asha, ravi, owner])
  // Prices in paise: plain 500.00; sale 1000.00 at 800.00.
  await insertProducts(db, [
    { id: 'plain', price: 50_000, stock: 5 },
    { id: 'sale', price: 100_000, sale: 80_000, stock: 10 },
  ])
})

afterEach(async () => {
  await testDb?.cleanup()
})

describe('listOrdersOf', () => {
  it("lists only the user's own orders, newest first", async () => {
    const address = await saveAddress(db, asha)
    const ids: string[] = []
    for (const quantity of [1, 2, 3]) {
      await db.deleteFrom('cart_lines').execute()
      await addToCart(db, { userId: asha.id }, { productId: 'plain', quantity })
      const placed = await placeOrder(db, gateway, asha, { addressId: address.id }, 0)
      // Placed on three days, whatever the machine's speed: the list is newest first. (The database
      // writes order_date once; only a test sets it.)
      await sql`update orders set order_date = ${`2026-11-0${quantity}T10:00:00.000Z`} where id = ${placed.orderId}`.execute(db)
      ids.push(placed.orderId)
    }
    await db.deleteFrom('cart_lines').execute()
    await addToCart(db, { userId: ravi.id }, { productId: 'sale', quantity: 1 })
    const ravisAddress = await saveAddress(db, ravi)
    const ravisOrder = await placeOrder(db, gateway, ravi, { addressId: ravisAddress.id }, 0)

    const list = await listOrdersOf(db, asha.id)
    expect(list.map((o) => o.id)).toEqual([...ids].reverse())
    expect(list[0]).toEqual({
      id: ids[2],
      number: 1003,
      orderDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      orderStatus: 'pending',
      paymentStatus: 'pending',
      totalAmountPaise: 150_000,
      userName: 'Asha',
      email: 'asha@example.com',
      testMode: true,
      refund: null,
      // The day it is expected to leave the studio (ADR 070): a plain product, the handling time on.
      dispatchBy: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    })
    expect((await listOrdersOf(db, ravi.id)).map((o) => o.id)).toEqual([ravisOrder.orderId])
    // Numbered in the order they were placed, across shoppers, from FIRST_ORDER_NUMBER.
    expect(list.map((o) => o.number)).toEqual([1003, 1002, 1001])
    expect(ravisOrder.orderNumber).toBe(1004)
    expect(await listOrdersOf(db, owner.id)).toEqual([])
  })
})

describe('getOrderDetail', () => {
  it('shows the order to its owner and to the admin, and is NotFound for anyone else', async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'sale', quantity: 2 })
    const address = await saveAddress(db, asha)
    const placed = await placeOrder(db, gateway, asha, { addressId: address.id }, 9_900)

    const mine = await getOrderDetail(db, placed.orderId, asha)
    expect(mine).toMatchObject({
      id: placed.orderId,
      userId: asha.id,
      userName: 'Asha',
      email: 'asha@example.com',
      orderStatus: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'razorpay',
      subtotalPaise: 160_000,
      deliveryFeePaise: 9_900,
      totalAmountPaise: 169_900,
      gateway: 'test',
      gatewayOrderId: placed.gatewayOrder.id,
      gatewayPaymentId: null,
      needsRefund: false,
      history: [{ status: 'pending', note: 'Order placed', changedAt: expect.any(String) }],
    })
    expect(await getOrderDetail(db, placed.orderId, owner)).toEqual(mine)
    expect(await rejection(getOrderDetail(db, placed.orderId, ravi))).toBeInstanceOf(NotFound)
    expect(await rejection(getOrderDetail(db, 'no-such-order', asha))).toBeInstanceOf(NotFound)
    expect(await rejection(getOrderDetail(db, 'no-such-order', owner))).toBeInstanceOf(NotFound)
  })
})
