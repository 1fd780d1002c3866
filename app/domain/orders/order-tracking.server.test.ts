// Shipping details: set once an order is shipped, checked (carrier, number or http(s) link, lengths),
// editable while shipped or delivered, refused before, and recorded in the status history. The
// moves used here are all in ORDER_STATUS_MOVES, so the table's enforcement leaves them as they are.
import { describe, expect, it } from 'vitest'
import { asha, owner } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { freshDbWithUsers } from '../../../tests/helpers/test-users'
import type { OrderStatus } from '../../../db/schema'
import { TRACKING_MESSAGES } from '~/lib/tracking'
import { Invalid, NotFound } from '~/domain/errors'
import { NotShipped, setTracking, updateOrderByAdmin } from './order-tracking.server'
import { getOrderDetail } from './order-reads.server'


const fresh = freshDbWithUsers([asha, owner])

const anOrder = (status: OrderStatus, id = 'o1') => insertOrder(fresh.db, { id, user: asha, status, date: new Date('2026-11-20T10:00:00Z') })
const historyOf = (orderId: string) =>
  fresh.db.selectFrom('order_status_history').select(['status', 'note', 'changed_by']).where('order_id', '=', orderId).orderBy('id').execute()
const trackingColumns = (orderId: string) =>
  fresh.db.selectFrom('orders').select(['tracking_carrier', 'tracking_number', 'tracking_url', 'tracking_updated_at']).where('id', '=', orderId).executeTakeFirstOrThrow()

describe('setTracking', () => {
  it('sets carrier and number on a shipped order; the shopper sees them and the history says so', async () => {
    await anOrder('inShipping')
    expect(await setTracking(fresh.db, 'o1', { carrier: ' Delhivery ', trackingNumber: 'AWB 1234-5678' }, owner.id)).toBe(true)
    const order = await getOrderDetail(fresh.db, 'o1', asha)
    expect(order.tracking).toEqual({ carrier: 'Delhivery', number: 'AWB 1234-5678', url: null })
    expect((await historyOf('o1')).at(-1)).toEqual({ status: 'inShipping', note: 'Tracking: Delhivery · AWB 1234-5678', changed_by: owner.id })
    expect((await trackingColumns('o1')).tracking_updated_at).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('takes a link instead of a number, edits them while delivered, and the same details again write nothing', async () => {
    await anOrder('delivered')
    await setTracking(fresh.db, 'o1', { carrier: 'India Post', trackingUrl: 'https://www.indiapost.gov.in/track?id=EE123456789IN' }, owner.id)
    expect((await getOrderDetail(fresh.db, 'o1', owner)).tracking).toEqual({
      carrier: 'India Post',
      number: null,
      url: 'https://www.indiapost.gov.in/track?id=EE123456789IN',
    })
    const before = (await historyOf('o1')).length
    expect(await setTracking(fresh.db, 'o1', { carrier: 'India Post', trackingUrl: 'https://www.indiapost.gov.in/track?id=EE123456789IN' }, owner.id)).toBe(false)
    expect(await historyOf('o1')).toHaveLength(before)
    await setTracking(fresh.db, 'o1', { carrier: 'India Post', trackingNumber: 'EE123456789IN', trackingUrl: 'http://indiapost.gov.in/t' }, owner.id)
    expect((await getOrderDetail(fresh.db, 'o1', owner)).tracking).toEqual({ carrier: 'India Post', number: 'EE123456789IN', url: 'http://indiapost.gov.in/t' })
    expect(await historyOf('o1')).toHaveLength(before + 1)
  })

  it('removes them when every field is empty, and says so in the history', async () => {
    await anOrder('inShipping')
    await setTracking(fresh.db, 'o1', { carrier: 'Blue Dart', trackingNumber: '12345' }, owner.id)
    await setTracking(fresh.db, 'o1', { carrier: '', trackingNumber: '', trackingUrl: '' }, owner.id)
    expect((await getOrderDetail(fresh.db, 'o1', owner)).tracking).toBeNull()
    expect((await historyOf('o1')).at(-1)).toMatchObject({ status: 'inShipping', note: 'Shipping details removed' })
    expect(await trackingColumns('o1')).toMatchObject({ tracking_carrier: null, tracking_number: null, tracking_url: null })
  })

  it('refuses a link that is not http(s), over-long fields, and a carrier without number or link; nothing changes', async () => {
    await anOrder('inShipping')
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ carrier: 'Delhivery', trackingUrl: 'javascript:alert(1)' }, { trackingUrl: [TRACKING_MESSAGES.urlInvalid] }],
      [{ carrier: 'Delhivery', trackingUrl: 'ftp://example.com/x' }, { trackingUrl: [TRACKING_MESSAGES.urlInvalid] }],
      [{ carrier: 'Delhivery', trackingUrl: 'www.delhivery.com/track' }, { trackingUrl: [TRACKING_MESSAGES.urlInvalid] }],
      [{ carrier: 'Delhivery', trackingUrl: `https://example.com/${'a'.repeat(500)}` }, { trackingUrl: [TRACKING_MESSAGES.urlTooLong] }],
      [{ carrier: 'x'.repeat(61), trackingNumber: '1' }, { carrier: [TRACKING_MESSAGES.carrierTooLong] }],
      [{ carrier: 'Delhivery', trackingNumber: '1'.repeat(61) }, { trackingNumber: [TRACKING_MESSAGES.numberTooLong] }],
      [{ carrier: 'Delhivery', trackingNumber: '<b>1</b>' }, { trackingNumber: [TRACKING_MESSAGES.numberCharacters] }],
      [{ carrier: 'Delhivery' }, { trackingNumber: [TRACKING_MESSAGES.numberOrUrlRequired] }],
      [{ trackingNumber: 'AWB1' }, { carrier: [TRACKING_MESSAGES.carrierRequired] }],
      [{ carrier: ['Delhivery'], trackingNumber: 'AWB1' }, { carrier: expect.any(Array) }],
    ]
    for (const [input, errors] of cases) {
      const error = await rejection(setTracking(fresh.db, 'o1', input, owner.id))
      expect(error, JSON.stringify(input)).toBeInstanceOf(Invalid)
      expect((error as Invalid).errors, JSON.stringify(input)).toEqual(errors)
    }
    expect((await getOrderDetail(fresh.db, 'o1', owner)).tracking).toBeNull()
    expect(await historyOf('o1')).toHaveLength(2)
  })

  it('is refused before the order is shipped and after it ended elsewhere', async () => {
    for (const [i, status] of (['pending', 'confirmed', 'inProcess', 'rejected'] as const).entries()) {
      await anOrder(status, `o${i}`)
      const error = await rejection(setTracking(fresh.db, `o${i}`, { carrier: 'Delhivery', trackingNumber: 'AWB1' }, owner.id))
      expect(error, status).toBeInstanceOf(NotShipped)
      expect((error as NotShipped).message).toBe('Shipping details can be added once the order is shipped.')
      expect((error as NotShipped).status).toBe(400)
      expect((await getOrderDetail(fresh.db, `o${i}`, owner)).tracking).toBeNull()
    }
  })

  it('is NotFound for an unknown order', async () => {
    expect(await rejection(setTracking(fresh.db, 'nope', { carrier: 'Delhivery', trackingNumber: 'AWB1' }, owner.id))).toBeInstanceOf(NotFound)
  })
})

describe('updateOrderByAdmin', () => {
  it('moves an order into shipping and sets its details in one call; the history has both', async () => {
    await anOrder('inProcess')
    await updateOrderByAdmin(fresh.db, 'o1', { orderStatus: 'inShipping', tracking: { carrier: 'DTDC', trackingNumber: 'D123' } }, owner.id)
    const order = await getOrderDetail(fresh.db, 'o1', asha)
    expect(order.orderStatus).toBe('inShipping')
    expect(order.tracking).toEqual({ carrier: 'DTDC', number: 'D123', url: null })
    expect((await historyOf('o1')).slice(-2)).toEqual([
      { status: 'inShipping', note: 'Changed by the admin', changed_by: owner.id },
      { status: 'inShipping', note: 'Tracking: DTDC · D123', changed_by: owner.id },
    ])
  })

  it('checks the details before moving: a bad link leaves the order where it was', async () => {
    await anOrder('inProcess')
    const error = await rejection(updateOrderByAdmin(fresh.db, 'o1', { orderStatus: 'inShipping', tracking: { carrier: 'DTDC', trackingUrl: 'data:text/html,hi' } }, owner.id))
    expect(error).toBeInstanceOf(Invalid)
    expect((await getOrderDetail(fresh.db, 'o1', owner)).orderStatus).toBe('inProcess')
    expect(await historyOf('o1')).toHaveLength(2)
  })

  it('moves without details when they are empty, and refuses details with a move that does not ship', async () => {
    await anOrder('inProcess')
    await updateOrderByAdmin(fresh.db, 'o1', { orderStatus: 'inShipping', tracking: { carrier: '', trackingNumber: '', trackingUrl: '' } }, owner.id)
    expect(await getOrderDetail(fresh.db, 'o1', owner)).toMatchObject({ orderStatus: 'inShipping', tracking: null })

    await anOrder('confirmed', 'o2')
    const error = await rejection(updateOrderByAdmin(fresh.db, 'o2', { orderStatus: 'inProcess', tracking: { carrier: 'DTDC', trackingNumber: 'D1' } }, owner.id))
    expect(error).toBeInstanceOf(NotShipped)
    expect((await getOrderDetail(fresh.db, 'o2', owner)).orderStatus).toBe('confirmed')
  })

  it('with the current status (shipped or delivered) edits the details only, with no new move', async () => {
    await anOrder('inShipping')
    await updateOrderByAdmin(fresh.db, 'o1', { orderStatus: 'inShipping', tracking: { carrier: 'DTDC', trackingNumber: 'D9' } }, owner.id)
    expect((await historyOf('o1')).map((h) => h.note)).toEqual(['Order placed', 'Payment received', 'Tracking: DTDC · D9'])
    await updateOrderByAdmin(fresh.db, 'o1', { orderStatus: 'delivered', tracking: { carrier: 'DTDC', trackingNumber: 'D9' } }, owner.id)
    expect(await getOrderDetail(fresh.db, 'o1', owner)).toMatchObject({ orderStatus: 'delivered', tracking: { carrier: 'DTDC', number: 'D9' } })
  })

  it('without details is the status move as before', async () => {
    await anOrder('confirmed')
    await updateOrderByAdmin(fresh.db, 'o1', { orderStatus: 'inProcess' }, owner.id)
    expect(await getOrderDetail(fresh.db, 'o1', owner)).toMatchObject({ orderStatus: 'inProcess', tracking: null })
  })
})
