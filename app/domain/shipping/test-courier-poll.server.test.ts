// The demo shop's TEST MODE courier (ADR 086): a parcel the owner ships moves to delivered by itself,
// through the tracking poll alone, in about ten minutes, so the owner watches the timeline fill.
import { afterEach, describe, expect, it } from 'vitest'
import { asha, owner } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { freshDbWithUsers } from '../../../tests/helpers/test-users'
import { advanceClock, clock, setClock } from '~/domain/clock'
import { pollParcels } from './shipment-scans.server'
import { bookShipment } from './shipments.server'
import { testCourier } from '~/infra/test-courier.server'

const fresh = freshDbWithUsers([asha, owner])
afterEach(() => setClock())

describe('the TEST MODE courier', () => {
  it('walks a shipped order to delivered through the poll alone, one step every two minutes', async () => {
    setClock('2026-11-28T06:00:00Z')
    const courier = testCourier(() => clock.now().getTime())
    await insertOrder(fresh.db, { id: 'o1', user: asha, status: 'inProcess', date: new Date('2026-11-27T10:00:00Z') })
    await bookShipment(fresh.db, courier, 'o1', owner.id)
    const seen: string[] = []
    for (let minute = 1; minute <= 12; minute++) {
      advanceClock(60_000)
      await pollParcels(fresh.db, courier, { workerId: 'demo' })
      const row = await fresh.db.selectFrom('shipments').select('status').where('order_id', '=', 'o1').executeTakeFirstOrThrow()
      if (seen.at(-1) !== row.status) seen.push(row.status)
    }
    expect(seen).toEqual(['booked', 'pickedUp', 'inTransit', 'outForDelivery', 'delivered'])
    const order = await fresh.db.selectFrom('orders').select('order_status').where('id', '=', 'o1').executeTakeFirstOrThrow()
    expect(order.order_status).toBe('delivered')
  })

  it('a parcel booked before a restart still walks: its road starts when it is first asked about', async () => {
    const courier = testCourier(() => clock.now().getTime())
    setClock('2026-11-28T06:00:00Z')
    expect((await courier.track('TEST0000000000')).scans).toEqual([])
    advanceClock(8 * 60_000)
    expect((await courier.track('TEST0000000000')).scans.map((s) => s.status)).toEqual(['pickedUp', 'inTransit', 'outForDelivery', 'delivered'])
  })
})
