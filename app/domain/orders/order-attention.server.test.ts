// 'Needs attention': one where for every reader (the All Orders filter and its count).
import { describe, expect, it } from 'vitest'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { freshDbWithUsers } from '../../../tests/helpers/test-users'
import { listAllOrders } from './admin-orders.server'
import { countNeedsAttention } from './order-attention.server'
import type { RefundReason, RefundStatus } from '~/lib/refunds'

const asha = { id: 'u-asha', userName: 'Asha', email: 'asha@example.com' }

const fresh = freshDbWithUsers([asha])

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes))

/** An order that will not ship, with its refund row as the lifecycle queues it (needs_refund set until processed). */
async function refundedOrder(id: string, minute: number, reason: RefundReason, status: RefundStatus) {
  const orderStatus = reason === 'cancelled' ? 'cancelled' : 'rejected'
  await insertOrder(fresh.db, { id, user: asha, date: at(minute), status: orderStatus, needsRefund: status !== 'processed' })
  const now = at(minute).toISOString()
  await fresh.db
    .insertInto('refunds')
    .values({ id: `rf-${id}`, order_id: id, gateway: 'razorpay', gateway_payment_id: `pay_${id}`, amount_paise: 149_900, status, reason, next_attempt_at: now, updated_at: now })
    .execute()
}

describe('needs attention', () => {
  it('lists orders flagged for a refund before refunds existed (no refund row), newest first, with the status filter on top', async () => {
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

  it('lists failed refunds and paid orders that could not be filled, not the routine refunds of cancels and rejections', async () => {
    await refundedOrder('cancel-queued', 1, 'cancelled', 'queued')
    await refundedOrder('cancel-pending', 2, 'cancelled', 'pending')
    await refundedOrder('cancel-processed', 3, 'cancelled', 'processed')
    await refundedOrder('rejected-pending', 4, 'rejected', 'pending')
    await refundedOrder('late-pending', 5, 'late_payment', 'pending')
    await refundedOrder('cancel-failed', 6, 'cancelled', 'failed')
    await refundedOrder('unfillable-pending', 7, 'unfillable', 'pending')
    await refundedOrder('unfillable-queued', 8, 'unfillable', 'queued')
    await refundedOrder('unfillable-processed', 9, 'unfillable', 'processed')
    await refundedOrder('unfillable-failed', 10, 'unfillable', 'failed')
    // Flagged before refunds existed: no refund row, the owner refunds it by hand.
    await insertOrder(fresh.db, { id: 'legacy', user: asha, date: at(11), needsRefund: true })
    const list = await listAllOrders(fresh.db, { attention: true })
    expect(list.items.map((o) => o.id)).toEqual(['legacy', 'unfillable-failed', 'unfillable-queued', 'unfillable-pending', 'cancel-failed'])
    expect(await countNeedsAttention(fresh.db)).toBe(5)
    expect((await listAllOrders(fresh.db, { attention: true, status: 'cancelled' })).items.map((o) => o.id)).toEqual(['cancel-failed'])
  })

  it('is empty when nothing needs attention', async () => {
    await insertOrder(fresh.db, { id: 'fine', user: asha, date: at(1) })
    expect(await listAllOrders(fresh.db, { attention: true })).toEqual({ items: [], total: 0, page: 1, pageCount: 1 })
    expect(await countNeedsAttention(fresh.db)).toBe(0)
  })
})
