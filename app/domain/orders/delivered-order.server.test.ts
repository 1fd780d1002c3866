// Issue 30 (ADR 085): an order is charged the delivery to its address's pincode, kept on the order row
// (and so its invoice), and an address no courier serves is refused before anything is held or paid.
import { describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { asha, insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { saveAddress } from '../../../tests/helpers/payment-fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { withTestDb } from '../../../tests/helpers/test-db'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { Invalid } from '~/domain/errors'
import type { CourierService } from '~/domain/shipping/courier'
import { testGateway } from '~/infra/payment-gateway.server'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { placeOrder } from './place-order.server'

let db: DB
const gateway = testGateway('delivered-order-secret')
withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha])
  await insertProducts(db, [{ id: 'pendant', category: 'jewellery', price: 120_000, stock: 5 }])
  await addToCart(db, { userId: asha.id }, { productId: 'pendant', quantity: 1 })
})

async function orderRow(orderId: string) {
  return db.selectFrom('orders').select(['delivery_fee_paise', 'total_amount_paise']).where('id', '=', orderId).executeTakeFirstOrThrow()
}

describe('an order delivered by zone', () => {
  it('charges Imphal the North-East rate and Bengaluru the city rate, and keeps the fee on the order', async () => {
    const imphal = await saveAddress(db, asha, { city: 'Imphal', state: 'Manipur', pincode: '795001' })
    const placed = await placeOrder(db, gateway, asha, { addressId: imphal.id }, { zones: true })
    expect(placed.totalAmountPaise).toBe(120_000 + 9_500)
    expect(await orderRow(placed.orderId)).toEqual({ delivery_fee_paise: 9_500, total_amount_paise: 129_500 })

    const home = await saveAddress(db, asha, { pincode: '560038' })
    const again = await placeOrder(db, gateway, asha, { addressId: home.id }, { zones: true })
    expect(again.orderId).not.toBe(placed.orderId)
    expect(await orderRow(again.orderId)).toEqual({ delivery_fee_paise: 4_000, total_amount_paise: 124_000 })
  })

  it('refuses an address no courier serves next to the address, with no order and no hold', async () => {
    const remote = await saveAddress(db, asha, { city: 'Port Blair', state: 'Andaman and Nicobar Islands', pincode: '744101' })
    const none: CourierService = { quote: async () => [] }
    const error = await rejection(placeOrder(db, gateway, asha, { addressId: remote.id }, { zones: true, courier: none }))
    expect(error).toBeInstanceOf(Invalid)
    expect((error as Invalid).errors).toEqual({ addressId: [CHECKOUT_MESSAGES.notServiceable('744101')] })
    expect(await db.selectFrom('orders').select('id').execute()).toEqual([])
    expect(await db.selectFrom('stock_holds').select('order_id').execute()).toEqual([])
  })
})
