import { describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { asha, insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { withTestDb } from '../../../tests/helpers/test-db'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { NotFound } from '~/domain/errors'
import { includedTaxPaise } from '~/domain/orders/included-tax.server'
import { getCart } from '~/domain/cart/cart.server'
import { computeTaxBreakdown } from '~/lib/gst'
import { domainSettings } from '~/domain/settings.server'
import { quoteCartDelivery, quoteProductDelivery } from './delivery-quote.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha])
  await insertProducts(db, [{ id: 'pendant', category: 'jewellery', price: 120_000 }])
})

// Wednesday 2 Dec 2026, 10:00 in India: a ready-to-ship piece leaves the next working day (Thu 3 Dec).
const AT = new Date('2026-12-02T04:30:00Z')

describe('the delivery quote', () => {
  it('tells Bengaluru (city, 2 days) and Imphal (North-East, 7 days) their fee and day for a product', async () => {
    expect(await quoteProductDelivery(db, { zones: true }, { productId: 'pendant', toPincode: '560038' }, AT)).toEqual({
      serviceable: true,
      feePaise: 4000,
      estimatedDelivery: '2026-12-05',
    })
    expect(await quoteProductDelivery(db, { zones: true }, { productId: 'pendant', toPincode: '795001' }, AT)).toEqual({
      serviceable: true,
      feePaise: 9500,
      estimatedDelivery: '2026-12-11',
    })
    expect(await rejection(quoteProductDelivery(db, { zones: true }, { productId: 'gone', toPincode: '560038' }, AT))).toBeInstanceOf(NotFound)
  })

  it("prices the shopper's cart as checkout does, and says when a courier does not serve the pincode", async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'pendant', quantity: 2 })
    expect(await quoteCartDelivery(db, { zones: true }, { userId: asha.id }, '795001', AT)).toEqual({ serviceable: true, feePaise: 9500, estimatedDelivery: '2026-12-11' })
    expect(await quoteCartDelivery(db, { zones: true, courier: { quote: async () => [] } }, { userId: asha.id }, '795001', AT)).toEqual({
      serviceable: false,
      feePaise: 0,
      estimatedDelivery: null,
    })
  })
})

describe('the GST included in a checkout', () => {
  it('is what the invoice works out for the lines and the delivery', async () => {
    await addToCart(db, { userId: asha.id }, { productId: 'pendant', quantity: 1 })
    const cart = await getCart(db, { userId: asha.id })
    const tax = await includedTaxPaise(db, { cart, discount: null, deliveryFeePaise: 9500, shippingState: 'Manipur' })
    const jewellery = domainSettings().invoice.categories.jewellery
    const invoice = computeTaxBreakdown({
      mode: 'inter',
      deliveryFeePaise: 9500,
      lines: [{ ...jewellery, description: 'Resin pendant', details: [], quantity: 1, unitPricePaise: 120_000 }],
    })
    expect(tax).toBe(invoice.totals.taxPaise)
    expect(tax).toBeGreaterThan(0)
  })
})
