// The order lifecycle table enforced: every allowed move of ORDER_STATUS_MOVES works for its actor,
// every other move is refused and changes nothing; ends return stock once and queue a refund for a
// paid order in the same transaction; racing moves cannot both win.
import { describe, expect, it } from 'vitest'
import { insertProducts, insertUsers } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { withTestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { ALL_ORDER_STATUSES, canMoveOrder, type OrderActor, type OrderStatus } from '~/lib/order-status'
import { Forbidden, NotFound } from '~/domain/errors'
import { cancelOrder, MoveRefused, moveOrder } from './order-lifecycle.server'

const asha = { id: 'u-asha', userName: 'Asha', email: 'asha@example.com' }
const ravi = { id: 'u-ravi', userName: 'Ravi', email: 'ravi@example.com' }
const ACTORS: OrderActor[] = ['payment', 'admin', 'shopper']

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha, ravi])
  await insertProducts(db, [{ id: 'vase', title: 'Ocean resin vase', price: 149_900, stock: 4 }])
})

const order = (id: string, status: OrderStatus, extra: { paymentStatus?: 'pending' | 'paid'; quantity?: number } = {}) =>
  insertOrder(db, { id, user: asha, date: new Date('2026-11-20T10:00:00Z'), status, quantity: extra.quantity, paymentStatus: extra.paymentStatus })
const row = (id: string) => db.selectFrom('orders').select(['order_status', 'payment_status', 'needs_refund']).where('id', '=', id).executeTakeFirstOrThrow()
const stock = async () => (await db.selectFrom('products').select('total_stock').where('id', '=', 'vase').executeTakeFirstOrThrow()).total_stock
const refunds = () => db.selectFrom('refunds').select(['order_id', 'reason', 'status', 'amount_paise', 'gateway_payment_id']).orderBy('order_id').execute()

describe('moveOrder: the table', () => {
  it('makes every allowed move for its actor and refuses every other (status, actor) pair, changing nothing', async () => {
    let n = 0
    for (const from of ALL_ORDER_STATUSES) {
      for (const to of ALL_ORDER_STATUSES) {
        for (const actor of ACTORS) {
          const id = `o${n++}`
          await order(id, from, { paymentStatus: from === 'pending' ? 'pending' : 'paid' })
          const historyBefore = await db.selectFrom('order_status_history').select('id').where('order_id', '=', id).execute()
          if (canMoveOrder(from, to, actor)) {
            const moved = await moveOrder(db, id, to, actor, { changedBy: actor === 'payment' ? null : asha.id })
            expect(moved, `${from} -> ${to} by ${actor}`).toMatchObject({ from, to })
            expect((await row(id)).order_status).toBe(to)
          } else {
            const error = await rejection(moveOrder(db, id, to, actor))
            expect(error, `${from} -> ${to} by ${actor}`).toBeInstanceOf(MoveRefused)
            expect((error as MoveRefused).status).toBe(400)
            expect((await row(id)).order_status).toBe(from)
            expect(await db.selectFrom('order_status_history').select('id').where('order_id', '=', id).execute()).toEqual(historyBefore)
          }
        }
      }
    }
    // 7 x 7 statuses x 3 actors, of which the table allows these.
    expect(n).toBe(147)
    const allowed = ALL_ORDER_STATUSES.flatMap((from) => ALL_ORDER_STATUSES.flatMap((to) => ACTORS.filter((a) => canMoveOrder(from, to, a)).map((a) => `${from}>${to}:${a}`)))
    expect(allowed).toEqual([
      'pending>confirmed:payment',
      'pending>cancelled:shopper',
      'pending>rejected:payment',
      'pending>rejected:admin',
      'confirmed>inProcess:admin',
      'confirmed>cancelled:shopper',
      'confirmed>rejected:admin',
      'inProcess>inShipping:admin',
      'inProcess>rejected:admin',
      'inShipping>delivered:admin',
      'inShipping>rejected:admin',
    ])
  })

  it('is NotFound for an unknown order', async () => {
    expect(await rejection(moveOrder(db, 'nope', 'rejected', 'admin'))).toBeInstanceOf(NotFound)
  })

  it('RACE: two moves at once from the same status: exactly one wins, one history line, one refund, stock back once', async () => {
    await order('o1', 'confirmed')
    const results = await Promise.allSettled([
      moveOrder(db, 'o1', 'rejected', 'admin'),
      moveOrder(db, 'o1', 'cancelled', 'shopper'),
      moveOrder(db, 'o1', 'inProcess', 'admin'),
      moveOrder(db, 'o1', 'rejected', 'admin'),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(MoveRefused)
    const history = await db.selectFrom('order_status_history').select('status').where('order_id', '=', 'o1').execute()
    expect(history).toHaveLength(3)
    // Which move wins is up to the database (on PostgreSQL any of the four may): a rejection or
    // cancellation gives the stock back once and queues one refund, accepting it does neither.
    const won = (await db.selectFrom('orders').select('order_status').where('id', '=', 'o1').executeTakeFirstOrThrow()).order_status
    expect(['rejected', 'cancelled', 'inProcess']).toContain(won)
    expect(await stock()).toBe(won === 'inProcess' ? 4 : 5)
    expect(await refunds()).toHaveLength(won === 'inProcess' ? 0 : 1)
  })
})

describe('ends of an order', () => {
  it('admin rejects a paid, confirmed order: stock back and refund queued in the same move', async () => {
    await order('o1', 'confirmed', { quantity: 2 })
    expect(await moveOrder(db, 'o1', 'rejected', 'admin', { changedBy: 'u-owner' })).toMatchObject({ stockReturned: true, refundQueued: true })
    expect(await stock()).toBe(6)
    expect(await refunds()).toEqual([{ order_id: 'o1', reason: 'rejected', status: 'queued', amount_paise: 299_800, gateway_payment_id: 'pay_o1' }])
    expect(await row('o1')).toMatchObject({ order_status: 'rejected', payment_status: 'paid', needs_refund: 1 })
  })

  it('rejecting an order in shipping returns its stock; an unpaid pending order gets neither stock nor refund', async () => {
    await order('o1', 'inShipping')
    await moveOrder(db, 'o1', 'rejected', 'admin')
    expect(await stock()).toBe(5)
    await order('o2', 'pending')
    expect(await moveOrder(db, 'o2', 'rejected', 'admin')).toMatchObject({ stockReturned: false, refundQueued: false })
    expect(await stock()).toBe(5)
    expect((await refunds()).map((r) => r.order_id)).toEqual(['o1'])
  })

  it('an order flagged by the old stock-short rule is refunded but its stock is left for the owner to count', async () => {
    await insertOrder(db, { id: 'old', user: asha, date: new Date('2026-11-01T10:00:00Z'), status: 'confirmed', needsRefund: true })
    expect(await moveOrder(db, 'old', 'rejected', 'admin')).toMatchObject({ stockReturned: false, refundQueued: true })
    expect(await stock()).toBe(4)
  })
})

describe('cancelOrder (the shopper)', () => {
  it('cancels a paid, confirmed order: stock back, refund queued with reason cancelled', async () => {
    await order('o1', 'confirmed')
    expect(await cancelOrder(db, 'o1', asha)).toMatchObject({ from: 'confirmed', to: 'cancelled', stockReturned: true, refundQueued: true })
    expect(await stock()).toBe(5)
    expect(await refunds()).toEqual([expect.objectContaining({ order_id: 'o1', reason: 'cancelled' })])
    const history = await db.selectFrom('order_status_history').select(['status', 'note', 'changed_by']).where('order_id', '=', 'o1').orderBy('id').execute()
    expect(history.at(-1)).toEqual({ status: 'cancelled', note: 'Cancelled by the shopper', changed_by: asha.id })
    // The shopper's mail goes with the move and says where the money goes.
    const mails = await db.selectFrom('mail_outbox').select(['kind', 'text']).where('dedupe_key', 'like', 'order-status:o1:%').execute()
    expect(mails.map((m) => m.kind)).toEqual(['order-cancelled'])
    expect(mails[0]?.text).toMatch(/Your payment of ₹[\d,.]+ is being refunded in full/)
  })

  it('cancels an unpaid order without a refund', async () => {
    await order('o1', 'pending')
    expect(await cancelOrder(db, 'o1', asha)).toMatchObject({ refundQueued: false, stockReturned: false })
    expect(await refunds()).toEqual([])
  })

  it("is Forbidden for someone else's order, NotFound for none, and refused once the studio accepted it", async () => {
    await order('o1', 'confirmed')
    expect(await rejection(cancelOrder(db, 'o1', ravi))).toBeInstanceOf(Forbidden)
    expect(await rejection(cancelOrder(db, 'nope', asha))).toBeInstanceOf(NotFound)
    await moveOrder(db, 'o1', 'inProcess', 'admin')
    const error = await rejection(cancelOrder(db, 'o1', asha))
    expect(error).toBeInstanceOf(MoveRefused)
    expect((error as MoveRefused).message).toBe('This order can no longer be cancelled: it is being made or already on its way.')
    expect(await refunds()).toEqual([])
    expect((await row('o1')).order_status).toBe('inProcess')
  })

  it('RACE: the shopper cancelling while the admin rejects: one refund row however many triggers', async () => {
    await order('o1', 'confirmed')
    await Promise.allSettled([cancelOrder(db, 'o1', asha), moveOrder(db, 'o1', 'rejected', 'admin'), cancelOrder(db, 'o1', asha)])
    expect(await refunds()).toHaveLength(1)
    expect(await stock()).toBe(5)
  })
})
