// The order lifecycle's read-then-write places hit at once (npm run test:pg runs them on
// PostgreSQL, where the transactions run side by side; SQLite's single writer takes them in turn):
// confirming payments (one confirmation per order, gapless invoice numbers), racing moves of one
// order (one wins, one refund, stock back once), refund answers (one history line), mail claims
// (each mail to one worker). The conditional updates alone guard the confirmations, moves and mail
// claims; the refund answers also need the refund row's lock (without it, on PostgreSQL, the losers
// answer the stale 'queued').
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { claimDueMail, enqueueMail } from '~/domain/messaging/mail-outbox.server'
import { MoveRefused, moveOrder } from './order-lifecycle.server'
import { confirmPayment } from './payments.server'
import { applyGatewayRefund } from './refunds.server'

const ORDERS = 10
const asha = { id: 'u-asha', userName: 'Asha', email: 'asha@example.com' }

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha])
  await insertProducts(db, [{ id: 'vase', stock: ORDERS }])
  await Promise.all(Array.from({ length: 10 }, () => sql`select 1`.execute(db)))
})

const stockOf = async (id: string) => Number((await db.selectFrom('products').select('total_stock').where('id', '=', id).executeTakeFirstOrThrow()).total_stock)

it(`confirms ${ORDERS} orders paid twice each at once exactly once each, with invoice numbers 1..${ORDERS}`, async () => {
  for (let i = 0; i < ORDERS; i++) await insertOrder(db, { id: `o${i}`, user: asha, date: new Date(), status: 'pending' })
  const calls = Array.from({ length: ORDERS * 2 }, (_, k) => k % ORDERS).map((i) =>
    confirmPayment(db, { gatewayOrderId: `gw_o${i}`, paymentId: `pay_o${i}`, amountPaise: null, source: `race-${i}` }),
  )
  const results = await Promise.all(calls)
  expect(results.filter((r) => r.changed)).toHaveLength(ORDERS)
  expect(results.filter((r) => r.needsRefund)).toEqual([])
  expect(await stockOf('vase')).toBe(0)
  const payments = await db.selectFrom('payments').select('order_id').execute()
  expect(payments).toHaveLength(ORDERS)
  const invoices = await db.selectFrom('invoices').select(['order_id', 'sequence']).where('kind', '=', 'invoice').orderBy('sequence').execute()
  expect(invoices.map((row) => Number(row.sequence))).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1))
  expect(new Set(invoices.map((row) => row.order_id)).size).toBe(ORDERS)
})

it('lets one of many racing moves of one paid order win: one refund, one end in the history, the stock back once', async () => {
  await insertOrder(db, { id: 'paid', user: asha, date: new Date(), status: 'confirmed' })
  const stockBefore = await stockOf('vase')
  const moves = Array.from({ length: 12 }, (_, i) =>
    i % 2 === 0 ? moveOrder(db, 'paid', 'cancelled', 'shopper', { changedBy: asha.id }) : moveOrder(db, 'paid', 'rejected', 'admin', { changedBy: 'u-owner' }),
  )
  const results = await Promise.allSettled(moves)
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(MoveRefused)
  expect(await db.selectFrom('refunds').select('id').where('order_id', '=', 'paid').execute()).toHaveLength(1)
  const ends = await db.selectFrom('order_status_history').select('status').where('order_id', '=', 'paid').where('status', 'in', ['cancelled', 'rejected']).execute()
  expect(ends).toHaveLength(1)
  expect(await stockOf('vase')).toBe(stockBefore + 1)
})

it('records a refund the gateway answered for many times at once once: one history line, the payment refunded', async () => {
  await insertOrder(db, { id: 'back', user: asha, date: new Date(), status: 'confirmed' })
  await moveOrder(db, 'back', 'rejected', 'admin', { changedBy: 'u-owner' })
  const refund = await db.selectFrom('refunds').select('id').where('order_id', '=', 'back').executeTakeFirstOrThrow()
  const answer = { id: 'rfnd_back', paymentId: 'pay_back', amount: 149_900, status: 'processed' as const, receipt: null, processedAt: null }
  const statuses = await Promise.all(Array.from({ length: 10 }, () => applyGatewayRefund(db, refund.id, answer)))
  expect(new Set(statuses)).toEqual(new Set(['processed']))
  const lines = await db.selectFrom('order_status_history').select('note').where('order_id', '=', 'back').where('note', 'like', 'Refund of%').execute()
  expect(lines).toHaveLength(1)
  const order = await db.selectFrom('orders').select(['payment_status', 'needs_refund']).where('id', '=', 'back').executeTakeFirstOrThrow()
  expect(order).toEqual({ payment_status: 'refunded', needs_refund: 0 })
})

it('hands each due mail to exactly one of several workers claiming at once', async () => {
  const MAILS = 30
  for (let i = 0; i < MAILS; i++) {
    await enqueueMail(db, { kind: 'test', to: 'a@example.com', dedupeKey: `race:${i}`, subject: `Mail ${i}`, html: '<p>x</p>', text: 'x' })
  }
  const claims = await Promise.all(Array.from({ length: 5 }, (_, w) => claimDueMail(db, { workerId: `w${w}`, leaseMs: 60_000, limit: MAILS })))
  const ids = claims.flat().map((row) => row.id)
  expect(ids).toHaveLength(MAILS)
  expect(new Set(ids).size).toBe(MAILS)
  const rows = await db.selectFrom('mail_outbox').select(['status', 'attempts']).execute()
  expect(rows.every((row) => row.status === 'sending' && Number(row.attempts) === 1)).toBe(true)
})
