// The price breakup before payment (issue 32): a placed order's breakup, which the TEST MODE payment
// page shows, adds up to what is charged and names the GST the invoice then prints.
import { describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { insertProducts } from '../../../tests/helpers/fixtures'
import { placeOrderFor, signedResult, testShopGateway as gateway } from '../../../tests/helpers/payment-fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { withTestDb } from '../../../tests/helpers/test-db'
import { registerUser } from '~/domain/accounts/accounts.server'
import { NotFound } from '~/domain/errors'
import type { InvoiceDocument } from '~/lib/invoice-document'
import { orderBreakup } from './included-tax.server'
import { verifyAndConfirm } from './verify-payment.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertProducts(db, [
    { id: 'pendant', category: 'jewellery', price: 120_000, stock: 5 },
    { id: 'coaster', category: 'home-decor', price: 45_000, stock: 5 },
  ])
})

describe("a placed order's price breakup", () => {
  it('lists its pieces, items, delivery and total as charged, and the GST its invoice prints', async () => {
    const user = await registerUser(db, { userName: 'Meera Iyer', email: 'meera@example.com', password: 'secret-pass-1' })
    const placed = await placeOrderFor(
      db,
      gateway,
      user,
      [
        { productId: 'pendant', quantity: 1 },
        { productId: 'coaster', quantity: 2 },
      ],
      6_000,
    )
    const breakup = await orderBreakup(db, placed.orderId)
    expect(breakup.lines.map((line) => [line.quantity, line.totalPaise])).toEqual([
      [1, 120_000],
      [2, 90_000],
    ])
    expect(breakup).toMatchObject({ itemsPaise: 210_000, discount: null, deliveryFeePaise: 6_000, totalPaise: 216_000 })
    expect(breakup.taxPaise).toBeGreaterThan(0)

    await verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, 'pay_breakup'))
    const invoice = await db.selectFrom('invoices').select('document').where('order_id', '=', placed.orderId).executeTakeFirstOrThrow()
    const document = JSON.parse(invoice.document) as InvoiceDocument
    expect(document.totals.grossPaise).toBe(breakup.totalPaise)
    expect(document.totals.taxPaise).toBe(breakup.taxPaise)
  })

  it('is NotFound for an order that does not exist', async () => {
    expect(await rejection(orderBreakup(db, 'no-such-order'))).toBeInstanceOf(NotFound)
  })
})
