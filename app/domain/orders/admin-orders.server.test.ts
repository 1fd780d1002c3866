// The admin's orders: every customer's orders newest first, filtered by status and paginated, and
// status changes limited to docs/spec's five, each recorded in the history.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertUsers, owner, ravi } from '../../../tests/helpers/fixtures'
import { insertOrder as insertOrderFixture } from '../../../tests/helpers/order-fixtures'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { rejection } from '../../../tests/helpers/rejection'
import type { DB } from '../../../db/database'
import type { OrderStatus } from '../../../db/schema'
import { ADMIN_ORDERS_PAGE_SIZE, listAllOrders, updateOrderStatus } from './admin-orders.server'
import { NotFound } from '~/domain/errors'
import { MoveRefused } from './order-lifecycle.server'
import { getOrderDetail } from './order-reads.server'


let testDb: TestDb
let db: DB

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await insertUsers(db, [asha, ravi, owner])
})

afterEach(async () => {
  await testDb?.cleanup()
})

/** An order placed `minutesAgo` before a fixed moment (20 Nov 2026, 12:00 UTC). */
function insertOrder(id: string, { user = asha, minutesAgo = 0, status = 'confirmed' as OrderStatus, totalPaise = 149_900 } = {}) {
  return insertOrderFixture(db, { id, user, status, totalPaise, date: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - minutesAgo * 60_000) })
}

const historyOf = (orderId: string) =>
  db.selectFrom('order_status_history').select(['status', 'note', 'changed_by']).where('order_id', '=', orderId).orderBy('id').execute()

describe('listAllOrders', () => {
  it('is empty with one page when there are no orders', async () => {
    expect(await listAllOrders(db)).toEqual({ items: [], total: 0, page: 1, pageCount: 1 })
  })

  it("lists every customer's orders, newest first, with who placed them", async () => {
    await insertOrder('o-old', { minutesAgo: 60 })
    await insertOrder('o-new', { user: ravi, minutesAgo: 1, status: 'pending', totalPaise: 50_000 })
    await insertOrder('o-mid', { minutesAgo: 30, status: 'delivered' })
    const list = await listAllOrders(db, { view: 'all' })
    expect(list.items.map((o) => o.id)).toEqual(['o-new', 'o-mid', 'o-old'])
    // By default the unpaid checkout (pending, not paid) is left out: it is not an order.
    expect((await listAllOrders(db)).items.map((o) => o.id)).toEqual(['o-mid', 'o-old'])
    expect(list.items[0]).toEqual({
      id: 'o-new',
      number: 1002,
      orderDate: '2026-11-20T11:59:00.000Z',
      orderStatus: 'pending',
      paymentStatus: 'pending',
      totalAmountPaise: 50_000,
      userName: 'Ravi',
      email: 'ravi@example.com',
      testMode: false,
      refund: null,
      dispatchBy: null,
    })
    expect(list).toMatchObject({ total: 3, page: 1, pageCount: 1 })
  })

  it('filters by status (confirmed included), and ignores an unknown status', async () => {
    await insertOrder('o1', { minutesAgo: 3, status: 'confirmed' })
    await insertOrder('o2', { minutesAgo: 2, status: 'inShipping' })
    await insertOrder('o3', { minutesAgo: 1, status: 'confirmed' })
    expect((await listAllOrders(db, { status: 'confirmed' })).items.map((o) => o.id)).toEqual(['o3', 'o1'])
    expect(await listAllOrders(db, { status: 'inShipping' })).toMatchObject({ total: 1, items: [{ id: 'o2' }] })
    expect(await listAllOrders(db, { status: 'rejected' })).toEqual({ items: [], total: 0, page: 1, pageCount: 1 })
    expect((await listAllOrders(db, { status: 'shipped' })).total).toBe(3)
    expect((await listAllOrders(db, { status: '' })).total).toBe(3)
    expect((await listAllOrders(db, { status: null })).total).toBe(3)
  })

  it('pages by ADMIN_ORDERS_PAGE_SIZE, newest first across pages, with the filter applied to the count', async () => {
    const count = ADMIN_ORDERS_PAGE_SIZE + 5
    for (let i = 0; i < count; i++) {
      await insertOrder(`o${String(i).padStart(3, '0')}`, { minutesAgo: i, status: i % 5 === 0 ? 'rejected' : 'confirmed' })
    }
    const first = await listAllOrders(db)
    expect(first).toMatchObject({ total: count, page: 1, pageCount: 2 })
    expect(first.items).toHaveLength(ADMIN_ORDERS_PAGE_SIZE)
    expect(first.items[0]?.id).toBe('o000')
    const second = await listAllOrders(db, { page: 2 })
    expect(second.items.map((o) => o.id)).toEqual(['o020', 'o021', 'o022', 'o023', 'o024'])
    expect(new Set([...first.items, ...second.items].map((o) => o.id)).size).toBe(count)
    expect((await listAllOrders(db, { page: 3 })).items).toEqual([])
    expect((await listAllOrders(db, { page: 0 })).page).toBe(1)
    expect((await listAllOrders(db, { page: -4 })).items[0]?.id).toBe('o000')

    const rejected = await listAllOrders(db, { status: 'rejected' })
    expect(rejected).toMatchObject({ total: 5, pageCount: 1 })
    expect(rejected.items.map((o) => o.id)).toEqual(['o000', 'o005', 'o010', 'o015', 'o020'])
  })
})

describe('TEST MODE orders', () => {
  it('are marked in the list and the details, real ones are not', async () => {
    await insertOrderFixture(db, { id: 'real', user: asha, date: new Date('2026-11-20T10:00:00Z') })
    await insertOrderFixture(db, { id: 'test', user: asha, date: new Date('2026-11-20T11:00:00Z'), gateway: 'test' })
    const { items } = await listAllOrders(db)
    expect(items.map((o) => [o.id, o.testMode])).toEqual([
      ['test', true],
      ['real', false],
    ])
    const detail = await getOrderDetail(db, 'test', owner)
    expect(detail.testMode).toBe(true)
    expect((await getOrderDetail(db, 'real', owner)).testMode).toBe(false)
  })
})

describe('updateOrderStatus', () => {
  it('walks an order along the lifecycle table, recording each change with the admin and time', async () => {
    await insertOrder('o1')
    const walk = ['inProcess', 'inShipping', 'delivered'] as const
    for (const status of walk) {
      await updateOrderStatus(db, 'o1', status, owner.id)
      expect((await getOrderDetail(db, 'o1', owner)).orderStatus).toBe(status)
    }
    expect(await historyOf('o1')).toEqual([
      { status: 'pending', note: 'Order placed', changed_by: asha.id },
      { status: 'confirmed', note: 'Payment received', changed_by: asha.id },
      ...walk.map((status) => ({ status, note: 'Changed by the admin', changed_by: owner.id })),
    ])
    const detail = await getOrderDetail(db, 'o1', asha)
    expect(detail.history.map((h) => h.status)).toEqual(['pending', 'confirmed', ...walk])
    for (const h of detail.history) expect(h.changedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
  })

  it('refuses a move the table forbids (back to pending after delivery) with a clear 400, changing nothing', async () => {
    await insertOrder('o1', { status: 'delivered' })
    const error = await rejection(updateOrderStatus(db, 'o1', 'pending', owner.id))
    expect(error).toBeInstanceOf(MoveRefused)
    expect(error).toMatchObject({ status: 400, message: 'An order that is delivered cannot be set to pending payment.' })
    expect((error as MoveRefused).errors).toEqual({ orderStatus: ['An order that is delivered cannot be set to pending payment.'] })
    expect((await getOrderDetail(db, 'o1', owner)).orderStatus).toBe('delivered')
    expect(await historyOf('o1')).toHaveLength(2)
  })

  it('is NotFound for an unknown order and writes no history', async () => {
    const error = await rejection(updateOrderStatus(db, 'no-such-order', 'delivered', owner.id))
    expect(error).toBeInstanceOf(NotFound)
    expect((error as NotFound).message).toBe('Order not found.')
    expect(await db.selectFrom('order_status_history').selectAll().execute()).toEqual([])
  })
})
