// 'Needs attention': one where for every reader (the All Orders filter and its count).
import { describe, expect, it } from 'vitest'
import { insertOrder } from '../../tests/helpers/order-fixtures'
import { freshDbWithUsers } from '../../tests/helpers/test-users'
import { listAllOrders } from './admin-orders.server'
import { countNeedsAttention } from './order-attention.server'

const asha = { id: 'u-asha', userName: 'Asha', email: 'asha@example.com' }

const fresh = freshDbWithUsers([asha])

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes))

describe('needs attention', () => {
  it('lists only orders flagged for a refund (stock short), newest first, with the status filter on top', async () => {
    await insertOrder(fresh.db, { id: 'fine', user: asha, date: at(1) })
    await insertOrder(fresh.db, { id: 'short-old', user: asha, date: at(2), needsRefund: true })
    await insertOrder(fresh.db, { id: 'short-new', user: asha, date: at(3), needsRefund: true, status: 'inProcess' })
    const list = await listAllOrders(fresh.db, { attention: true })
    expect(list.items.map((o) => o.id)).toEqual(['short-new', 'short-old'])
    expect(list).toMatchObject({ total: 2, page: 1, pageCount: 1 })
    expect((await listAllOrders(fresh.db, { attention: true, status: 'confirmed' })).items.map((o) => o.id)).toEqual(['short-old'])
    expect((await listAllOrders(fresh.db, { attention: false })).total).toBe(3)
    expect(await countNeedsAttention(fresh.db)).toBe(2)
  })

  it('is empty when nothing needs attention', async () => {
    await insertOrder(fresh.db, { id: 'fine', user: asha, date: at(1) })
    expect(await listAllOrders(fresh.db, { attention: true })).toEqual({ items: [], total: 0, page: 1, pageCount: 1 })
    expect(await countNeedsAttention(fresh.db)).toBe(0)
  })
})
