// Partial refunds through the real Razorpay SDK against the local fake Razorpay (ADR 087): the owner
// refunds one of two pieces (stock back when she restocks), the shopper's mail carries her reason,
// one refund at Razorpay however many taps, a crash between Razorpay's answer and our write adopts
// the refund Razorpay made, every refusal changes nothing, and the order's end refunds only the rest
// with a credit note that makes the notes add up to the invoice (read back with pdftotext).
import { execFileSync } from 'node:child_process'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { placeOrderFor, stockOf } from '../../../tests/helpers/payment-fixtures'
import { type FakeRazorpay, startFakeRazorpay } from '../../../tests/fake-razorpay'
import { rejection } from '../../../tests/helpers/rejection'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import type { PaymentGateway } from './payment-gateway'
import { razorpayGateway } from '~/infra/payment-gateway.server'
import { pdfInvoiceWriter } from '~/infra/pdf/invoice-pdf.server'
import { Invalid } from '~/domain/errors'
import { PARTIAL_REFUND_MESSAGES } from '~/lib/refund-shares'
import { rejectOrder } from './admin-orders.server'
import { orderDocumentPdf, renderCreditNotePdf } from './invoices.server'
import { attachmentRenderer, type MailAttachmentRef, registerAttachmentRenderer } from '~/domain/messaging/mail-outbox.server'
import { getOrderDetail } from './order-reads.server'
import { decidePartialRefund, type PartialRefundInput } from './partial-refunds.server'
import { claimDuePartialRefunds, runPartialRefunds } from './partial-refund-sending.server'
import { REFUND_TIMING, runRefunds } from './refunds.server'
import { verifyAndConfirm } from './verify-payment.server'

const KEY_SECRET = 'partial-refunds-key-secret'
let fake: FakeRazorpay
let gateway: PaymentGateway
let testDb: TestDb
let db: DB
let warn: typeof console.warn

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_SECRET, { keyId: 'rzp_test_partial' })
  gateway = razorpayGateway({ keyId: 'rzp_test_partial', keySecret: KEY_SECRET, apiBase: fake.url })
})
afterAll(async () => {
  await fake.stop()
})
beforeEach(async () => {
  fake.down = false
  fake.newRefundStatus = 'processed'
  testDb = await createTestDb()
  db = testDb.db
  await insertUsers(db, [asha, { id: 'u-owner', userName: 'Owner', email: 'owner@example.com', role: 'admin' }])
  await insertProducts(db, [
    { id: 'coaster', title: 'Ocean coaster', category: 'home-decor', price: 49_900, stock: 5 },
    { id: 'pendant', title: 'Resin pendant', category: 'jewellery', price: 149_900, stock: 3 },
  ])
  warn = console.warn
  console.warn = () => {}
})
afterEach(async () => {
  console.warn = warn
  await testDb?.cleanup()
})

const gatewayFor = () => gateway
/** Refunds asked of Razorpay for this payment (the fake lives across tests). */
const refundCalls = (paymentId: string) => fake.requests.filter((r) => r === `POST /v1/payments/${paymentId}/refund`).length
const refundsAt = (paymentId: string) => [...fake.refunds.values()].filter((r) => r.payment_id === paymentId)
const later = (seconds: number) => new Date(Date.now() + seconds * 1000)
let keys = 0
const ask = (over: Partial<PartialRefundInput> = {}): PartialRefundInput => ({
  key: `key-${++keys}-abcdefgh`,
  ask: { items: [{ line: 0, quantity: 1 }], includeDelivery: false },
  reason: 'One coaster arrived cracked',
  restock: false,
  ...over,
})

/** Two coasters and a pendant (₹2,497.00 with ₹80.00 delivery), paid through the fake Razorpay. */
async function paidOrder() {
  const placed = await placeOrderFor(
    db,
    gateway,
    asha,
    [
      { productId: 'coaster', quantity: 2 },
      { productId: 'pendant', quantity: 1 },
    ],
    8_000,
  )
  const { paymentId, signature } = fake.pay(placed.gatewayOrder.id)
  await verifyAndConfirm(db, gateway, { gatewayOrderId: placed.gatewayOrder.id, paymentId, signature })
  return { ...placed, paymentId }
}

const pdfText = async (orderId: string, refundId = '') =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: (await orderDocumentPdf(db, pdfInvoiceWriter, orderId, 'credit-note', asha, refundId)).content }).toString('utf8')

describe('the owner refunds one of two pieces', () => {
  it('refunds ₹499.00 once at Razorpay, puts the piece back, mails the reason, issues its own credit note', async () => {
    const { orderId, paymentId } = await paidOrder()
    const stock = await stockOf(db, 'coaster')
    const input = ask({ restock: true })
    const { refund, created } = await decidePartialRefund(db, orderId, input, 'u-owner')
    expect(created).toBe(true)
    expect(refund).toMatchObject({ amountPaise: 49_900, status: 'queued', reason: 'One coaster arrived cracked', items: [{ line: 0, quantity: 1, title: 'Ocean coaster' }] })
    expect(await stockOf(db, 'coaster')).toBe(stock + 1)
    expect(await runPartialRefunds(db, gatewayFor)).toEqual(['processed'])
    expect(refundsAt(paymentId)).toEqual([expect.objectContaining({ payment_id: paymentId, amount: 49_900, receipt: `prf_${input.key}` })])

    const detail = await getOrderDetail(db, orderId, asha)
    expect(detail.paymentStatus).toBe('paid')
    expect(detail.needsRefund).toBe(false)
    expect(detail.refunds).toEqual([expect.objectContaining({ status: 'processed', amountPaise: 49_900, creditNote: expect.stringMatching(/^CN\/\d{4}-\d{2}\/\d+$/) })])
    const mails = await db.selectFrom('mail_outbox').select(['subject', 'text', 'to_address']).where('kind', '=', 'order-refund-issued').execute()
    expect(mails).toEqual([expect.objectContaining({ to_address: asha.email, subject: expect.stringContaining('Refund issued for order') })])
    expect(mails[0]?.text).toContain('Reason: One coaster arrived cracked')
    expect(mails[0]?.text).toContain('Refunded: 1 × Ocean coaster')
    const note = await pdfText(orderId, refund.id)
    expect(note).toContain('Credit Note')
    expect(note).toMatch(/Ocean coaster/)
    expect(note).not.toMatch(/Resin pendant/)
    expect(note).toMatch(/499\.00/)
  })

  it('makes one refund however many taps, and none again on later runs', async () => {
    const { orderId, paymentId } = await paidOrder()
    const input = ask()
    const taps = await Promise.all([1, 2, 3].map(() => decidePartialRefund(db, orderId, input, 'u-owner')))
    expect(new Set(taps.map((t) => t.refund.id)).size).toBe(1)
    expect(taps.filter((t) => t.created)).toHaveLength(1)
    await runPartialRefunds(db, gatewayFor)
    await decidePartialRefund(db, orderId, input, 'u-owner')
    await runPartialRefunds(db, gatewayFor, later(REFUND_TIMING.maxPoll + 1))
    expect(refundCalls(paymentId)).toBe(1)
    expect(await db.selectFrom('partial_refunds').select('id').execute()).toHaveLength(1)
    const other = await paidOrder()
    expect(((await rejection(decidePartialRefund(db, other.orderId, input, 'u-owner'))) as Error).message).toBe(PARTIAL_REFUND_MESSAGES.keyReused)
  })

  it('adopts the refund Razorpay made when the process died between its answer and our write', async () => {
    fake.newRefundStatus = 'pending'
    const { orderId, paymentId } = await paidOrder()
    const { refund } = await decidePartialRefund(db, orderId, ask(), 'u-owner')
    // The worker claims the row and Razorpay takes the refund; then the process dies.
    const [claimed] = await claimDuePartialRefunds(db)
    await gateway.createRefund(paymentId, 49_900, { idempotencyKey: claimed?.key as string })
    expect(refundCalls(paymentId)).toBe(1)
    // Nothing is due before the claim runs out; after it, the next run finds Razorpay's refund by its receipt.
    expect(await runPartialRefunds(db, gatewayFor)).toEqual([])
    expect(await runPartialRefunds(db, gatewayFor, later(REFUND_TIMING.claim + 1))).toEqual(['pending'])
    expect(refundCalls(paymentId)).toBe(1)
    const row = await db.selectFrom('partial_refunds').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow()
    fake.processRefund(row.gateway_refund_id as string)
    expect(await runPartialRefunds(db, gatewayFor, later(REFUND_TIMING.claim + REFUND_TIMING.maxPoll))).toEqual(['processed'])
    expect(await db.selectFrom('mail_outbox').select('id').where('kind', '=', 'order-refund-issued').execute()).toHaveLength(1)
  })

  it('attaches the refund\'s own credit note: to the refund mail when the money is back at once, else to a second mail once it is (each once)', async () => {
    const sent: { subject: string; files: string[]; pdf: Buffer[] }[] = []
    const mailed = new Set<number>()
    /** What the mail worker attaches: each outbox row's files through the registry, once per row. */
    const sendOutbox = async () => {
      const rows = await db.selectFrom('mail_outbox').select(['id', 'subject', 'attachments']).where('kind', 'in', ['order-refund-issued', 'order-refund-credit-note']).orderBy('created_at').orderBy('id').execute()
      for (const row of rows.filter((r) => !mailed.has(r.id))) {
        mailed.add(row.id)
        const files = []
        for (const ref of JSON.parse(row.attachments) as MailAttachmentRef[]) {
          const render = attachmentRenderer(ref.kind)
          if (render) files.push(await render(db, ref.orderId, ref.refundId))
        }
        sent.push({ subject: row.subject, files: files.map((f) => f.filename), pdf: files.map((f) => f.content) })
      }
    }
    registerAttachmentRenderer('credit-note', (d, orderId, refundId) => renderCreditNotePdf(d, pdfInvoiceWriter, orderId, refundId))
    try {
      // Processed at once: the one refund mail carries the note.
      const { orderId } = await paidOrder()
      const { refund } = await decidePartialRefund(db, orderId, ask(), 'u-owner')
      await runPartialRefunds(db, gatewayFor)
      await runPartialRefunds(db, gatewayFor, later(REFUND_TIMING.maxPoll + 1))
      await sendOutbox()
      const [number] = (await db.selectFrom('invoices').select('number').where('refund_id', '=', refund.id).execute()).map((n) => n.number)
      expect(sent).toEqual([{ subject: expect.stringContaining('Refund issued'), files: [`credit-note-${number?.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`], pdf: [expect.any(Buffer)] }])
      expect(execFileSync('pdftotext', ['-layout', '-', '-'], { input: sent[0]?.pdf[0] }).toString('utf8')).toMatch(/499\.00/)

      // Pending first: the refund mail says the note is on the order page; the note follows once processed.
      sent.length = 0
      fake.newRefundStatus = 'pending'
      const second = await decidePartialRefund(db, orderId, ask({ ask: { amountPaise: 10_000 } }), 'u-owner')
      expect(await runPartialRefunds(db, gatewayFor)).toEqual(['pending'])
      const row = await db.selectFrom('partial_refunds').select('gateway_refund_id').where('id', '=', second.refund.id).executeTakeFirstOrThrow()
      fake.processRefund(row.gateway_refund_id as string)
      expect(await runPartialRefunds(db, gatewayFor, later(REFUND_TIMING.maxPoll + 1))).toEqual(['processed'])
      await runPartialRefunds(db, gatewayFor, later(2 * REFUND_TIMING.maxPoll + 2))
      await sendOutbox()
      await sendOutbox()
      expect(sent.map((m) => [m.subject.replace(/#\d+/, '#N'), m.files.length])).toEqual([
        ['Refund issued for order #N', 0],
        ['Credit note for your refund on order #N', 1],
      ])
    } finally {
      registerAttachmentRenderer('credit-note', null)
    }
  })

  it('keeps a refund queued while Razorpay is down and sends it once it is back', async () => {
    const { orderId, paymentId } = await paidOrder()
    await decidePartialRefund(db, orderId, ask({ ask: { amountPaise: 10_000 } }), 'u-owner')
    fake.down = true
    expect(await runPartialRefunds(db, gatewayFor)).toEqual(['queued'])
    fake.down = false
    expect(await runPartialRefunds(db, gatewayFor, later(REFUND_TIMING.firstRetry + 1))).toEqual(['processed'])
    expect(refundCalls(paymentId)).toBe(1)
  })
})

describe('refusals change nothing', () => {
  it('refuses an empty reason, too many pieces, more than is left, under ₹1, an unpaid order', async () => {
    const { orderId } = await paidOrder()
    const before = await db.selectFrom('partial_refunds').select('id').execute()
    const cases: [Partial<PartialRefundInput>, Record<string, string[]>][] = [
      [{ reason: '  ' }, { reason: [PARTIAL_REFUND_MESSAGES.reason] }],
      [{ reason: 'x'.repeat(301) }, { reason: [PARTIAL_REFUND_MESSAGES.reasonTooLong] }],
      [{ ask: { items: [{ line: 0, quantity: 3 }], includeDelivery: false } }, { 'items.0': ['At most 2 of this piece can still be refunded.'] }],
      [{ ask: { amountPaise: 257_701 } }, { amount: ['At most ₹2,577.00 can still be refunded.'] }],
      [{ ask: { amountPaise: 99 } }, { amount: [PARTIAL_REFUND_MESSAGES.tooLittle] }],
    ]
    for (const [input, errors] of cases) {
      const error = await rejection(decidePartialRefund(db, orderId, ask(input), 'u-owner'))
      expect(error).toBeInstanceOf(Invalid)
      expect((error as Invalid).errors).toEqual(errors)
    }
    expect(await db.selectFrom('partial_refunds').select('id').execute()).toEqual(before)
    const unpaid = await placeOrderFor(db, gateway, asha, [{ productId: 'pendant', quantity: 1 }])
    expect(((await rejection(decidePartialRefund(db, unpaid.orderId, ask(), 'u-owner'))) as Error).message).toBe(PARTIAL_REFUND_MESSAGES.notPaid)
  })

  it('refuses a partial refund once the order is being refunded in full', async () => {
    const { orderId } = await paidOrder()
    await rejectOrder(db, orderId, 'We cannot make this design any more', 'u-owner')
    expect(((await rejection(decidePartialRefund(db, orderId, ask(), 'u-owner'))) as Error).message).toBe(PARTIAL_REFUND_MESSAGES.refundedInFull)
  })
})

describe('the order ends after partial refunds', () => {
  it('rejecting refunds only the rest, puts back only the pieces not restocked, and the credit notes add up to the invoice', async () => {
    const { orderId, paymentId } = await paidOrder()
    const stock = { coaster: await stockOf(db, 'coaster'), pendant: await stockOf(db, 'pendant') }
    const first = await decidePartialRefund(db, orderId, ask({ restock: true }), 'u-owner')
    const second = await decidePartialRefund(db, orderId, ask({ ask: { amountPaise: 12_345 }, reason: 'Late delivery' }), 'u-owner')
    await runPartialRefunds(db, gatewayFor)
    await rejectOrder(db, orderId, 'The second coaster cannot be remade', 'u-owner')
    await runRefunds(db, gatewayFor)
    const whole = await db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
    expect(whole).toMatchObject({ amount_paise: 257_700 - 49_900 - 12_345, status: 'processed' })
    expect(refundsAt(paymentId).reduce((sum, r) => sum + r.amount, 0)).toBe(257_700)
    expect(await stockOf(db, 'coaster')).toBe(stock.coaster + 2)
    expect(await stockOf(db, 'pendant')).toBe(stock.pendant + 1)
    const rejected = await db.selectFrom('mail_outbox').select('text').where('kind', '=', 'order-rejected').executeTakeFirstOrThrow()
    expect(rejected.text).toContain('Reason: The second coaster cannot be remade')
    expect(rejected.text).toContain('The rest of your payment, ₹1,954.55, is being refunded')

    // pdftotext: the three notes' totals add up to the invoice's.
    const totalOf = (text: string) => Number(/Total(?: credited)?\s+₹([\d,]+\.\d{2})/.exec(text)?.[1]?.replaceAll(',', ''))
    const invoice = execFileSync('pdftotext', ['-layout', '-', '-'], { input: (await orderDocumentPdf(db, pdfInvoiceWriter, orderId, 'invoice', asha)).content }).toString('utf8')
    const notes = [await pdfText(orderId, first.refund.id), await pdfText(orderId, second.refund.id), await pdfText(orderId)]
    expect(notes.map(totalOf)).toEqual([499, 123.45, 1954.55])
    expect(notes.map(totalOf).reduce((a, b) => a + b, 0)).toBeCloseTo(totalOf(invoice), 2)
    expect(totalOf(invoice)).toBe(2577)
  })
})
