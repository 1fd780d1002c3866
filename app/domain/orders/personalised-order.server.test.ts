// A personalised piece end to end (docs/decisions/069-personalised-pieces.md): two names on one
// variant are two cart lines, the order keeps each name as bought (a later edit of the product's
// fields changes nothing), the add-on is in the total and the GST split, and the names reach the
// confirmation mail and the invoice PDF (read back with poppler's pdftotext).
import { execFileSync } from 'node:child_process'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { asha, insertUsers } from '../../../tests/helpers/fixtures'
import { saveAddress } from '../../../tests/helpers/payment-fixtures'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { testGateway } from '~/infra/payment-gateway.server'
import { pdfInvoiceWriter } from '~/infra/pdf/invoice-pdf.server'
import { productSchema } from '~/schemas/product'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { getCart } from '~/domain/cart/cart.server'
import { createProduct, updateProduct } from '~/domain/catalog/admin-products.server'
import { orderDocumentPdf } from './invoices.server'
import { cancelOrder } from './order-lifecycle.server'
import { getOrderDetail } from './order-reads.server'
import { placeOrder } from './place-order.server'
import { confirmPayment } from './payments.server'

let testDb: TestDb
let db: DB
const gateway = testGateway('personalised-test-secret')
const NAME = 'Name to engrave'

const bookmarkInput = (personalization: unknown[]) =>
  productSchema.parse({
    title: 'Name bookmark',
    description: 'Pressed flowers and a name',
    category: 'gifting-memories',
    price: 249,
    totalStock: 0,
    varietyType: 'size',
    varieties: [{ name: 'Slim', price: 249, stock: 5 }],
    personalization,
  })

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await insertUsers(db, [asha])
})

afterEach(async () => {
  await testDb?.cleanup()
})

it('carries each name from the cart into the order, the mail and the invoice PDF, priced by the server', async () => {
  const fields = [
    { label: NAME, kind: 'text', maxLength: 20, required: true, pricePaise: 5_000 },
    { label: 'Date', kind: 'date', required: false },
  ]
  const bookmark = await createProduct(db, bookmarkInput(fields))
  const owner = { userId: asha.id }
  await addToCart(db, owner, { productId: bookmark.id, variety: 'Slim', personalization: { [NAME]: 'Priya', Date: '2026-02-14' } })
  await addToCart(db, owner, { productId: bookmark.id, variety: 'Slim', quantity: 2, personalization: { [NAME]: 'Meera' } })
  const cart = await getCart(db, owner)
  expect(cart.items.map((line) => [line.personalization[NAME], line.quantity, line.unitPricePaise])).toEqual([
    ['Priya', 1, 29_900],
    ['Meera', 2, 29_900],
  ])
  expect(cart.totalPaise).toBe(89_700)

  const address = await saveAddress(db, asha)
  const placed = await placeOrder(db, gateway, asha, { addressId: address.id }, 0)
  expect(placed.totalAmountPaise).toBe(89_700)
  await confirmPayment(db, { gatewayOrderId: placed.gatewayOrder.id, paymentId: 'pay_personal', amountPaise: null, source: 'test' })
  // The variant's stock moved once for both lines.
  const slim = await db.selectFrom('product_variants').select('stock').where('product_id', '=', bookmark.id).executeTakeFirstOrThrow()
  expect(slim.stock).toBe(2)
  // Both lines left the cart.
  expect((await getCart(db, owner)).items).toEqual([])

  // The owner renames the field and drops the date: the order keeps what was bought.
  await updateProduct(db, bookmark.id, bookmarkInput([{ label: 'Engraving', maxLength: 10, required: true }]))
  const order = await getOrderDetail(db, placed.orderId, asha)
  expect(order.lines.map((line) => line.personalization)).toEqual([{ [NAME]: 'Priya', Date: '2026-02-14' }, { [NAME]: 'Meera' }])

  const mail = await db.selectFrom('mail_outbox').select(['text', 'html']).where('to_address', '=', asha.email).executeTakeFirstOrThrow()
  expect(mail.text).toContain(`${NAME}: Priya, Date: 2026-02-14`)
  expect(mail.html).toContain(`${NAME}: Meera`)

  const pdf = await orderDocumentPdf(db, pdfInvoiceWriter, placed.orderId, 'invoice', asha)
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.content }).toString('utf8')
  expect(text).toContain(`${NAME}: Priya`)
  expect(text).toContain('Date: 2026-02-14')
  expect(text).toContain(`${NAME}: Meera`)
  expect(text).toMatch(/Total\s+₹897.00/)

  // Cancelled: both lines go back to the one variant (the owner's edit set it to 5 meanwhile), and the refund is the total.
  await cancelOrder(db, placed.orderId, asha)
  const back = await db.selectFrom('product_variants').select('stock').where('product_id', '=', bookmark.id).executeTakeFirstOrThrow()
  expect(back.stock).toBe(5 + 3)
  const refund = await db.selectFrom('refunds').select('amount_paise').where('order_id', '=', placed.orderId).executeTakeFirstOrThrow()
  expect(refund.amount_paise).toBe(89_700)
})
