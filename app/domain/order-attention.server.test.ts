// 'Needs attention': one where for every reader (the All Orders filter and its count).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { insertOrder } from '../../tests/helpers/order-fixtures'
import { createTestDb, type TestDb } from '../../tests/helpers/test-db'
import type { DB } from '../../db/database'
import { listAllOrders } from './admin-orders.server'
import { countNeedsAttention } from './order-attention.server'

const asha = { id: 'u-asha', userName: 'Asha', email: 'asha@example.com' }

let testDb: TestDb
let db: DB

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await db.insertInto('users').values({ id: asha.id, user_name: asha.userName, email: asha.email, password_hash: 'x', role: 'user' }).execute()
})

afterEach(async () => {
  await testDb?.cleanup()
})

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes))

describe('needs attention', () => {
  it('lists only orders flagged for a refund (stock short), newest first, with the status filter on top', async () => {
    await insertOrder(db, { id: 'fine', user: asha, date: at(1) })
    await insertOrder(db, { id: 'short-old', user: asha, date: at(2), needsRefund: true })
    await insertOrder(db, { id: 'short-new', user: asha, date: at(3), needsRefund: true, status: 'inProcess' })
    const list = await listAllOrders(db, { attention: true })
    expect(list.items.map((o) => o.id)).toEqual(['short-new', 'short-old'])
    expect(list).toMatchObject({ total: 2, page: 1, pageCount: 1 })
    expect((await listAllOrders(db, { attention: true, status: 'confirmed' })).items.map((o) => o.id)).toEqual(['short-old'])
    expect((await listAllOrders(db, { attention: false })).total).toBe(3)
    expect(await countNeedsAttention(db)).toBe(2)
  })

  it('is empty when nothing needs attention', async () => {
    await insertOrder(db, { id: 'fine', user: asha, date: at(1) })
    expect(await listAllOrders(db, { attention: true })).toEqual({ items: [], total: 0, page: 1, pageCount: 1 })
    expect(await countNeedsAttention(db)).toBe(0)
  })
})
