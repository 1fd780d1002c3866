// Invoices and credit notes on a real SQLite file: issued in the payment's transaction, gapless
// numbers per series and financial year under concurrent payments, and the PDFs read back as text
// with poppler's pdftotext.
import { execFileSync } from 'node:child_process'
import { insertProducts, insertUsers, ravi } from '../../../tests/helpers/fixtures'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { pdfInvoiceWriter } from '~/infra/pdf/invoice-pdf.server'
import type { DB } from '../../../db/database'
import type { Category } from '~/lib/catalog'
import { DEMO_SELLER, type InvoiceSettings, parseInvoiceSettings } from '~/lib/invoice-settings'
import type { SessionUser } from '~/lib/user'
import { NotFound } from '~/domain/errors'
import {
  assignInvoiceNumber,
  issueCreditNote,
  orderDocumentPdf,
  orderDocuments,
  renderCreditNotePdf,
  renderInvoicePdf,
  takeNextSequence,
} from './invoices.server'
import { nextOrderNumber } from './place-order.server'
import { confirmPayment } from './payments.server'

const asha: SessionUser = { id: 'u-asha', userName: 'Asha Rao', email: 'asha@example.com', role: 'user' }
const admin: SessionUser = { id: 'u-admin', userName: 'Owner', email: 'owner@example.com', role: 'admin' }
const demo: InvoiceSettings = parseInvoiceSettings({})

let testDb: TestDb
let db: DB

const PRODUCTS: { id: string; title: string; category: Category }[] = [
  { id: 'pendant', title: 'Ocean pendant', category: 'jewellery' },
  { id: 'tray', title: 'Resin serving tray', category: 'home-decor' },
]

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await insertUsers(db, [asha, ravi, admin])
  await insertProducts(db, PRODUCTS.map((p) => ({ ...p, price: 100, stock: 1000 })))
})

afterEach(async () => {
  await testDb?.cleanup()
})

interface LineFixture {
  productId: string
  title: string
  unitPricePaise: number
  quantity: number
  variety?: [type: 'size' | 'choice' | 'pack', name: string]
  /** The option group's name when bought; none reads as the variety type's word. */
  optionLabel?: string
  color?: string
}

/** An unpaid order as checkout leaves it, with the given lines, delivery fee and shipping state. */
async function placeUnpaid(
  id: string,
  { user = asha, state = 'Karnataka', deliveryFeePaise = 0, gateway = 'razorpay', lines = [{ productId: 'pendant', title: 'Ocean pendant', unitPricePaise: 149_900, quantity: 1 }] }: {
    user?: SessionUser
    state?: string
    deliveryFeePaise?: number
    gateway?: string
    lines?: LineFixture[]
  } = {},
) {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0)
  const now = new Date().toISOString()
  await db
    .insertInto('orders')
    .values({
      id,
      number: nextOrderNumber(),
      user_id: user.id,
      cart_id: null,
      user_name: user.userName,
      email: user.email,
      address_id: null,
      address_line: '221 Residency Road',
      city: state === 'Karnataka' ? 'Bengaluru' : 'Mumbai',
      state,
      pincode: '560025',
      country: 'India',
      phone: '+919845012345',
      landmark: '',
      notes: '',
      subtotal_paise: subtotal,
      delivery_fee_paise: deliveryFeePaise,
      total_amount_paise: subtotal + deliveryFeePaise,
      order_status: 'pending',
      payment_status: 'pending',
      gateway,
      gateway_order_id: `gw_${id}`,
      gateway_payment_id: null,
      order_date: now,
      updated_at: now,
    })
    .execute()
  await db
    .insertInto('order_lines')
    .values(
      lines.map((l) => ({
        order_id: id,
        product_id: l.productId,
        title: l.title,
        image: '/img/x.webp',
        variety_type: l.variety?.[0] ?? null,
        variety_name: l.variety?.[1] ?? '',
        option_label: l.optionLabel ?? '',
        color: l.color ?? '',
        unit_price_paise: l.unitPricePaise,
        quantity: l.quantity,
      })),
    )
    .execute()
}

const pay = (id: string, amountPaise: number | null = null) => confirmPayment(db, { gatewayOrderId: `gw_${id}`, paymentId: `pay_${id}`, amountPaise, source: 'test' })

function pdfText(content: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: content }).toString('utf8')
}

describe('issuing', () => {
  it('confirming a payment issues the invoice in the same transaction, once', async () => {
    await placeUnpaid('o1')
    expect(await orderDocuments(db, 'o1')).toEqual({ invoice: null, creditNote: null })
    await pay('o1')
    const { invoice } = await orderDocuments(db, 'o1')
    expect(invoice).toMatch(/^INV\/\d{4}-\d{2}\/000001$/)
    // A replayed result (or the webhook after the callback) changes nothing.
    await pay('o1')
    expect(await db.selectFrom('invoices').select('number').execute()).toEqual([{ number: invoice }])
    expect((await assignInvoiceNumber(db, 'o1', '2030-01-01T00:00:00Z')).number).toBe(invoice)
  })

  it('a payment that fails after the number is taken gives the number back (no gap)', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await takeNextSequence(trx, 'INV', '2026-27')).toBe(1)
        throw new Error('crash after the number was taken')
      }),
    ).rejects.toThrow('crash')
    await placeUnpaid('o1')
    expect((await assignInvoiceNumber(db, 'o1', '2026-11-25T10:00:00Z', demo)).number).toBe('INV/2026-27/000001')
  })

  it('50 concurrent confirmations get 50 distinct consecutive numbers', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `c${i}`)
    for (const id of ids) await placeUnpaid(id)
    const results = await Promise.all(ids.map((id) => pay(id)))
    expect(results.every((r) => r.changed)).toBe(true)
    const rows = await db.selectFrom('invoices').select(['sequence', 'number', 'financial_year']).orderBy('sequence').execute()
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(new Set(rows.map((r) => r.number)).size).toBe(50)
    const counter = await db.selectFrom('document_counters').selectAll().execute()
    expect(counter).toEqual([{ series: 'INV', financial_year: rows[0]?.financial_year, last_sequence: 50 }])
  })

  it('numbers from 1 again in a new financial year: 31 March 23:59 IST vs 1 April 00:00 IST', async () => {
    for (const id of ['a', 'b', 'c']) await placeUnpaid(id)
    expect((await assignInvoiceNumber(db, 'a', '2027-03-31T18:29:00.000Z', demo)).number).toBe('INV/2026-27/000001')
    expect((await assignInvoiceNumber(db, 'b', '2027-03-31T18:30:00.000Z', demo)).number).toBe('INV/2027-28/000001')
    expect((await assignInvoiceNumber(db, 'c', '2027-04-01T09:00:00.000Z', demo)).number).toBe('INV/2027-28/000002')
  })

  it('TEST MODE orders are numbered in a series of their own', async () => {
    await placeUnpaid('live')
    await placeUnpaid('trial', { gateway: 'test' })
    await pay('trial')
    await pay('live')
    expect((await orderDocuments(db, 'trial')).invoice).toMatch(/^TEST-INV\/.+\/000001$/)
    expect((await orderDocuments(db, 'live')).invoice).toMatch(/^INV\/.+\/000001$/)
  })

  it('a refund issues one credit note in its own series; an order never invoiced gets none', async () => {
    await placeUnpaid('o1')
    await placeUnpaid('o2')
    await pay('o1')
    const note = await db.transaction().execute((trx) => issueCreditNote(trx, 'o1', '2026-12-01T10:00:00Z'))
    expect(note).toEqual({ kind: 'credit-note', number: 'CN/2026-27/000001', issuedAt: '2026-12-01T10:00:00Z' })
    expect(await issueCreditNote(db, 'o1')).toEqual(note)
    expect(await issueCreditNote(db, 'o2')).toBeNull()
    expect((await orderDocuments(db, 'o1')).creditNote).toBe('CN/2026-27/000001')
  })
})

describe('downloads', () => {
  it('only the owner and the admin get the PDF, and only once the order is paid', async () => {
    await placeUnpaid('o1')
    await expect(orderDocumentPdf(db, pdfInvoiceWriter, 'o1', 'invoice', asha)).rejects.toBeInstanceOf(NotFound)
    await pay('o1')
    const file = await orderDocumentPdf(db, pdfInvoiceWriter, 'o1', 'invoice', asha)
    expect(file.filename).toMatch(/^invoice-INV-\d{4}-\d{2}-000001\.pdf$/)
    expect(file.content.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await orderDocumentPdf(db, pdfInvoiceWriter, 'o1', 'invoice', admin)).filename).toBe(file.filename)
    await expect(orderDocumentPdf(db, pdfInvoiceWriter, 'o1', 'invoice', ravi)).rejects.toBeInstanceOf(NotFound)
    await expect(orderDocumentPdf(db, pdfInvoiceWriter, 'missing', 'invoice', admin)).rejects.toBeInstanceOf(NotFound)
    await expect(orderDocumentPdf(db, pdfInvoiceWriter, 'o1', 'credit-note', asha)).rejects.toBeInstanceOf(NotFound)
    await expect(renderCreditNotePdf(db, pdfInvoiceWriter, 'o1')).rejects.toBeInstanceOf(NotFound)
  })
})

describe('the PDF, read back as text', () => {
  const paidAt = '2026-11-25T10:00:00.000Z'

  it('within the seller state: CGST and SGST, totals in figures and in words', async () => {
    await placeUnpaid('o1', { state: 'Karnataka' })
    await assignInvoiceNumber(db, 'o1', paidAt, demo)
    const text = pdfText((await renderInvoicePdf(db, pdfInvoiceWriter, 'o1')).content)
    expect(text).toContain('Tax Invoice')
    expect(text).toContain('INV/2026-27/000001')
    expect(text).toContain(DEMO_SELLER.legalName)
    expect(text).toContain(`GSTIN: ${DEMO_SELLER.gstin}`)
    expect(text).toContain('Asha Rao')
    expect(text).toContain('221 Residency Road')
    expect(text).toContain('Place of supply: Karnataka (29)')
    expect(text).toMatch(/Ocean pendant\s+7117\s+1\s+1,499.00\s+1,455.34\s+3%\s+21.83\s+21.83\s+1,499.00/)
    expect(text).toMatch(/CGST\s+₹21.83/)
    expect(text).toMatch(/SGST\s+₹21.83/)
    expect(text).not.toContain('IGST')
    expect(text).toMatch(/Total\s+₹1,499.00/)
    expect(text).toContain('Rupees One Thousand Four Hundred Ninety-Nine Only')
  })

  it('across states: IGST only', async () => {
    await placeUnpaid('o1', { state: 'Maharashtra' })
    await assignInvoiceNumber(db, 'o1', paidAt, demo)
    const text = pdfText((await renderInvoicePdf(db, pdfInvoiceWriter, 'o1')).content)
    expect(text).toContain('Place of supply: Maharashtra (27)')
    expect(text).toMatch(/Ocean pendant\s+7117\s+1\s+1,499.00\s+1,455.34\s+3%\s+43.66\s+1,499.00/)
    expect(text).toMatch(/IGST\s+₹43.66/)
    expect(text).not.toContain('CGST')
    expect(text).not.toContain('SGST')
  })

  it('a multi-line order with varieties, colours, two rates and the delivery fee', async () => {
    await placeUnpaid('o1', {
      deliveryFeePaise: 9900,
      lines: [
        { productId: 'pendant', title: 'Ocean pendant', unitPricePaise: 79_900, quantity: 2, variety: ['size', 'Large'], color: 'Teal' },
        { productId: 'tray', title: 'Resin serving tray', unitPricePaise: 249_900, quantity: 1, variety: ['choice', 'Round'], optionLabel: 'Shape' },
      ],
    })
    await assignInvoiceNumber(db, 'o1', paidAt, demo)
    const text = pdfText((await renderInvoicePdf(db, pdfInvoiceWriter, 'o1')).content)
    expect(text).toMatch(/Ocean pendant\s+7117\s+2\s+799.00\s+1,551.46\s+3%\s+23.27\s+23.27\s+1,598.00/)
    expect(text).toContain('Size: Large')
    expect(text).toContain('Colour: Teal')
    expect(text).toMatch(/Resin serving tray\s+3926\s+1\s+2,499.00\s+2,117.80\s+18%\s+190.60\s+190.60\s+2,499.00/)
    // The owner's name for the group, as it was when bought; a line without one reads as its type ('Size').
    expect(text).toContain('Shape: Round')
    expect(text).toMatch(/Delivery charges\s+996812\s+1\s+99.00\s+83.90\s+18%\s+7.55\s+7.55\s+99.00/)
    expect(text).toMatch(/Taxable value\s+₹3,753.16/)
    expect(text).toMatch(/Total\s+₹4,196.00/)
    expect(text).toContain('Rupees Four Thousand One Hundred Ninety-Six Only')
  })

  it('without a GSTIN: a bill of supply with no tax split', async () => {
    await placeUnpaid('o1')
    const unregistered = parseInvoiceSettings({ SELLER_LEGAL_NAME: 'Glow Resin', SELLER_ADDRESS: '4 MG Road|Pune 411001', SELLER_STATE: 'Maharashtra' })
    await assignInvoiceNumber(db, 'o1', paidAt, unregistered)
    const text = pdfText((await renderInvoicePdf(db, pdfInvoiceWriter, 'o1')).content)
    expect(text).toContain('Bill of Supply')
    expect(text).toContain('Glow Resin')
    expect(text).toContain('Not registered under GST')
    expect(text).not.toMatch(/GSTIN|CGST|SGST|IGST|Taxable value/)
    expect(text).toMatch(/Ocean pendant\s+7117\s+1\s+1,499.00\s+1,499.00/)
    expect(text).toMatch(/Total\s+₹1,499.00/)
  })

  it('the credit note names the invoice it reverses and credits the whole amount', async () => {
    await placeUnpaid('o1', { state: 'Maharashtra', deliveryFeePaise: 5000 })
    await assignInvoiceNumber(db, 'o1', paidAt, demo)
    await issueCreditNote(db, 'o1', '2026-12-02T06:00:00.000Z')
    const file = await renderCreditNotePdf(db, pdfInvoiceWriter, 'o1')
    expect(file.filename).toBe('credit-note-CN-2026-27-000001.pdf')
    const text = pdfText(file.content)
    expect(text).toContain('Credit Note')
    expect(text).toContain('CN/2026-27/000001')
    expect(text).toContain('Against invoice: INV/2026-27/000001 of 25 Nov 2026')
    expect(text).toContain('02 Dec 2026')
    expect(text).toMatch(/IGST\s+₹/)
    expect(text).toMatch(/Total credited\s+₹1,549.00/)
    expect(text).toContain('Rupees One Thousand Five Hundred Forty-Nine Only')
  })

  it('TEST MODE documents say so', async () => {
    await placeUnpaid('o1', { gateway: 'test' })
    await assignInvoiceNumber(db, 'o1', paidAt, demo)
    const text = pdfText((await renderInvoicePdf(db, pdfInvoiceWriter, 'o1')).content)
    expect(text).toContain('TEST-INV/2026-27/000001')
    expect(text).toContain('TEST MODE: no money moved. This is not a tax document.')
  })
})
