// Stock holds at checkout (docs/decisions/032): holding and refusing by name with what is left,
// expiry, refresh on retry, release on failure and on cancel, paying within the hold, restart, the last-unit race,
// and unpaid checkouts kept out of the orders lists. What one shopper or one address may hold and start,
// and the changes of availability told to the page cache (docs/decisions/050). A real SQLite file (or
// PostgreSQL under TEST_DB=postgres) and the TEST MODE gateway.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { advanceClock, setClock, setDomainSettings } from '../../../tests/helpers/domain-settings'
import { asha, insertProducts, insertUsers, ravi } from '../../../tests/helpers/fixtures'
import { type DB, openDatabase } from '../../../db/database'
import { rejection } from '../../../tests/helpers/rejection'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import type { SessionUser } from '~/lib/user'
import { addressSchema } from '~/schemas/address'
import type { PaymentGateway } from '~/domain/orders/payment-gateway'
import { testGateway } from '~/infra/payment-gateway.server'
import { addAddress } from '~/domain/accounts/addresses.server'
import { dashboard } from '~/domain/dashboard/admin-dashboard.server'
import { listAllOrders } from '~/domain/orders/admin-orders.server'
import { addToCart } from './cart-edits.server'
import { getCart } from './cart.server'
import { getProduct, listProducts } from '~/domain/catalog/catalog.server'
import { cancelOrder } from '~/domain/orders/order-lifecycle.server'
import { abandonedBefore, countOrdersOf, listOrdersOf } from '~/domain/orders/order-reads.server'
import { placeOrder } from '~/domain/orders/place-order.server'
import { confirmPayment, markPaymentFailed } from '~/domain/orders/payments.server'
import { clock } from '~/domain/clock'
import { Invalid, TooManyRequests } from '~/domain/errors'
import { domainSettings } from '~/domain/settings.server'
import { type AvailabilityChange, watchAvailability } from './availability.server'
import { holdExpiry, holdStock, releaseHolds, StockNotHeld, sweepExpiredHolds } from './stock-holds.server'

const gateway = testGateway('holds-test-secret')
const PAST = '2026-01-01T00:00:00.000Z'

let testDb: TestDb
let db: DB

async function insertUser(user: SessionUser) {
  await insertUsers(db, [user])
}

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  for (const user of [asha, ravi]) await insertUser(user)
  // Every rule that reads the time sees this moment until a test moves it.
  setClock(new Date())
  await insertProducts(db, [
    { id: 'vase', title: 'Ocean vase', price: 100_000, stock: 3 },
    { id: 'coaster', title: 'Teal coaster', price: 100_000, stock: 10 },
    {
      id: 'tray',
      title: 'Geode tray',
      price: 100_000,
      stock: 2,
      varieties: [
        { name: 'Small', price: 50_000 },
        { name: 'Large', price: 90_000 },
      ],
    },
  ])
})

/** How long a started checkout holds its stock, in ms (HOLD_MINUTES). */
const holdMs = () => domainSettings().checkout.holdMinutes * 60_000

afterEach(async () => {
  watchAvailability(null)
  await testDb?.cleanup()
})

async function checkout(user: SessionUser, lines: { productId: string; quantity: number; variety?: string }[], gw: PaymentGateway = gateway) {
  for (const line of lines) await addToCart(db, { userId: user.id }, line)
  return placeAgain(user, gw)
}

async function placeAgain(user: SessionUser, gw: PaymentGateway = gateway, clientKey: string | null = null) {
  const address = await addressOf(user)
  return placeOrder(db, gw, user, { addressId: address.id, clientKey }, 0)
}

/** Puts `quantity` of a product in the shopper's cart as it is, past any rule of the cart (a cart filled before a limit, or by hand). */
async function fillCart(user: SessionUser, productId: string, quantity: number, variety = '') {
  const id = `c-${user.id}`
  await db.insertInto('carts').values({ id, user_id: user.id, updated_at: new Date().toISOString() }).onConflict((oc) => oc.doNothing()).execute()
  await db.insertInto('cart_lines').values({ id: `l-${user.id}-${productId}-${variety}`, cart_id: id, product_id: productId, variety_name: variety, quantity }).execute()
}

async function insertShopper(id: string): Promise<SessionUser> {
  const user: SessionUser = { id, userName: `Shopper ${id}`, email: `${id}@example.com`, role: 'user' }
  await insertUser(user)
  return user
}

/** Units of the product the live holds keep, by user. */
async function heldBy(productId: string) {
  const rows = await db
    .selectFrom('stock_holds')
    .select(['user_id', (eb) => eb.fn.sum<number>('quantity').as('units')])
    .where('product_id', '=', productId)
    .where('expires_at', '>', clock.iso())
    .groupBy('user_id')
    .execute()
  return Object.fromEntries(rows.map((row) => [row.user_id, Number(row.units)]))
}

async function addressOf(user: SessionUser) {
  const existing = await db.selectFrom('addresses').select('id').where('user_id', '=', user.id).executeTakeFirst()
  if (existing) return existing
  return addAddress(
    db,
    user.id,
    addressSchema.parse({ addressLine: `${user.userName}'s flat`, city: 'Pune', state: 'Maharashtra', pincode: '411001', phone: '9822012345' }),
  )
}

function holdsOf(orderId: string) {
  return db.selectFrom('stock_holds').select(['product_id', 'quantity', 'expires_at']).where('order_id', '=', orderId).execute()
}

async function shelf(productId: string) {
  return (await db.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirstOrThrow()).total_stock
}

async function expireAllHolds() {
  await db.updateTable('stock_holds').set({ expires_at: PAST }).execute()
}

function countingGateway(): PaymentGateway & { calls: number } {
  const wrapped = {
    ...gateway,
    calls: 0,
    async createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }) {
      wrapped.calls += 1
      return gateway.createOrder(input)
    },
  }
  return wrapped
}

const pay = (gatewayOrderId: string, paymentId: string) => confirmPayment(db, { gatewayOrderId, paymentId, amountPaise: null, source: 'test' })

describe('holding stock at checkout', () => {
  it('holds the cart for HOLD_MINUTES; what is left is what shoppers see on cards, the product page, the filter and the cart', async () => {
    setDomainSettings({ checkout: { holdMinutes: 20 } })
    const placed = await checkout(asha, [{ productId: 'vase', quantity: 2 }])
    const [hold] = await holdsOf(placed.orderId)
    expect(hold).toEqual({ product_id: 'vase', quantity: 2, expires_at: new Date(clock.now().getTime() + 20 * 60_000).toISOString() })
    expect(await holdExpiry(db, placed.orderId)).toBe(hold?.expires_at)
    // The shelf is untouched until payment; shoppers see one left.
    expect(await shelf('vase')).toBe(3)
    expect((await getProduct(db, 'vase')).totalStock).toBe(1)
    expect((await getProduct(db, 'vase', 'shelf')).totalStock).toBe(3)
    const cards = await listProducts(db, { filters: { category: [], price: [], availability: ['in-stock'] } })
    expect(cards.items.find((c) => c.id === 'vase')?.totalStock).toBe(1)
    // The holder's own cart does not compete with their own hold; another shopper's cart sees 1 left.
    expect((await getCart(db, { userId: asha.id })).items[0]).toMatchObject({ totalStock: 3, available: true })
    await expect(addToCart(db, { userId: ravi.id }, { productId: 'vase', quantity: 2 })).rejects.toThrow('Only 0 quantity can be added for this item')
    await addToCart(db, { userId: ravi.id }, { productId: 'vase', quantity: 1 })

    // The last unit held too: the listing's in-stock filter leaves the vase out.
    await placeAgain(ravi)
    const inStock = await listProducts(db, { filters: { category: [], price: [], availability: ['in-stock'] } })
    expect(inStock.items.map((c) => c.id)).not.toContain('vase')
    expect((await getProduct(db, 'vase')).totalStock).toBe(0)
  })

  it('refuses before paying a line that cannot be held, naming it and what is left; no order, no gateway order', async () => {
    await checkout(asha, [{ productId: 'vase', quantity: 2 }])
    // Ravi filled his cart before Asha's hold (the cart allowed 3 then).
    await db.insertInto('carts').values({ id: 'c-ravi', user_id: ravi.id, updated_at: new Date().toISOString() }).execute()
    await db
      .insertInto('cart_lines')
      .values([
        { id: 'l1', cart_id: 'c-ravi', product_id: 'vase', quantity: 3 },
        { id: 'l2', cart_id: 'c-ravi', product_id: 'coaster', quantity: 1 },
      ])
      .execute()
    const gw = countingGateway()
    const error = await rejection(placeAgain(ravi, gw))
    expect(error).toBeInstanceOf(StockNotHeld)
    expect((error as StockNotHeld).status).toBe(400)
    expect((error as StockNotHeld).errors).toEqual({ cart: [CHECKOUT_MESSAGES.notHeld('Ocean vase', 1)] })
    expect((error as StockNotHeld).message).toBe('Ocean vase: only 1 left right now. Please lower the quantity in your cart.')
    expect(gw.calls).toBe(0)
    expect(await db.selectFrom('orders').select('id').where('user_id', '=', ravi.id).execute()).toEqual([])
    expect(await db.selectFrom('stock_holds').select('user_id').where('user_id', '=', ravi.id).execute()).toEqual([])
    // With the vase lowered to what is left, the rest holds.
    await db.updateTable('cart_lines').set({ quantity: 1 }).where('id', '=', 'l1').execute()
    const placed = await placeAgain(ravi, gw)
    expect((await holdsOf(placed.orderId)).map((h) => [h.product_id, h.quantity]).sort()).toEqual([
      ['coaster', 1],
      ['vase', 1],
    ])
  })

  it('names the lines of one product together (they share its stock), and says none are left', async () => {
    await checkout(asha, [{ productId: 'tray', quantity: 2, variety: 'Small' }])
    await addToCart(db, { userId: ravi.id }, { productId: 'coaster', quantity: 1 })
    const cart = await db.selectFrom('carts').select('id').where('user_id', '=', ravi.id).executeTakeFirstOrThrow()
    await db
      .insertInto('cart_lines')
      .values([
        { id: 'l1', cart_id: cart.id, product_id: 'tray', variety_name: 'Small', quantity: 1 },
        { id: 'l2', cart_id: cart.id, product_id: 'tray', variety_name: 'Large', quantity: 1 },
      ])
      .execute()
    const error = await rejection(placeAgain(ravi))
    expect((error as StockNotHeld).errors).toEqual({
      cart: [CHECKOUT_MESSAGES.notHeld('Geode tray (Small) and Geode tray (Large)', 0)],
    })
    expect((error as StockNotHeld).message).toBe(
      'Geode tray (Small) and Geode tray (Large): none left right now (0 available). Please remove it from your cart.',
    )
  })

  it('ignores an expired hold at once (lazily) and the sweep deletes it', async () => {
    const placed = await checkout(asha, [{ productId: 'vase', quantity: 3 }])
    expect((await getProduct(db, 'vase')).totalStock).toBe(0)
    advanceClock(holdMs() - 1)
    expect((await getProduct(db, 'vase')).totalStock).toBe(0)
    advanceClock(1)
    expect(await holdExpiry(db, placed.orderId)).toBeNull()
    expect((await getProduct(db, 'vase')).totalStock).toBe(3)
    // Another shopper may now hold it, before any sweep ran.
    const his = await checkout(ravi, [{ productId: 'vase', quantity: 3 }])
    expect(await holdsOf(his.orderId)).toHaveLength(1)
    expect(await sweepExpiredHolds(db)).toBe(1)
    expect(await holdsOf(placed.orderId)).toEqual([])
    expect(await holdsOf(his.orderId)).toHaveLength(1)
    expect(await sweepExpiredHolds(db)).toBe(0)
  })

  it('refreshes the holds of a retried checkout of the same cart instead of doubling them', async () => {
    const first = await checkout(asha, [{ productId: 'vase', quantity: 2 }])
    // Retried a minute later: the hold runs for the whole hold time from the retry.
    advanceClock(60_000)
    const again = await placeAgain(asha)
    expect(again.orderId).toBe(first.orderId)
    const holds = await holdsOf(first.orderId)
    expect(holds).toEqual([{ product_id: 'vase', quantity: 2, expires_at: new Date(clock.now().getTime() + holdMs()).toISOString() }])
    expect(await db.selectFrom('stock_holds').selectAll().execute()).toHaveLength(1)
    expect((await getProduct(db, 'vase')).totalStock).toBe(1)
    // A retry after the hold ran out holds again, when the stock is there.
    await expireAllHolds()
    expect((await placeAgain(asha)).orderId).toBe(first.orderId)
    expect(await holdExpiry(db, first.orderId)).not.toBeNull()
    // A changed cart is a new checkout: it replaces the shopper's earlier holds.
    await addToCart(db, { userId: asha.id }, { productId: 'coaster', quantity: 1 })
    const bigger = await placeAgain(asha)
    expect(bigger.orderId).not.toBe(first.orderId)
    expect(await holdsOf(first.orderId)).toEqual([])
    expect((await holdsOf(bigger.orderId)).map((h) => h.product_id).sort()).toEqual(['coaster', 'vase'])
  })

  it('releases the holds when the payment fails, and a retry holds again', async () => {
    const placed = await checkout(asha, [{ productId: 'vase', quantity: 3 }])
    await markPaymentFailed(db, placed.gatewayOrder.id, { code: 'BAD_REQUEST_ERROR', description: 'Card declined' })
    expect(await holdsOf(placed.orderId)).toEqual([])
    expect((await getProduct(db, 'vase')).totalStock).toBe(3)
    expect((await placeAgain(asha)).orderId).toBe(placed.orderId)
    expect(await holdsOf(placed.orderId)).toHaveLength(1)
    // releaseHolds (the cancel path) is idempotent.
    await releaseHolds(db, placed.orderId)
    await releaseHolds(db, placed.orderId)
    expect(await holdsOf(placed.orderId)).toEqual([])
  })

  it('cancelling a held unpaid checkout releases its hold at once: another shopper can hold the unit', async () => {
    const placed = await checkout(asha, [{ productId: 'vase', quantity: 3 }])
    expect(await holdsOf(placed.orderId)).toHaveLength(1)
    await db.insertInto('carts').values({ id: 'c-ravi', user_id: ravi.id, updated_at: new Date().toISOString() }).execute()
    await db.insertInto('cart_lines').values({ id: 'l1', cart_id: 'c-ravi', product_id: 'vase', quantity: 1 }).execute()
    expect(await rejection(placeAgain(ravi))).toBeInstanceOf(StockNotHeld)

    expect(await cancelOrder(db, placed.orderId, asha)).toMatchObject({ from: 'pending', to: 'cancelled', refundQueued: false })
    expect(await holdsOf(placed.orderId)).toEqual([])
    // Nothing was taken from the shelf, so nothing goes back: the three are simply free again.
    expect(await shelf('vase')).toBe(3)
    expect((await getProduct(db, 'vase')).totalStock).toBe(3)
    const theirs = await placeAgain(ravi)
    expect((await holdsOf(theirs.orderId)).map((h) => [h.product_id, h.quantity])).toEqual([['vase', 1]])
    // A payment arriving later for the cancelled checkout is not confirmed (it is refunded): it
    // takes no stock and leaves the other shopper's hold alone.
    const warn = console.warn
    console.warn = () => {}
    try {
      expect(await pay(placed.gatewayOrder.id, 'pay_late')).toMatchObject({ refusedFor: 'cancelled', needsRefund: true })
    } finally {
      console.warn = warn
    }
    expect(await shelf('vase')).toBe(3)
    expect(await holdsOf(theirs.orderId)).toHaveLength(1)
  })

  it('paying within the hold gets the goods even when others tried to take the stock meanwhile', async () => {
    // Ravi checked out the last unit earlier, his hold ran out, and he pays late.
    await db.updateTable('products').set({ total_stock: 1 }).where('id', '=', 'vase').execute()
    const late = await checkout(ravi, [{ productId: 'vase', quantity: 1 }])
    await expireAllHolds()
    const mine = await checkout(asha, [{ productId: 'vase', quantity: 1 }])
    // A third shopper is told before paying.
    const mira: SessionUser = { id: 'u-mira', userName: 'Mira', email: 'mira@example.com', role: 'user' }
    await insertUser(mira)
    await expect(addToCart(db, { userId: mira.id }, { productId: 'vase', quantity: 1 })).rejects.toThrow('Only 0 quantity can be added')
    // Ravi's late payment does not take the unit Asha holds (the refunds path takes it from here).
    const lateResult = await pay(late.gatewayOrder.id, 'pay_late')
    expect(lateResult).toMatchObject({ changed: true, needsRefund: true })
    expect(await shelf('vase')).toBe(1)
    // Asha pays within her hold: confirmed, the unit is hers, her hold is consumed.
    const result = await pay(mine.gatewayOrder.id, 'pay_mine')
    expect(result).toMatchObject({ changed: true, needsRefund: false })
    expect(await shelf('vase')).toBe(0)
    expect(await holdsOf(mine.orderId)).toEqual([])
    expect(await db.selectFrom('orders').select(['order_status', 'payment_status', 'needs_refund']).where('id', '=', mine.orderId).executeTakeFirst()).toEqual({
      order_status: 'confirmed',
      payment_status: 'paid',
      needs_refund: 0,
    })
    // A replay changes nothing.
    expect(await pay(mine.gatewayOrder.id, 'pay_mine')).toMatchObject({ changed: false })
    expect(await shelf('vase')).toBe(0)
  })

  it('a late payment whose hold ran out is confirmed when the stock is still there', async () => {
    const placed = await checkout(asha, [{ productId: 'vase', quantity: 2 }])
    await expireAllHolds()
    await sweepExpiredHolds(db)
    expect(await pay(placed.gatewayOrder.id, 'pay_1')).toMatchObject({ changed: true, needsRefund: false })
    expect(await shelf('vase')).toBe(1)
  })

  it('keeps holds across a restart: they live in the database file', async () => {
    const placed = await checkout(asha, [{ productId: 'vase', quantity: 3 }])
    await db.destroy()
    db = openDatabase(testDb.path)
    testDb.db = db
    expect(await holdsOf(placed.orderId)).toEqual([{ product_id: 'vase', quantity: 3, expires_at: expect.any(String) }])
    expect((await getProduct(db, 'vase')).totalStock).toBe(0)
    // Another shopper still cannot take what the hold keeps, after the restart.
    await db.insertInto('carts').values({ id: 'c-ravi', user_id: ravi.id, updated_at: new Date().toISOString() }).execute()
    await db.insertInto('cart_lines').values({ id: 'l1', cart_id: 'c-ravi', product_id: 'vase', quantity: 1 }).execute()
    const error = await rejection(placeAgain(ravi))
    expect((error as StockNotHeld).errors).toEqual({ cart: [CHECKOUT_MESSAGES.notHeld('Ocean vase', 0)] })
  })

  it('RACE: 50 shoppers checking out the last unit at once: exactly one holds it, 49 are told before paying', async () => {
    const N = 50
    await db.updateTable('products').set({ total_stock: 1 }).where('id', '=', 'vase').execute()
    const shoppers: SessionUser[] = Array.from({ length: N }, (_, i) => ({ id: `u-race-${i}`, userName: `Buyer ${i}`, email: `b${i}@example.com`, role: 'user' }))
    for (const shopper of shoppers) {
      await insertUser(shopper)
      await addToCart(db, { userId: shopper.id }, { productId: 'vase', quantity: 1 })
      await addressOf(shopper)
    }
    const gw = countingGateway()
    const started = performance.now()
    const results = await Promise.allSettled(shoppers.map((shopper) => placeAgain(shopper, gw)))
    console.log(`RACE: ${N} concurrent checkouts of the last unit took ${(performance.now() - started).toFixed(1)} ms`)
    const held = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(held).toHaveLength(1)
    expect(refused).toHaveLength(N - 1)
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(StockNotHeld)
      expect(r.reason.errors).toEqual({ cart: [CHECKOUT_MESSAGES.notHeld('Ocean vase', 0)] })
    }
    expect(gw.calls).toBe(1)
    expect(await db.selectFrom('stock_holds').select(['product_id', 'quantity']).execute()).toEqual([{ product_id: 'vase', quantity: 1 }])
    expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(1)
    // The one who holds it pays and gets it.
    const winner = held[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof placeOrder>>>
    expect(await pay(winner.value.gatewayOrder.id, 'pay_winner')).toMatchObject({ needsRefund: false })
    expect(await shelf('vase')).toBe(0)
  })
})

describe('unpaid checkouts are not orders', () => {
  it('stay out of the admin list and the dashboard counts, and have their own view', async () => {
    const unpaid = await checkout(asha, [{ productId: 'vase', quantity: 1 }])
    const paid = await checkout(ravi, [{ productId: 'coaster', quantity: 1 }])
    await pay(paid.gatewayOrder.id, 'pay_1')
    expect((await listAllOrders(db)).items.map((o) => o.id)).toEqual([paid.orderId])
    expect((await listAllOrders(db, { view: 'unpaid' })).items.map((o) => o.id)).toEqual([unpaid.orderId])
    expect((await listAllOrders(db, { view: 'all' })).total).toBe(2)
    // A failed payment is still an unpaid checkout.
    await markPaymentFailed(db, unpaid.gatewayOrder.id)
    expect((await listAllOrders(db, { view: 'unpaid' })).total).toBe(1)
    expect((await listAllOrders(db)).total).toBe(1)
    const board = await dashboard(db)
    expect(board.totalOrders).toBe(1)
    expect(board.latestOrders.map((o) => o.id)).toEqual([paid.orderId])
    expect(board.byStatus.find((s) => s.status === 'pending')?.count).toBe(0)
    expect(board.byStatus.find((s) => s.status === 'confirmed')?.count).toBe(1)
  })

  it("leave the shopper's Order History once abandoned: untouched and holding nothing for the hold time", async () => {
    const window = () => ({ hideUnpaidBefore: abandonedBefore() })
    const age = async (orderId: string) => {
      await db.updateTable('orders').set({ updated_at: PAST }).where('id', '=', orderId).execute()
    }
    const first = await checkout(asha, [{ productId: 'vase', quantity: 1 }])
    expect((await listOrdersOf(db, asha.id, window())).map((o) => o.id)).toEqual([first.orderId])
    // Still holding stock (the order row itself not touched lately): shown, a payment is in progress.
    await age(first.orderId)
    expect((await listOrdersOf(db, asha.id, window())).map((o) => o.id)).toEqual([first.orderId])
    // A failed payment ends the hold but is fresh: shown, the shopper may retry.
    await markPaymentFailed(db, first.gatewayOrder.id)
    expect(await holdsOf(first.orderId)).toEqual([])
    expect((await listOrdersOf(db, asha.id, window())).map((o) => o.id)).toEqual([first.orderId])
    // Left alone past the hold time: abandoned, not an order; every row without the option (the /api list).
    await age(first.orderId)
    expect(await listOrdersOf(db, asha.id, window())).toEqual([])
    expect(await countOrdersOf(db, asha.id, window())).toBe(0)
    expect((await listOrdersOf(db, asha.id)).map((o) => o.id)).toEqual([first.orderId])
    expect(await countOrdersOf(db, asha.id)).toBe(1)
    // Retried: the same checkout is back; then its hold runs out and it is left alone again.
    expect((await placeAgain(asha)).orderId).toBe(first.orderId)
    expect((await listOrdersOf(db, asha.id, window())).map((o) => o.id)).toEqual([first.orderId])
    await expireAllHolds()
    await age(first.orderId)
    expect(await listOrdersOf(db, asha.id, window())).toEqual([])
    // Paid late (the stock was there): an order.
    await pay(first.gatewayOrder.id, 'pay_1')
    expect((await listOrdersOf(db, asha.id, window())).map((o) => [o.id, o.orderStatus])).toEqual([[first.orderId, 'confirmed']])
  })
})

describe('what one shopper, or one address, may hold and start', () => {
  beforeEach(async () => {
    await insertProducts(db, [{ id: 'geode', title: 'Geode bowl', price: 200_000, stock: 50 }])
  })

  it('a shopper with the whole stock in the cart holds none of it: at most MAX_UNITS_PER_ORDER per product; another shopper can still buy', async () => {
    await fillCart(asha, 'geode', 50)
    const gw = countingGateway()
    const error = await rejection(placeAgain(asha, gw))
    expect(error).toBeInstanceOf(Invalid)
    expect((error as Invalid).errors).toEqual({ cart: [CHECKOUT_MESSAGES.overLimit('Geode bowl', 10)] })
    expect((error as Invalid).message).toBe('Geode bowl: at most 10 per order. Please lower the quantity in your cart.')
    expect(gw.calls).toBe(0)
    expect(await db.selectFrom('stock_holds').selectAll().execute()).toEqual([])
    expect(await db.selectFrom('orders').select('id').execute()).toEqual([])
    expect((await getProduct(db, 'geode')).totalStock).toBe(50)
    // Down to the limit, the checkout holds it, and the rest is everyone else's.
    await db.updateTable('cart_lines').set({ quantity: 10 }).where('product_id', '=', 'geode').execute()
    await placeAgain(asha, gw)
    expect(await heldBy('geode')).toEqual({ [asha.id]: 10 })
    expect((await getProduct(db, 'geode')).totalStock).toBe(40)
    const theirs = await checkout(ravi, [{ productId: 'geode', quantity: 10 }])
    expect(await pay(theirs.gatewayOrder.id, 'pay_ravi')).toMatchObject({ changed: true, needsRefund: false })
    expect(await shelf('geode')).toBe(40)
  })

  it('counts the lines of one product together (its varieties share the limit), and the limit follows the configuration', async () => {
    await db.updateTable('products').set({ total_stock: 30 }).where('id', '=', 'tray').execute()
    await fillCart(asha, 'tray', 6, 'Small')
    await fillCart(asha, 'tray', 6, 'Large')
    const error = await rejection(placeAgain(asha))
    expect((error as Invalid).errors).toEqual({ cart: [CHECKOUT_MESSAGES.overLimit('Geode tray (Small) and Geode tray (Large)', 10)] })
    setDomainSettings({ checkout: { maxUnitsPerOrder: 12 } })
    await placeAgain(asha)
    expect(await heldBy('tray')).toEqual({ [asha.id]: 12 })
  })

  it('an address holds at most MAX_UNITS_PER_ORDER of one product across its shoppers (several accounts from one IP)', async () => {
    const mira = await insertShopper('u-mira')
    const home = '203.0.113.7'
    await fillCart(asha, 'geode', 6)
    await placeAgain(asha, gateway, home)
    // Ravi, from the same address, may hold 4 more of it, not 6.
    await fillCart(ravi, 'geode', 6)
    const error = await rejection(placeAgain(ravi, gateway, home))
    expect(error).toBeInstanceOf(StockNotHeld)
    expect((error as StockNotHeld).errors).toEqual({ cart: [CHECKOUT_MESSAGES.heldNearby('Geode bowl', 4, 10)] })
    expect((error as StockNotHeld).message).toBe('Geode bowl: only 4 more can be held from your network right now (10 at most). Please lower the quantity in your cart.')
    expect(await heldBy('geode')).toEqual({ [asha.id]: 6 })
    // From elsewhere he may, and Mira from elsewhere too: the stock is there.
    await placeAgain(ravi, gateway, '198.51.100.20')
    await fillCart(mira, 'geode', 10)
    await placeAgain(mira, gateway, '2001:db8:1:2::9')
    expect(await heldBy('geode')).toEqual({ [asha.id]: 6, [ravi.id]: 6, [mira.id]: 10 })
    // Asha checking out again from home replaces her own holds: they do not count against her.
    await db.updateTable('cart_lines').set({ quantity: 4 }).where('id', '=', `l-${asha.id}-geode-`).execute()
    await placeAgain(asha, gateway, home)
    expect(await heldBy('geode')).toEqual({ [asha.id]: 4, [ravi.id]: 6, [mira.id]: 10 })
    // Once the address's holds end (payment, expiry), the room is back.
    await expireAllHolds()
    await placeAgain(ravi, gateway, home)
    expect(await heldBy('geode')).toEqual({ [ravi.id]: 6 })
  })

  it('a new checkout replaces the shopper\'s earlier unpaid holds, also when two of theirs hold at once', async () => {
    await fillCart(asha, 'geode', 10)
    const first = await placeAgain(asha)
    // Another cart is another checkout: its holds replace the first's.
    await db.updateTable('cart_lines').set({ quantity: 9 }).where('product_id', '=', 'geode').execute()
    const second = await placeAgain(asha)
    expect(second.orderId).not.toBe(first.orderId)
    expect(await heldBy('geode')).toEqual({ [asha.id]: 9 })
    // Both checkouts holding at once (PostgreSQL runs them side by side): one after the other, the
    // last replaces the first; the shopper never holds two carts' worth.
    const line = { productId: 'geode', title: 'Geode bowl', variety: '', color: '', quantity: 10 }
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        [first.orderId, second.orderId].map((orderId) =>
          db.transaction().execute((trx) => holdStock(trx, { orderId, userId: asha.id, lines: [line] })),
        ),
      )
      expect(await heldBy('geode')).toEqual({ [asha.id]: 10 })
    }
    expect((await getProduct(db, 'geode')).totalStock).toBe(40)
  })

  it('limits the unpaid checkouts a shopper starts in an hour (a retry adds none, a paid one frees its place), and those of an address', async () => {
    setDomainSettings({ checkout: { unpaidCheckoutsPerHour: 2 } })
    await fillCart(asha, 'geode', 1)
    const first = await placeAgain(asha)
    await db.updateTable('cart_lines').set({ quantity: 2 }).where('product_id', '=', 'geode').execute()
    const second = await placeAgain(asha)
    expect(second.orderId).not.toBe(first.orderId)
    // A third cart is one unpaid checkout too many: refused before holding, with when to try again.
    await db.updateTable('cart_lines').set({ quantity: 3 }).where('product_id', '=', 'geode').execute()
    const gw = countingGateway()
    const error = await rejection(placeAgain(asha, gw))
    expect(error).toBeInstanceOf(TooManyRequests)
    expect((error as TooManyRequests).status).toBe(429)
    expect((error as TooManyRequests).message).toBe(CHECKOUT_MESSAGES.tooManyUnpaid)
    // Both were started this very moment: the older leaves the hour in exactly an hour.
    expect((error as TooManyRequests).retryAfterSeconds).toBe(3600)
    expect(gw.calls).toBe(0)
    expect(await db.selectFrom('orders').select('id').where('user_id', '=', asha.id).execute()).toHaveLength(2)
    expect(await heldBy('geode')).toEqual({ [asha.id]: 2 })
    // Retrying the cart of an unpaid checkout adds none: allowed.
    await db.updateTable('cart_lines').set({ quantity: 2 }).where('product_id', '=', 'geode').execute()
    expect((await placeAgain(asha)).orderId).toBe(second.orderId)
    // A cancelled unpaid checkout still counts (checkout, cancel, checkout... is no way round).
    await cancelOrder(db, second.orderId, asha)
    await db.updateTable('cart_lines').set({ quantity: 3 }).where('product_id', '=', 'geode').execute()
    expect(await rejection(placeAgain(asha))).toBeInstanceOf(TooManyRequests)
    // Paid, a checkout is no unpaid checkout: its place is free again.
    await db.updateTable('cart_lines').set({ quantity: 1 }).where('product_id', '=', 'geode').execute()
    expect((await placeAgain(asha)).orderId).toBe(first.orderId)
    await pay(first.gatewayOrder.id, 'pay_first')
    await fillCart(asha, 'coaster', 1)
    await placeAgain(asha)
    // An hour later the older ones no longer count.
    advanceClock(61 * 60_000)
    await fillCart(asha, 'vase', 1)
    await placeAgain(asha)

    // An address: SHOPPERS_PER_ADDRESS times a shopper's (here 6), whoever the shoppers are.
    const office = '192.0.2.44'
    const shoppers = await Promise.all(Array.from({ length: 7 }, (_, i) => insertShopper(`u-office-${i}`)))
    for (const shopper of shoppers.slice(0, 6)) {
      await fillCart(shopper, 'coaster', 1)
      await placeAgain(shopper, gateway, office)
    }
    const last = shoppers[6] as SessionUser
    await fillCart(last, 'coaster', 1)
    expect(await rejection(placeAgain(last, gateway, office))).toBeInstanceOf(TooManyRequests)
    await placeAgain(last, gateway, '192.0.2.45')
  })

  it('tells each change of availability: holding, a retry, a failed payment, a payment, a cancel and an expiry', async () => {
    const told: AvailabilityChange[][] = []
    watchAvailability((changes) => told.push(changes))
    const next = () => told.splice(0).flat()
    // Asha holds 2 of the 3 vases.
    await fillCart(asha, 'vase', 2)
    const placed = await placeAgain(asha)
    expect(next()).toEqual([{ productId: 'vase', before: 3, after: 1, byVariant: false }])
    // A retry of the same cart changes nothing shoppers see.
    await placeAgain(asha)
    expect(next()).toEqual([])
    // The payment fails: the 2 are free again; a retry holds them again.
    await markPaymentFailed(db, placed.gatewayOrder.id)
    expect(next()).toEqual([{ productId: 'vase', before: 1, after: 3, byVariant: false }])
    await placeAgain(asha)
    expect(next()).toEqual([{ productId: 'vase', before: 3, after: 1, byVariant: false }])
    // Paid within the hold: the shelf loses what the hold kept; shoppers still see 1.
    await pay(placed.gatewayOrder.id, 'pay_vase')
    expect(next()).toEqual([])
    expect((await getProduct(db, 'vase')).totalStock).toBe(1)
    // Ravi holds the last one and cancels.
    const his = await checkout(ravi, [{ productId: 'vase', quantity: 1 }])
    expect(next()).toEqual([{ productId: 'vase', before: 1, after: 0, byVariant: false }])
    await cancelOrder(db, his.orderId, ravi)
    expect(next()).toEqual([{ productId: 'vase', before: 0, after: 1, byVariant: false }])
    await db.deleteFrom('cart_lines').where('product_id', '=', 'vase').execute()
    // A hold that runs out gives back at once to every query; the sweep tells it.
    const again = await checkout(ravi, [{ productId: 'coaster', quantity: 4 }])
    expect(next()).toEqual([{ productId: 'coaster', before: 10, after: 6, byVariant: false }])
    await expireAllHolds()
    expect(await sweepExpiredHolds(db)).toBe(1)
    expect(next()).toEqual([{ productId: 'coaster', before: 6, after: 10, byVariant: false }])
    expect(await sweepExpiredHolds(db)).toBe(0)
    expect(next()).toEqual([])
    // A new checkout ending the shopper's other holds tells both products.
    await placeAgain(ravi)
    expect(next()).toEqual([{ productId: 'coaster', before: 10, after: 6, byVariant: false }])
    await addToCart(db, { userId: ravi.id }, { productId: 'vase', quantity: 1 })
    await placeAgain(ravi)
    expect(next().sort((a, b) => a.productId.localeCompare(b.productId))).toEqual([{ productId: 'vase', before: 1, after: 0, byVariant: false }])
    expect(again.orderId).toBeDefined()
  })
})
