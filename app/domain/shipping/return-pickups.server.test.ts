// An approved return is collected by the courier (ADR 104), through Shiprocket's client against the
// local fake: the pickup is booked once however the approval is tapped, retried or cut short (a double
// tap, a timeout then "Book pickup", a kill between the intent and the record); a failure leaves the
// return approved and the shopper told where to send it; the mail and the order's return name the
// courier and the AWB; the return AWB's scans are kept once and a delivery marks the pickup delivered.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { asha, owner } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { freshDbWithUsers } from '../../../tests/helpers/test-users'
import { type FakeShiprocket, startFakeShiprocket } from '../../../tests/fake-shiprocket'
import { shiprocketShipping } from '~/infra/shiprocket-shipping.server'
import { readReturn } from '~/domain/orders/returns.server'
import { approveReturnWithPickup, bookReturnPickup, pollReturnPickups, recordReturnPickupScans, studioAddress } from './return-pickups.server'
import { manualShipping, type ReturnPickupRequest, type ShippingProvider } from './shipping-provider'

const fresh = freshDbWithUsers([asha, owner])
let fake: FakeShiprocket
let provider: ShippingProvider

beforeAll(async () => {
  fake = await startFakeShiprocket()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.orders.clear()
  fake.returnOrders = 0
  fake.awbsAssigned = 0
  fake.requests.length = 0
  provider = shiprocketShipping({ apiBase: fake.url, email: fake.email, password: fake.password, pickupLocation: 'Studio', pickupPhone: '9876543210', timeoutMs: 1500 })
})

/** A delivered order of two pieces and a requested return of one. */
async function aReturn(id = 'r1') {
  await insertOrder(fresh.db, { id: 'o1', user: asha, status: 'delivered', quantity: 2, date: new Date('2026-11-20T10:00:00Z') })
  await fresh.db
    .insertInto('returns')
    .values({ id, order_id: 'o1', number: 1, status: 'requested', items: JSON.stringify([{ line: 0, quantity: 1, reason: 'changedMind' }]), updated_at: '2026-11-25T10:00:00.000Z' })
    .execute()
}
const approve = (p: ShippingProvider = provider) => approveReturnWithPickup(fresh.db, p, 'o1', 'r1', 'Happy to take it back', owner.id)
const approvedMails = () => fresh.db.selectFrom('mail_outbox').select(['dedupe_key', 'text']).where('kind', '=', 'return-approved').orderBy('id').execute()
const pickupRow = () => fresh.db.selectFrom('return_pickups').selectAll().where('return_id', '=', 'r1').executeTakeFirst()

describe('approveReturnWithPickup', () => {
  it('books the pickup from the order address to the studio under the return id; the mail and the return name courier and AWB', async () => {
    await aReturn()
    const asked: ReturnPickupRequest[] = []
    const watching: ShippingProvider = {
      ...provider,
      bookReturnPickup(request) {
        asked.push(request)
        return provider.bookReturnPickup(request)
      },
    }
    const { ret, pickup } = await approve(watching)
    expect(ret.status).toBe('approved')
    expect(pickup).toMatchObject({ booked: true })
    const awb = fake.orders.get('return:r1')?.awb
    expect(awb).toBeTruthy()
    expect(ret.pickup).toEqual({ carrier: fake.orders.get('return:r1')?.courierName, awb, trackingUrl: `https://shiprocket.co/tracking/${awb}`, status: 'booked', lastError: null })
    expect(asked[0]).toMatchObject({ channelReturnId: 'r1', from: { line1: '221 Residency Road', pincode: '560025' }, items: [{ units: 1 }] })
    expect(asked[0]?.to.pincode).toMatch(/^\d{6}$/)
    const mails = await approvedMails()
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain(`AWB ${awb}`)
    expect(mails[0]?.text).not.toContain('send them to')
  })

  it('a double tap books one pickup (the second tap is refused: already approved)', async () => {
    await aReturn()
    const results = await Promise.allSettled([approve(), approve()])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(fake.returnOrders).toBe(1)
    expect(fake.awbsAssigned).toBe(1)
    // and "Book pickup" on a booked one answers the same AWB
    const again = await bookReturnPickup(fresh.db, provider, 'o1', 'r1')
    expect(again.pickup).toMatchObject({ booked: true, awb: fake.orders.get('return:r1')?.awb })
    expect(fake.returnOrders).toBe(1)
    expect(await approvedMails()).toHaveLength(1)
  })

  it('a timeout after the AWB was assigned: approved, "Pickup not booked", the shopper told where to send it; Book pickup finds the same pickup', async () => {
    await aReturn()
    fake.fault('/v1/external/courier/assign/awb', { when: 'after', lateMs: 3000 })
    const first = await approve()
    expect(first.ret.status).toBe('approved')
    expect(first.pickup).toMatchObject({ booked: false })
    expect(first.ret.pickup).toMatchObject({ status: 'booking', awb: null })
    expect(first.ret.pickup?.lastError).toBeTruthy()
    expect((await approvedMails())[0]?.text).toContain('send them to')
    const retried = await bookReturnPickup(fresh.db, provider, 'o1', 'r1')
    expect(retried.pickup).toMatchObject({ booked: true, awb: fake.orders.get('return:r1')?.awb })
    expect(fake.returnOrders).toBe(1)
    expect(fake.awbsAssigned).toBe(1)
    const mails = await approvedMails()
    expect(mails.map((m) => m.dedupe_key)).toEqual(['return-approved:r1', 'return-pickup:r1'])
    expect(mails[1]?.text).toContain('will collect')
  })

  it('a kill between the intent and the record: Book pickup recovers the same pickup, one mail', async () => {
    await aReturn()
    const dying: ShippingProvider = {
      ...provider,
      async bookReturnPickup(request) {
        await provider.bookReturnPickup(request)
        throw new Error('SIGKILL')
      },
    }
    await expect(approve(dying)).rejects.toThrow('SIGKILL')
    expect((await readReturn(fresh.db, 'r1')).status).toBe('approved')
    expect(await pickupRow()).toMatchObject({ status: 'booking', awb: null })
    expect(await approvedMails()).toHaveLength(0)
    const recovered = await bookReturnPickup(fresh.db, provider, 'o1', 'r1')
    expect(recovered.pickup).toMatchObject({ booked: true, awb: fake.orders.get('return:r1')?.awb })
    expect(fake.returnOrders).toBe(1)
    expect(fake.awbsAssigned).toBe(1)
    expect(await approvedMails()).toHaveLength(1)
  })

  it('the shop ships by hand: no pickup, the mail says where to send it', async () => {
    await aReturn()
    const { ret, pickup } = await approve(manualShipping())
    expect(pickup).toBeNull()
    expect(ret.pickup).toBeUndefined()
    expect(await pickupRow()).toBeUndefined()
    expect((await approvedMails())[0]?.text).toContain('send them to')
  })
})

describe('recordReturnPickupScans', () => {
  it('keeps each scan once and a delivery marks the pickup delivered; the return stays approved', async () => {
    await aReturn()
    await approve()
    const awb = (await pickupRow())?.awb as string
    const scans = [
      { status: 'pickedUp' as const, activity: 'Picked up', location: 'Bengaluru', at: '2026-11-28T10:00:00Z' },
      { status: 'delivered' as const, activity: 'Delivered', location: 'Bengaluru', at: '2026-11-29T10:00:00Z' },
    ]
    expect(await recordReturnPickupScans(fresh.db, awb, scans, 'webhook')).toMatchObject({ status: 'delivered', added: 2 })
    expect(await recordReturnPickupScans(fresh.db, awb, scans, 'poll')).toMatchObject({ added: 0 })
    expect(await recordReturnPickupScans(fresh.db, 'nope', scans, 'poll')).toBeNull()
    const ret = await readReturn(fresh.db, 'r1')
    expect(ret.status).toBe('approved')
    expect(ret.pickup?.status).toBe('delivered')
  })
})

describe('pollReturnPickups', () => {
  it('asks about a booked pickup once it is due and records the courier delivering it to the studio', async () => {
    await aReturn()
    await approve()
    const awb = (await pickupRow())?.awb as string
    const india = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000 + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ')
    fake.scan(awb, { label: 'PICKED UP', activity: 'Picked up from the shopper', date: india(120) })
    fake.scan(awb, { label: 'DELIVERED', activity: 'Delivered to the studio', date: india(5) })
    expect(await pollReturnPickups(fresh.db, provider)).toBe(0)
    await fresh.db.updateTable('return_pickups').set({ next_poll_at: '2000-01-01T00:00:00.000Z' }).execute()
    expect(await pollReturnPickups(fresh.db, provider)).toBe(2)
    expect(await pickupRow()).toMatchObject({ status: 'delivered', next_poll_at: null })
  })
})

describe('studioAddress', () => {
  it('reads the seller lines: street, city without the pincode, and the ship-from pincode', () => {
    const to = studioAddress('560001')
    expect(to.pincode).toBe('560001')
    expect(to.city).not.toMatch(/\d{6}/)
  })
})
