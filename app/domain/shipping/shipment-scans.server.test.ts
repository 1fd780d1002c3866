// A parcel's scans: kept once (a replay adds nothing), only forwards (a late "in transit" never moves a
// delivered order back), the order shipped and delivered by them with one mail each, "out for
// delivery" mailed once, a failed delivery in 'Needs attention', and the poll claiming each parcel once.
import { beforeEach, describe, expect, it } from 'vitest'
import { asha, owner } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { freshDbWithUsers } from '../../../tests/helpers/test-users'
import { countNeedsAttention } from '~/domain/orders/order-attention.server'
import { claimParcelsToPoll, pollParcels, recordScans } from './shipment-scans.server'
import type { ShippingProvider, TrackingScan } from './shipping-provider'

const fresh = freshDbWithUsers([asha, owner])
const AWB = '190000105001'

beforeEach(async () => {
  await insertOrder(fresh.db, { id: 'o1', user: asha, status: 'inShipping', date: new Date('2026-11-20T10:00:00Z') })
  await fresh.db
    .insertInto('shipments')
    .values({ order_id: 'o1', provider: 'shiprocket', status: 'booked', awb: AWB, courier_name: 'Delhivery Surface', provider_shipment_id: '105001', next_poll_at: '2026-11-20T00:00:00.000Z' })
    .execute()
})

const scan = (status: TrackingScan['status'], at: string, activity: string = status): TrackingScan => ({ status, at, activity, location: 'Bengaluru Hub' })
const orderStatus = async () => (await fresh.db.selectFrom('orders').select('order_status').where('id', '=', 'o1').executeTakeFirstOrThrow()).order_status
const mails = () => fresh.db.selectFrom('mail_outbox').select('dedupe_key').where('dedupe_key', 'like', 'order-status:o1:%').orderBy('id').execute()
const events = () => fresh.db.selectFrom('shipment_events').select(['status', 'source']).where('order_id', '=', 'o1').orderBy('scanned_at').execute()

describe('recordScans', () => {
  it('walks the parcel to delivered, the order with it, one mail for out-for-delivery and one for delivered', async () => {
    await recordScans(fresh.db, AWB, [scan('pickedUp', '2026-11-28T05:00:00Z'), scan('inTransit', '2026-11-28T12:00:00Z')], 'webhook')
    expect(await orderStatus()).toBe('inShipping')
    await recordScans(fresh.db, AWB, [scan('outForDelivery', '2026-11-30T03:00:00Z')], 'webhook')
    const result = await recordScans(fresh.db, AWB, [scan('delivered', '2026-11-30T09:00:00Z')], 'webhook')
    expect(result).toEqual({ orderId: 'o1', status: 'delivered', added: 1 })
    expect(await orderStatus()).toBe('delivered')
    expect((await mails()).map((m) => m.dedupe_key)).toEqual(['order-status:o1:outForDelivery', 'order-status:o1:delivered'])
    expect(await events()).toHaveLength(4)
  })

  it('a replayed webhook adds nothing and mails nothing again', async () => {
    const scans = [scan('outForDelivery', '2026-11-30T03:00:00Z'), scan('delivered', '2026-11-30T09:00:00Z')]
    await recordScans(fresh.db, AWB, scans, 'webhook')
    const again = await recordScans(fresh.db, AWB, scans, 'webhook')
    expect(again?.added).toBe(0)
    expect(await events()).toHaveLength(2)
    // Delivered in the same breath: no "out for delivery" mail after the parcel arrived.
    expect((await mails()).map((m) => m.dedupe_key)).toEqual(['order-status:o1:delivered'])
  })

  it('a late "in transit" after "delivered" is kept in the timeline but moves nothing back', async () => {
    await recordScans(fresh.db, AWB, [scan('delivered', '2026-11-30T09:00:00Z')], 'webhook')
    const late = await recordScans(fresh.db, AWB, [scan('inTransit', '2026-11-29T09:00:00Z')], 'poll')
    expect(late).toMatchObject({ status: 'delivered', added: 1 })
    expect(await orderStatus()).toBe('delivered')
    expect(await events()).toEqual([
      { status: 'inTransit', source: 'poll' },
      { status: 'delivered', source: 'webhook' },
    ])
  })

  it('a scan told late (picked up, after in transit) is kept but does not move the parcel back', async () => {
    await recordScans(fresh.db, AWB, [scan('inTransit', '2026-11-28T12:00:00Z')], 'webhook')
    expect(await recordScans(fresh.db, AWB, [scan('pickedUp', '2026-11-28T05:00:00Z')], 'webhook')).toMatchObject({ status: 'inTransit', added: 1 })
  })

  it('a failed delivery puts the order in Needs attention until a later scan moves it on', async () => {
    await recordScans(fresh.db, AWB, [scan('undelivered', '2026-11-30T09:00:00Z', 'Customer not available')], 'webhook')
    expect(await countNeedsAttention(fresh.db)).toBe(1)
    await recordScans(fresh.db, AWB, [scan('delivered', '2026-12-01T09:00:00Z')], 'webhook')
    expect(await countNeedsAttention(fresh.db)).toBe(0)
  })

  it('answers null for an AWB the shop never booked', async () => {
    expect(await recordScans(fresh.db, 'NOPE1234', [scan('delivered', '2026-11-30T09:00:00Z')], 'webhook')).toBeNull()
  })
})

describe('the tracking poll', () => {
  it('two workers never claim the same parcel, and a polled parcel is not due again at once', async () => {
    const [a, b] = await Promise.all([claimParcelsToPoll(fresh.db, { workerId: 'a', limit: 5 }), claimParcelsToPoll(fresh.db, { workerId: 'b', limit: 5 })])
    expect(a.length + b.length).toBe(1)
    await fresh.db.updateTable('shipments').set({ claimed_until: null }).execute()
    const provider = { name: 'shiprocket', track: async () => ({ scans: [scan('pickedUp', '2026-11-28T05:00:00Z')], expectedDelivery: '2026-12-03' }) } as unknown as ShippingProvider
    expect(await pollParcels(fresh.db, provider, { workerId: 'a' })).toBe(1)
    expect(await claimParcelsToPoll(fresh.db, { workerId: 'a', limit: 5 })).toEqual([])
    const row = await fresh.db.selectFrom('shipments').select(['status', 'expected_delivery', 'claimed_by']).executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'pickedUp', expected_delivery: '2026-12-03', claimed_by: null })
  })
})
