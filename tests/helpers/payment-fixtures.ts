// Orders placed through a gateway the way a shopper places them (cart filled, address saved,
// checkout), signed payment results, and the rows tests read back, for the tests of placing,
// paying and refunding orders.
import type { DB } from '../../db/database'
import type { SessionUser } from '../../app/lib/user'
import { addressSchema } from '../../app/schemas/address'
import { addAddress } from '../../app/domain/accounts/addresses.server'
import { addToCart } from '../../app/domain/cart/cart-edits.server'
import type { PaymentGateway } from '../../app/domain/orders/payment-gateway'
import { placeOrder } from '../../app/domain/orders/place-order.server'
import { moveOrder } from '../../app/domain/orders/order-lifecycle.server'
import { verifyAndConfirm } from '../../app/domain/orders/verify-payment.server'
import type { FakeRazorpay } from '../fake-razorpay'
import { paymentSignature, testGateway } from '../../app/infra/payment-gateway.server'
import { asha, insertProducts, insertUsers, ravi } from './fixtures'

/** The secret the payment tests' TEST MODE gateway signs results with. */
export const PAYMENT_SECRET = 'payments-test-secret'

/** The TEST MODE gateway the payment tests pay through. */
export const testShopGateway = testGateway(PAYMENT_SECRET)

/**
 * The shop the payment tests pay in: Asha and Ravi, a pendant (1,200.00, 5 in stock) and a coaster
 * (300.00, Round or Square, 10 in stock).
 */
export async function insertPaymentShop(db: DB): Promise<void> {
  await insertUsers(db, [asha, ravi])
  await insertProducts(db, [
    { id: 'pendant', category: 'jewellery', price: 120_000, stock: 5 },
    {
      id: 'coaster',
      category: 'jewellery',
      price: 30_000,
      stock: 10,
      varietyType: 'choice',
      varieties: [
        { name: 'Round', price: 30_000 },
        { name: 'Square', price: 30_000 },
      ],
    },
  ])
}

/** A saved address in Bengaluru for the user (`overrides` for the fields a test is about). */
export function saveAddress(db: DB, user: SessionUser, overrides: Record<string, unknown> = {}) {
  return addAddress(
    db,
    user.id,
    addressSchema.parse({
      addressLine: `${user.userName}'s flat, 12 MG Road`,
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      phone: '9876543210',
      landmark: 'Opposite the park',
      ...overrides,
    }),
  )
}

/** Puts the lines in the user's cart, saves an address and places the order through the gateway. */
export async function placeOrderFor(
  db: DB,
  gateway: PaymentGateway,
  user: SessionUser,
  lines: { productId: string; quantity: number; variety?: string }[],
  deliveryFeePaise = 0,
) {
  for (const line of lines) await addToCart(db, { userId: user.id }, line)
  const address = await saveAddress(db, user)
  return placeOrder(db, gateway, user, { addressId: address.id }, deliveryFeePaise)
}

/** A payment result as the provider signs it for the browser (HMAC of "order_id|payment_id"). */
export function signedResult(gatewayOrderId: string, paymentId: string, secret = PAYMENT_SECRET) {
  return { gatewayOrderId, paymentId, signature: paymentSignature(gatewayOrderId, paymentId, secret) }
}

export async function stockOf(db: DB, productId: string): Promise<number> {
  const row = await db.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirstOrThrow()
  return row.total_stock
}

export function orderRow(db: DB, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
}

/** Everything paying an order may change, to show that a refused payment changed nothing. */
export async function paymentSnapshot(db: DB) {
  return {
    orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
    products: await db.selectFrom('products').select(['id', 'total_stock']).orderBy('id').execute(),
    cartLines: await db.selectFrom('cart_lines').selectAll().orderBy('id').execute(),
    history: await db.selectFrom('order_status_history').selectAll().orderBy('id').execute(),
    payments: await db.selectFrom('payments').selectAll().orderBy('id').execute(),
  }
}

/**
 * An order paid through the fake Razorpay (the real SDK, `gateway` pointed at `fake`) and moved by the
 * owner to delivered: the start of every return and of the refunds after it (returns and their property test).
 */
export async function paidDeliveredOrder(
  db: DB,
  gateway: PaymentGateway,
  fake: Pick<FakeRazorpay, 'pay'>,
  user: SessionUser,
  lines: { productId: string; quantity: number; variety?: string }[],
  deliveryFeePaise = 0,
): Promise<{ orderId: string; paymentId: string }> {
  const placed = await placeOrderFor(db, gateway, user, lines, deliveryFeePaise)
  const { paymentId, signature } = fake.pay(placed.gatewayOrder.id)
  await verifyAndConfirm(db, gateway, { gatewayOrderId: placed.gatewayOrder.id, paymentId, signature })
  for (const to of ['inProcess', 'inShipping', 'delivered'] as const) await moveOrder(db, placed.orderId, to, 'admin', { changedBy: 'u-owner' })
  return { orderId: placed.orderId, paymentId }
}
