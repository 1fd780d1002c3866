// Packing slips (ADR 072): what a slip of a paid order says (ship-to, the note, each line's choice,
// quantity, SKU and personalisation as bought), which orders have one, the batch's cap, the orders
// still to pack in dispatch order, and Hindi and Tamil names end to end into the slip's and the
// invoice's PDFs (pdftotext), the invoice with the order's dispatch day.
import { execFileSync } from 'node:child_process'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertUsers, ravi } from '../../../tests/helpers/fixtures'
import { saveAddress } from '../../../tests/helpers/payment-fixtures'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { testGateway } from '~/infra/payment-gateway.server'
import { pdfInvoiceWriter } from '~/infra/pdf/invoice-pdf.server'
import { packingSlipPdf } from '~/infra/pdf/packing-slip-pdf.server'
import { formatDispatchDay } from '~/lib/dispatch'
import { PACKING_SLIP_BATCH, PACKING_SLIP_MESSAGES } from '~/lib/packing-slip'
import type { SessionUser } from '~/lib/user'
import { productSchema } from '~/schemas/product'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { createProduct } from '~/domain/catalog/admin-products.server'
import { Invalid, NotFound } from '~/domain/errors'
import { orderDocumentPdf } from './invoices.server'
import { listOrdersToPack, packingSlips } from './packing-slips.server'
import { confirmPayment } from './payments.server'
import { placeOrder } from './place-order.server'

let testDb: TestDb
let db: DB
const gateway = testGateway('packing-slip-test-secret')
const NAME = 'Name to engrave'
const studio = { legalName: 'Resin Craft Studio', address: ['12 Lavelle Road', 'Bengaluru 560001'] }

async function products() {
  const bookmark = await createProduct(
    db,
    productSchema.parse({
      title: 'Name bookmark',
      description: 'Pressed flowers and a name',
      category: 'gifting-memories',
      price: 249,
      totalStock: 0,
      varietyType: 'size',
      varieties: [
        { name: 'Slim', price: 249, stock: 20 },
        { name: 'Wide', price: 299, stock: 20 },
      ],
      colors: ['Teal'],
      personalization: [{ label: NAME, kind: 'text', maxLength: 30, required: true }],
    }),
  )
  const coaster = await createProduct(
    db,
    productSchema.parse({ title: 'Ocean coaster', description: 'Resin and sand', category: 'home-decor', price: 499, totalStock: 20 }),
  )
  await db.updateTable('product_variants').set({ sku: 'BM-SLIM' }).where('product_id', '=', bookmark.id).where('variety_name', '=', 'Slim').execute()
  await db.updateTable('products').set({ sku: 'CST-OCEAN' }).where('id', '=', coaster.id).execute()
  return { bookmark, coaster }
}

/** A placed order of `user` for the lines, paid unless told otherwise; answers its id. */
async function order(user: SessionUser, lines: Parameters<typeof addToCart>[2][], { paid = true, address = {} as Record<string, unknown> } = {}) {
  for (const line of lines) await addToCart(db, { userId: user.id }, line)
  const saved = await saveAddress(db, user, address)
  const placed = await placeOrder(db, gateway, user, { addressId: saved.id }, 0)
  if (paid) await confirmPayment(db, { gatewayOrderId: placed.gatewayOrder.id, paymentId: `pay_${placed.orderId}`, amountPaise: null, source: 'test' })
  return placed.orderId
}

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await insertUsers(db, [asha, ravi])
})

afterEach(async () => {
  await testDb?.cleanup()
})

describe('packingSlips', () => {
  it('gives each line its choice, quantity, SKU and personalisation as bought, with the ship-to, the note and the dispatch day', async () => {
    const { bookmark, coaster } = await products()
    const orderId = await order(
      asha,
      [
        { productId: bookmark.id, variety: 'Slim', color: 'Teal', quantity: 2, personalization: { [NAME]: 'प्रिया क्षत्रिय' } },
        { productId: bookmark.id, variety: 'Wide', color: 'Teal', personalization: { [NAME]: 'ஸ்ரீ லக்ஷ்மி' } },
        { productId: coaster.id, quantity: 1 },
      ],
      { address: { name: 'மீனா', notes: 'Gift: no invoice in the box', phone: '9845012345' } },
    )
    const row = await db.selectFrom('orders').select(['number', 'order_date', 'dispatch_by']).where('id', '=', orderId).executeTakeFirstOrThrow()
    const [slip] = await packingSlips(db, [orderId], studio)
    expect(slip).toEqual({
      orderNumber: row.number,
      orderDate: row.order_date,
      dispatchBy: row.dispatch_by,
      testMode: true,
      studio: { name: 'Resin Craft Studio', lines: ['12 Lavelle Road', 'Bengaluru 560001'] },
      shipTo: { name: 'மீனா', lines: ["Asha's flat, 12 MG Road", 'Opposite the park', 'Bengaluru 560001', 'Karnataka, India'], phone: '9845012345' },
      note: 'Gift: no invoice in the box',
      lines: [
        { title: 'Name bookmark', choice: ['Size: Slim', 'Colour: Teal'], quantity: 2, sku: 'BM-SLIM', personalization: [[NAME, 'प्रिया क्षत्रिय']] },
        // The Wide size has no SKU of its own, and the product none either.
        { title: 'Name bookmark', choice: ['Size: Wide', 'Colour: Teal'], quantity: 1, sku: null, personalization: [[NAME, 'ஸ்ரீ லக்ஷ்மி']] },
        { title: 'Ocean coaster', choice: [], quantity: 1, sku: 'CST-OCEAN', personalization: [] },
      ],
    })
    expect(row.dispatch_by).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    // End to end into the PDF: the names come back out of it.
    const text = execFileSync('pdftotext', ['-', '-'], { input: await packingSlipPdf([slip as never]) }).toString('utf8')
    for (const words of ['प्रिया क्षत्रिय', 'ஸ்ரீ லக்ஷ்மி', 'மீனா', 'SKU: BM-SLIM', 'SKU: CST-OCEAN', 'Gift: no invoice in the box']) expect(text).toContain(words)

    // And into the invoice issued at payment, with the order's dispatch day.
    const invoice = await orderDocumentPdf(db, pdfInvoiceWriter, orderId, 'invoice', asha)
    const invoiceText = execFileSync('pdftotext', ['-', '-'], { input: invoice.content }).toString('utf8')
    for (const words of ['प्रिया क्षत्रिय', 'ஸ்ரீ லக்ஷ்மி', 'மீனா', 'Dispatch by', formatDispatchDay(row.dispatch_by ?? '')]) expect(invoiceText).toContain(words)
  })

  it('keeps what was bought when the owner later renames the option or changes the SKU, but prints today\'s SKU', async () => {
    const { bookmark } = await products()
    const orderId = await order(asha, [{ productId: bookmark.id, variety: 'Slim', color: 'Teal', personalization: { [NAME]: 'Asha' } }])
    await db.updateTable('product_variants').set({ sku: 'BM-S2' }).where('product_id', '=', bookmark.id).where('variety_name', '=', 'Slim').execute()
    await db.updateTable('products').set({ option_label: 'Width', title: 'Renamed' }).where('id', '=', bookmark.id).execute()
    const [slip] = await packingSlips(db, [orderId], studio)
    expect(slip?.lines[0]).toMatchObject({ title: 'Name bookmark', choice: ['Size: Slim', 'Colour: Teal'], sku: 'BM-S2' })
  })

  it('puts several orders soonest dispatch first, each once', async () => {
    const { coaster } = await products()
    const first = await order(asha, [{ productId: coaster.id }])
    const second = await order(ravi, [{ productId: coaster.id }])
    await db.updateTable('orders').set({ dispatch_by: '2026-12-10' }).where('id', '=', first).execute()
    await db.updateTable('orders').set({ dispatch_by: '2026-12-02' }).where('id', '=', second).execute()
    const slips = await packingSlips(db, [first, second, first], studio)
    expect(slips.map((s) => s.dispatchBy)).toEqual(['2026-12-02', '2026-12-10'])
  })

  it('refuses none, more than a batch, an unknown order, and one that is unpaid or will not be sent', async () => {
    const { coaster } = await products()
    const unpaid = await order(asha, [{ productId: coaster.id }], { paid: false })
    const paid = await order(ravi, [{ productId: coaster.id }])
    await expect(packingSlips(db, [], studio)).rejects.toThrow(new Invalid({ order: [PACKING_SLIP_MESSAGES.none] }))
    const many = Array.from({ length: PACKING_SLIP_BATCH + 1 }, (_, i) => `order-${i}`)
    await expect(packingSlips(db, many, studio)).rejects.toThrow(PACKING_SLIP_MESSAGES.tooMany)
    await expect(packingSlips(db, [paid, 'no-such-order'], studio)).rejects.toBeInstanceOf(NotFound)
    await expect(packingSlips(db, [paid, unpaid], studio)).rejects.toThrow(PACKING_SLIP_MESSAGES.notPackable)
    await db.updateTable('orders').set({ order_status: 'rejected' }).where('id', '=', paid).execute()
    await expect(packingSlips(db, [paid], studio)).rejects.toThrow(PACKING_SLIP_MESSAGES.notPackable)
  })
})

describe('listOrdersToPack', () => {
  it('lists paid orders not yet shipped, soonest dispatch first and those without a day last', async () => {
    const { coaster } = await products()
    const late = await order(asha, [{ productId: coaster.id }])
    const soon = await order(ravi, [{ productId: coaster.id }])
    const undated = await order(asha, [{ productId: coaster.id }])
    const shipped = await order(ravi, [{ productId: coaster.id }])
    await order(asha, [{ productId: coaster.id }], { paid: false })
    await db.updateTable('orders').set({ dispatch_by: '2026-12-10' }).where('id', '=', late).execute()
    await db.updateTable('orders').set({ dispatch_by: '2026-12-02', order_status: 'inProcess' }).where('id', '=', soon).execute()
    await db.updateTable('orders').set({ dispatch_by: null }).where('id', '=', undated).execute()
    await db.updateTable('orders').set({ order_status: 'inShipping' }).where('id', '=', shipped).execute()
    const list = await listOrdersToPack(db)
    expect(list.items.map((o) => o.id)).toEqual([soon, late, undated])
    expect(list.total).toBe(3)
    expect(list.pageSize).toBe(PACKING_SLIP_BATCH)
  })
})
