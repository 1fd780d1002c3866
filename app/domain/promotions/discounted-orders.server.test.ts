// Discounted orders end to end through the fake Razorpay (ADR 073): the Razorpay order asks for
// the discounted total, each line keeps its share, the GST invoice taxes what each line was paid,
// a cancellation refunds what was paid and its credit note says so; a use is held with the stock
// and given back when the checkout is cancelled or fails, and checked again at payment.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers, owner, ravi } from '../../../tests/helpers/fixtures'
import { insertDiscountCode } from '../../../tests/helpers/discount-fixtures'
import { advanceClock, setDomainSettings } from '../../../tests/helpers/domain-settings'
import { saveAddress } from '../../../tests/helpers/payment-fixtures'
import { type FakeRazorpay, startFakeRazorpay } from '../../../tests/fake-razorpay'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import type { SessionUser } from '~/lib/user'
import type { InvoiceDocument } from '~/lib/invoice-document'
import { razorpayGateway } from '~/infra/payment-gateway.server'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { Invalid } from '~/domain/errors'
import { cancelOrder } from '~/domain/orders/order-lifecycle.server'
import type { PaymentGateway } from '~/domain/orders/payment-gateway'
import { markPaymentFailed, PaymentRejected } from '~/domain/orders/payments.server'
import { placeOrder } from '~/domain/orders/place-order.server'
import { runRefunds } from '~/domain/orders/refunds.server'
import { verifyAndConfirm } from '~/domain/orders/verify-payment.server'
import { applyDiscountCode, cartDiscount } from './cart-discount.server'
import { getCart } from '~/domain/cart/cart.server'
import { listDiscountCodes } from './discount-codes.server'

const KEY_SECRET = 'discount-test-secret'
let fake: FakeRazorpay
let gateway: PaymentGateway
let testDb: TestDb
let db: DB

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_SECRET, { keyId: 'rzp_test_discounts' })
  gateway = razorpayGateway({ keyId: 'rzp_test_discounts', keySecret: KEY_SECRET, apiBase: fake.url })
})
afterAll(async () => {
  await fake.stop()
})
beforeEach(async () => {
  fake.newRefundStatus = 'processed'
  testDb = await createTestDb()
  db = testDb.db
  await insertUsers(db, [asha, ravi, owner])
  // A pendant 1,499.00 (jewellery, 3% GST), a tray 999.00 x 2 (home decor); 12% of 3,497.00 = 419.64.
  await insertProducts(db, [
    { id: 'pendant', title: 'Ocean pendant', category: 'jewellery', price: 149_900, stock: 5 },
    { id: 'tray', title: 'Resin tray', category: 'home-decor', price: 99_900, stock: 5 },
  ])
  setDomainSettings({ invoice: { seller: { ...(await import('~/lib/invoice-settings')).DEMO_SELLER, gstin: '29ABCDE1234F1Z5' } } as never })
})
afterEach(async () => {
  await testDb?.cleanup()
})

async function checkout(user: SessionUser, lines: [string, number][], code: string | null, deliveryFeePaise = 0) {
  for (const [productId, quantity] of lines) await addToCart(db, { userId: user.id }, { productId, quantity })
  if (code) await applyDiscountCode(db, { userId: user.id }, await getCart(db, { userId: user.id }), code)
  const address = await saveAddress(db, user)
  return placeOrder(db, gateway, user, { addressId: address.id }, deliveryFeePaise)
}

async function pay(placed: { gatewayOrder: { id: string } }) {
  const { paymentId, signature } = fake.pay(placed.gatewayOrder.id)
  return verifyAndConfirm(db, gateway, { gatewayOrderId: placed.gatewayOrder.id, paymentId, signature })
}

const invoiceOf = async (orderId: string, kind: 'invoice' | 'credit-note' = 'invoice') => {
  const row = await db.selectFrom('invoices').select('document').where('order_id', '=', orderId).where('kind', '=', kind).executeTakeFirstOrThrow()
  return JSON.parse(row.document) as InvoiceDocument
}

describe('the money of a discounted order', () => {
  it('charges Razorpay the discounted total and keeps the code, the saving and each line its share', async () => {
    await insertDiscountCode(db, { code: 'FEST12', value: '12' })
    const placed = await checkout(asha, [['pendant', 1], ['tray', 2]], 'fest12', 9_900)
    // 3,497.00 - 419.64 + 99.00 delivery (never discounted).
    expect(placed.totalAmountPaise).toBe(349_700 - 41_964 + 9_900)
    expect(fake.orders.get(placed.gatewayOrder.id)?.amount).toBe(317_636)
    const order = await db.selectFrom('orders').selectAll().where('id', '=', placed.orderId).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ subtotal_paise: 349_700, discount_code: 'FEST12', discount_paise: 41_964, delivery_fee_paise: 9_900, total_amount_paise: 317_636 })
    const lines = await db.selectFrom('order_lines').select(['product_id', 'unit_price_paise', 'quantity', 'discount_paise']).where('order_id', '=', placed.orderId).orderBy('id').execute()
    // 149,900 : 199,800 of 41,964 is 17,988 : 23,976 exactly.
    expect(lines).toEqual([
      { product_id: 'pendant', unit_price_paise: 149_900, quantity: 1, discount_paise: 17_988 },
      { product_id: 'tray', unit_price_paise: 99_900, quantity: 2, discount_paise: 23_976 },
    ])
  })

  it('taxes each line on what it was paid, and the invoice adds up to the amount paid', async () => {
    await insertDiscountCode(db, { code: 'FEST12', value: '12' })
    const placed = await checkout(asha, [['pendant', 1], ['tray', 2]], 'FEST12', 9_900)
    await pay(placed)
    const invoice = await invoiceOf(placed.orderId)
    expect(invoice.totals.grossPaise).toBe(317_636)
    const [pendant, tray] = invoice.lines
    // The pendant: 1,499.00 - 179.88 = 1,319.12 at 3% (taxable 1,280.70, tax 38.42).
    expect(pendant).toMatchObject({ grossPaise: 131_912, taxablePaise: 128_070, taxPaise: 3842, discountPaise: 17_988 })
    expect(pendant?.details).toContain('Discount FEST12: -₹179.88')
    // The tray: 1,998.00 - 239.76 = 1,758.24, taxed at its own rate on that.
    expect(tray?.grossPaise).toBe(175_824)
    expect((tray?.taxablePaise ?? 0) + (tray?.taxPaise ?? 0)).toBe(175_824)
  })

  it('a cancellation refunds what was paid, and the credit note reverses the discounted lines', async () => {
    await insertDiscountCode(db, { code: 'FLAT500', type: 'fixed', value: '500' })
    const placed = await checkout(asha, [['pendant', 1]], 'FLAT500')
    await pay(placed)
    const order = await db.selectFrom('orders').select(['payment_status', 'order_status', 'total_amount_paise']).where('id', '=', placed.orderId).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ payment_status: 'paid', order_status: 'confirmed', total_amount_paise: 99_900 })
    await cancelOrder(db, placed.orderId, asha)
    await runRefunds(db, () => gateway)
    const refund = await db.selectFrom('refunds').select(['amount_paise', 'status']).where('order_id', '=', placed.orderId).executeTakeFirstOrThrow()
    expect(refund).toEqual({ amount_paise: 99_900, status: 'processed' })
    expect([...fake.refunds.values()].map((r) => r.amount)).toEqual([99_900])
    const note = await invoiceOf(placed.orderId, 'credit-note')
    expect(note.totals.grossPaise).toBe(99_900)
    expect(note.lines[0]).toMatchObject({ unitPricePaise: 149_900, discountPaise: 50_000, grossPaise: 99_900 })
    expect(note.lines[0]?.details).toContain('Discount FLAT500: -₹500.00')
  })
})

describe('a use held with the stock', () => {
  it('is taken by the checkout and given back when it is cancelled unpaid or its payment fails', async () => {
    await insertDiscountCode(db, { code: 'ONCE', maxUses: '1' })
    const first = await checkout(asha, [['pendant', 1]], 'ONCE')
    expect((await listDiscountCodes(db))[0]?.uses).toBe(1)
    // Ravi's cart shows the code used up while Asha's checkout holds it.
    await addToCart(db, { userId: ravi.id }, { productId: 'tray', quantity: 1 })
    await expect(applyDiscountCode(db, { userId: ravi.id }, await getCart(db, { userId: ravi.id }), 'once')).rejects.toMatchObject({
      errors: { code: ['This code has been used up'] },
    })
    await markPaymentFailed(db, first.gatewayOrder.id)
    expect((await listDiscountCodes(db))[0]?.uses).toBe(0)
    await applyDiscountCode(db, { userId: ravi.id }, await getCart(db, { userId: ravi.id }), 'once')
    const address = await saveAddress(db, ravi)
    const second = await placeOrder(db, gateway, ravi, { addressId: address.id }, 0)
    expect(second.totalAmountPaise).toBe(89_910)
    await cancelOrder(db, second.orderId, ravi)
    expect((await listDiscountCodes(db))[0]?.uses).toBe(0)
  })

  it('is given back when the hold expires, and a payment after another took it is rejected and refunded', async () => {
    setDomainSettings({ checkout: { holdMinutes: 15 } })
    await insertDiscountCode(db, { code: 'ONCE', maxUses: '1' })
    const late = await checkout(asha, [['pendant', 1]], 'ONCE')
    advanceClock(16 * 60_000)
    const other = await checkout(ravi, [['tray', 1]], 'ONCE')
    await pay(other)
    // The shopper is told the payment did not go through; the money goes back.
    await expect(pay(late)).rejects.toBeInstanceOf(PaymentRejected)
    const order = await db.selectFrom('orders').select(['order_status', 'payment_status']).where('id', '=', late.orderId).executeTakeFirstOrThrow()
    expect(order).toEqual({ order_status: 'rejected', payment_status: 'paid' })
    expect(await db.selectFrom('refunds').select('amount_paise').where('order_id', '=', late.orderId).executeTakeFirstOrThrow()).toEqual({ amount_paise: 134_910 })
    expect((await listDiscountCodes(db))[0]?.uses).toBe(1)
  })

  it('refuses a checkout whose code stopped fitting, by its reason, placing nothing', async () => {
    await insertDiscountCode(db, { code: 'BIG', minOrder: '1400' })
    await addToCart(db, { userId: asha.id }, { productId: 'pendant', quantity: 1 })
    await applyDiscountCode(db, { userId: asha.id }, await getCart(db, { userId: asha.id }), 'BIG')
    await db.updateTable('discount_codes').set({ min_order_paise: 200_000 }).execute()
    expect(await cartDiscount(db, { userId: asha.id }, await getCart(db, { userId: asha.id }))).toMatchObject({ applies: false })
    const address = await saveAddress(db, asha)
    const refused = placeOrder(db, gateway, asha, { addressId: address.id }, 0)
    await expect(refused).rejects.toBeInstanceOf(Invalid)
    await expect(refused).rejects.toMatchObject({ errors: { discount: ['BIG no longer applies: Add ₹501.00 more to use this code'] } })
    expect(await db.selectFrom('orders').select('id').execute()).toEqual([])
  })

  it('lets go of the cart\'s code once its order is paid', async () => {
    await insertDiscountCode(db, { code: 'ONCE', maxUsesPerUser: '1' })
    await pay(await checkout(asha, [['pendant', 1]], 'ONCE'))
    const cart = await db.selectFrom('carts').select('discount_code').where('user_id', '=', asha.id).executeTakeFirstOrThrow()
    expect(cart.discount_code).toBeNull()
  })
})
