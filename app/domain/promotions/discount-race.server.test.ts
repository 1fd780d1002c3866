// A one-use code and 50 checkouts at once (ADR 073): exactly one order is discounted, the others
// are told the code is used up and nothing of theirs is placed; paying the one keeps it at one use.
// `npm run test:pg` runs it on PostgreSQL, where the checkouts run side by side.
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { insertDiscountCode } from '../../../tests/helpers/discount-fixtures'
import { saveAddress } from '../../../tests/helpers/payment-fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { testGateway } from '~/infra/payment-gateway.server'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { getCart } from '~/domain/cart/cart.server'
import { Invalid } from '~/domain/errors'
import { placeOrder } from '~/domain/orders/place-order.server'
import { confirmPayment } from '~/domain/orders/payments.server'
import { DISCOUNT_MESSAGES } from '~/lib/discounts'
import { applyDiscountCode } from './cart-discount.server'
import { listDiscountCodes } from './discount-codes.server'

const SHOPPERS = 50
const shoppers = Array.from({ length: SHOPPERS }, (_, i) => ({ id: `u${i}`, userName: `Shopper ${i}`, email: `s${i}@example.com`, role: 'user' as const }))
const gateway = testGateway('discount-race-secret')
const addresses: string[] = []

let db: DB
withTestDb(
  async (fresh) => {
    db = fresh
    await insertUsers(db, shoppers)
    await insertProducts(db, [{ id: 'pendant', price: 100_000, stock: 500 }])
    await insertDiscountCode(db, { code: 'LASTONE', value: '50', maxUses: '1' })
    addresses.length = 0
    for (const user of shoppers) {
      await addToCart(db, { userId: user.id }, { productId: 'pendant', quantity: 1 })
      await applyDiscountCode(db, { userId: user.id }, await getCart(db, { userId: user.id }), 'lastone')
      addresses.push((await saveAddress(db, user)).id)
    }
    // Open the pool's connections now, so the checkouts below really run side by side on PostgreSQL.
    await Promise.all(Array.from({ length: 10 }, () => sql`select 1`.execute(db)))
  },
  { timeout: 60_000 },
)

it(`discounts exactly one of ${SHOPPERS} checkouts at once on a one-use code`, async () => {
  const started = performance.now()
  const results = await Promise.allSettled(shoppers.map((user, i) => placeOrder(db, gateway, user, { addressId: addresses[i] }, 0)))
  const placed = results.filter((r) => r.status === 'fulfilled')
  expect(placed).toHaveLength(1)
  for (const r of results) {
    if (r.status === 'rejected') {
      expect(r.reason).toBeInstanceOf(Invalid)
      expect((r.reason as Invalid).errors).toEqual({ discount: [DISCOUNT_MESSAGES.usedUp] })
    }
  }
  const orders = await db.selectFrom('orders').select(['id', 'discount_paise', 'total_amount_paise', 'gateway_order_id']).execute()
  expect(orders).toEqual([expect.objectContaining({ discount_paise: 50_000, total_amount_paise: 50_000 })])
  expect((await listDiscountCodes(db))[0]?.uses).toBe(1)
  await confirmPayment(db, { gatewayOrderId: orders[0]?.gateway_order_id as string, paymentId: 'pay_1', amountPaise: 50_000, source: 'test' })
  expect((await listDiscountCodes(db))[0]?.uses).toBe(1)
  console.info(`discount race: ${SHOPPERS} checkouts, ${placed.length} discounted, ${results.length - placed.length} told it is used up, ${Math.round(performance.now() - started)} ms`)
}, 60_000)
