// Returns and the owner's partial refunds over random sequences (issue 31, ADR 099): one paid,
// delivered order of three lines, through the real Razorpay SDK against the local fake, takes
// requests, approvals, declines, receipts, refunds, refunds without pickup and the owner's partial
// refunds (pieces or an amount) in random order, each possibly tapped twice at once. Whatever the
// order: the money refunded never passes what was paid, no line gives back more pieces than were
// bought, the fake gateway refunded exactly what the shop recorded, each refund has one credit note
// and the notes add up to the refunds, and no return holds more pieces than are left.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { preparedReturnPhoto } from '../../../tests/helpers/return-photos'
import { paidDeliveredOrder } from '../../../tests/helpers/payment-fixtures'
import { type FakeRazorpay, startFakeRazorpay } from '../../../tests/fake-razorpay'
import { createTestDb, onPostgres } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import type { PaymentGateway } from './payment-gateway'
import { razorpayGateway } from '~/infra/payment-gateway.server'
import { Invalid, NotFound } from '~/domain/errors'
import { RETURN_REASONS } from '~/lib/returns'
import { decidePartialRefund, refundedSoFar } from './partial-refunds.server'
import { runPartialRefunds } from './partial-refund-sending.server'
import { decideReturn, receiveReturn, refundReturn, requestReturn } from './returns.server'

/** Runs (fresh database each; fewer on PostgreSQL, whose fresh database costs more) and the longest sequence. */
const PROPERTY_RUNS = onPostgres ? 15 : 50
const MAX_STEPS = 14
const BOUGHT = [2, 1, 3]

type Step =
  | { kind: 'request'; line: number; quantity: number; reason: (typeof RETURN_REASONS)[number] }
  | { kind: 'approve' | 'decline' | 'refund' | 'refundWithoutPickup'; pick: number; twice: boolean }
  | { kind: 'receive'; pick: number; restock: boolean; twice: boolean }
  | { kind: 'refundLines'; line: number; quantity: number; twice: boolean }
  | { kind: 'refundAmount'; paise: number; twice: boolean }
  | { kind: 'send' }

const twice = fc.boolean()
const pick = fc.nat(5)
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('request' as const), line: fc.nat(2), quantity: fc.integer({ min: 1, max: 3 }), reason: fc.constantFrom(...RETURN_REASONS) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('approve' as const), pick, twice }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decline' as const), pick, twice }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('receive' as const), pick, restock: fc.boolean(), twice }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick, twice }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refundWithoutPickup' as const), pick, twice }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refundLines' as const), line: fc.nat(2), quantity: fc.integer({ min: 1, max: 3 }), twice }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refundAmount' as const), paise: fc.integer({ min: 100, max: 300_000 }), twice }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('send' as const)}) },
)

const KEY_SECRET = 'returns-property-secret'
let fake: FakeRazorpay
let gateway: PaymentGateway

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_SECRET, { keyId: 'rzp_test_retprop' })
  gateway = razorpayGateway({ keyId: 'rzp_test_retprop', keySecret: KEY_SECRET, apiBase: fake.url })
  fake.newRefundStatus = 'processed'
})
afterAll(async () => {
  await fake.stop()
})

/** A refusal the rules give (Invalid, NotFound) is an answer; anything else fails the run. */
async function answered(work: () => Promise<unknown>, twiceAtOnce = false): Promise<void> {
  const one = () => work().catch((error) => {
    if (error instanceof Invalid || error instanceof NotFound) return
    throw error
  })
  await (twiceAtOnce ? Promise.all([one(), one()]) : one())
}

const deliveredOrder = (db: DB) =>
  paidDeliveredOrder(
    db,
    gateway,
    fake,
    asha,
    BOUGHT.map((quantity, i) => ({ productId: ['coaster', 'pendant', 'ring'][i] as string, quantity })),
    8_000,
  )

async function checkInvariants(db: DB, orderId: string, paymentId: string, settled: boolean) {
  const order = await db.selectFrom('orders').select('total_amount_paise').where('id', '=', orderId).executeTakeFirstOrThrow()
  const refunds = await db.selectFrom('partial_refunds').select(['id', 'amount_paise', 'status']).where('order_id', '=', orderId).execute()
  const refunded = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount_paise, 0)
  expect(refunded).toBeLessThanOrEqual(order.total_amount_paise)
  const so = await refundedSoFar(db, orderId, BOUGHT.length)
  const open = await db.selectFrom('returns').select('items').where('order_id', '=', orderId).where('status', 'in', ['requested', 'approved', 'received']).execute()
  const held = BOUGHT.map(() => 0)
  for (const row of open) for (const item of JSON.parse(row.items) as { line: number; quantity: number }[]) held[item.line] = (held[item.line] ?? 0) + item.quantity
  BOUGHT.forEach((bought, line) => {
    expect(so.units[line] ?? 0).toBeLessThanOrEqual(bought)
    expect((so.units[line] ?? 0) + (held[line] ?? 0)).toBeLessThanOrEqual(bought)
  })
  if (!settled) return
  expect(refunds.every((r) => r.status === 'processed')).toBe(true)
  const atGateway = [...fake.refunds.values()].filter((r) => r.payment_id === paymentId)
  expect(atGateway.reduce((sum, r) => sum + r.amount, 0)).toBe(refunded)
  expect(atGateway).toHaveLength(refunds.length)
  const notes = await db.selectFrom('invoices').select(['refund_id', 'document']).where('order_id', '=', orderId).where('kind', '=', 'credit-note').execute()
  expect(notes.map((n) => n.refund_id).sort()).toEqual(refunds.map((r) => r.id).sort())
  const credited = notes.reduce((sum, n) => sum + (JSON.parse(n.document) as { totals: { grossPaise: number } }).totals.grossPaise, 0)
  expect(credited).toBe(refunded)
}

describe('returns and partial refunds in any order', () => {
  it(`keep every rupee and piece accounted for over ${PROPERTY_RUNS} random sequences of up to ${MAX_STEPS} steps`, { timeout: 600_000 }, async () => {
    const warn = console.warn
    console.warn = () => {}
    let steps = 0
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: MAX_STEPS }), async (sequence) => {
          const testDb = await createTestDb()
          const db = testDb.db
          try {
            await insertUsers(db, [asha, { id: 'u-owner', userName: 'Owner', email: 'owner@example.com', role: 'admin' }])
            await insertProducts(db, [
              { id: 'coaster', title: 'Ocean coaster', category: 'home-decor', price: 49_900, stock: 9 },
              { id: 'pendant', title: 'Resin pendant', category: 'jewellery', price: 149_900, stock: 9 },
              { id: 'ring', title: 'Resin ring', category: 'jewellery', price: 29_900, stock: 9 },
            ])
            const { orderId, paymentId } = await deliveredOrder(db)
            const returnIds: string[] = []
            const chosen = (n: number) => returnIds[n % Math.max(1, returnIds.length)]
            let key = 0
            for (const s of sequence) {
              steps += 1
              if (s.kind === 'request') {
                await answered(async () => {
                  // Damage comes with a photo of it (ADR 101).
                  const photos = s.reason === 'damaged' ? [preparedReturnPhoto()] : []
                  returnIds.push((await requestReturn(db, orderId, { items: [{ line: s.line, quantity: s.quantity, reason: s.reason }], note: '', photos })).id)
                })
              } else if (s.kind === 'send') {
                await runPartialRefunds(db, () => gateway)
              } else if (s.kind === 'refundLines' || s.kind === 'refundAmount') {
                const input = {
                  key: `prop-${++key}-abcdefgh`,
                  ask: s.kind === 'refundLines' ? { items: [{ line: s.line, quantity: s.quantity }], includeDelivery: false } : { amountPaise: s.paise },
                  reason: 'Goodwill from the studio',
                  restock: false,
                }
                await answered(() => decidePartialRefund(db, orderId, input, 'u-owner'), s.twice)
              } else {
                const id = chosen(s.pick)
                if (!id) continue
                const move = {
                  approve: () => decideReturn(db, orderId, id, { approve: true, message: '' }, 'u-owner'),
                  decline: () => decideReturn(db, orderId, id, { approve: false, message: 'Not this time' }, 'u-owner'),
                  receive: () => receiveReturn(db, orderId, id, { 0: s.kind === 'receive' && s.restock, 1: true, 2: false }, 'u-owner'),
                  refund: () => refundReturn(db, orderId, id, { adminId: 'u-owner' }),
                  refundWithoutPickup: () => refundReturn(db, orderId, id, { adminId: 'u-owner', withoutPickup: true }),
                }[s.kind]
                await answered(move, s.twice)
              }
              await checkInvariants(db, orderId, paymentId, false)
            }
            await runPartialRefunds(db, () => gateway)
            await checkInvariants(db, orderId, paymentId, true)
          } finally {
            await testDb.cleanup()
          }
        }),
        { numRuns: PROPERTY_RUNS },
      )
    } finally {
      console.warn = warn
    }
    console.log(`returns property: ${PROPERTY_RUNS} sequences, ${steps} steps`)
  })
})
