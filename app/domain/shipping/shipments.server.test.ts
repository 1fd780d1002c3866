// The owner's 'Ship' books exactly one parcel through the aggregator (Shiprocket's client against the
// local fake): a double tap, a retry after a timeout or a 5xx, an AWB assigned twice and a kill between
// the booking and saving the AWB all end with one parcel, its AWB saved and the order shipped once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, owner } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { freshDbWithUsers } from '../../../tests/helpers/test-users'
import { type FakeShiprocket, startFakeShiprocket } from '../../../tests/fake-shiprocket'
import type { OrderStatus } from '../../../db/schema'
import { shiprocketShipping } from '~/infra/shiprocket-shipping.server'
import { SHIPMENT_MESSAGES } from '~/lib/shipments'
import { ServiceUnavailable } from '~/domain/errors'
import { MoveRefused } from '~/domain/orders/order-lifecycle.server'
import { bookShipment, dayManifest, readShipment, shipmentLabel } from './shipments.server'
import { type BookingRequest, manualShipping, ShipsByHand, type ShippingProvider } from './shipping-provider'

const fresh = freshDbWithUsers([asha, owner])
let fake: FakeShiprocket
let provider: ShippingProvider

beforeAll(async () => {
  fake = await startFakeShiprocket()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.orders.clear()
  fake.awbsAssigned = 0
  fake.requests.length = 0
  provider = shiprocketShipping({ apiBase: fake.url, email: fake.email, password: fake.password, pickupLocation: 'Studio', timeoutMs: 1500 })
})

const anOrder = (status: OrderStatus = 'inProcess', id = 'o1') => insertOrder(fresh.db, { id, user: asha, status, date: new Date('2026-11-20T10:00:00Z') })
const orderRow = (id = 'o1') =>
  fresh.db.selectFrom('orders').select(['order_status', 'tracking_carrier', 'tracking_number']).where('id', '=', id).executeTakeFirstOrThrow()
const shippedMails = () => fresh.db.selectFrom('mail_outbox').select('dedupe_key').where('dedupe_key', '=', 'order-status:o1:inShipping').execute()

describe('bookShipment', () => {
  it('books the parcel under our order id, saves the AWB, ships the order with its mail and asks for a pickup', async () => {
    await anOrder()
    const booked = await bookShipment(fresh.db, provider, 'o1', owner.id)
    expect(booked).toMatchObject({ status: 'booked', courierName: 'Delhivery Surface' })
    expect(booked.awb).toMatch(/^1900\d{8}$/)
    expect(fake.orders.get('o1')).toMatchObject({ awb: booked.awb, pickupRequested: true })
    expect(await orderRow()).toEqual({ order_status: 'inShipping', tracking_carrier: 'Delhivery Surface', tracking_number: booked.awb })
    expect(await shippedMails()).toHaveLength(1)
  })

  it('a double tap books one parcel: both taps answer the same AWB', async () => {
    await anOrder()
    const [a, b] = await Promise.all([bookShipment(fresh.db, provider, 'o1', owner.id), bookShipment(fresh.db, provider, 'o1', owner.id)])
    expect(a.awb).toBe(b.awb)
    expect(fake.orders.size).toBe(1)
    expect(fake.awbsAssigned).toBe(1)
    expect(await shippedMails()).toHaveLength(1)
  })

  it('a timeout after the aggregator assigned the AWB: the retry finds it (one parcel), the order ships once', async () => {
    await anOrder()
    fake.fault('/v1/external/courier/assign/awb', { when: 'after', lateMs: 3000 })
    const error = await rejection(bookShipment(fresh.db, provider, 'o1', owner.id))
    expect(error).toBeInstanceOf(ServiceUnavailable)
    expect((error as Error).message).toBe(SHIPMENT_MESSAGES.courierDown)
    expect(await readShipment(fresh.db, 'o1')).toMatchObject({ status: 'booking', awb: null })
    expect((await orderRow()).order_status).toBe('inProcess')
    const retried = await bookShipment(fresh.db, provider, 'o1', owner.id)
    expect(retried.awb).toBe(fake.orders.get('o1')?.awb)
    expect(fake.awbsAssigned).toBe(1)
    expect((await orderRow()).order_status).toBe('inShipping')
  })

  it('a 5xx before anything was booked leaves the intent; the retry books one parcel', async () => {
    await anOrder()
    fake.fault('/v1/external/orders/create/adhoc', { when: 'before', status: 503 })
    expect(await rejection(bookShipment(fresh.db, provider, 'o1', owner.id))).toBeInstanceOf(ServiceUnavailable)
    expect(fake.orders.size).toBe(0)
    await bookShipment(fresh.db, provider, 'o1', owner.id)
    expect(fake.orders.size).toBe(1)
    expect(fake.awbsAssigned).toBe(1)
  })

  it('a 500 answered after the AWB was assigned: the order asked again carries it, no second assignment', async () => {
    await anOrder()
    fake.fault('/v1/external/courier/assign/awb', { when: 'after', status: 500 })
    const booked = await bookShipment(fresh.db, provider, 'o1', owner.id)
    expect(booked.awb).toBe(fake.orders.get('o1')?.awb)
    expect(fake.awbsAssigned).toBe(1)
  })

  it('an AWB already assigned (two calls racing) is read back, not assigned again', async () => {
    const request: BookingRequest = {
      channelOrderId: 'race-1',
      orderNumber: '#1001',
      orderedAt: '2026-11-27T05:00:00.000Z',
      customer: { name: 'Asha', email: 'asha@example.com', phone: '+919845012345', line1: '1 MG Road', line2: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
      items: [{ name: 'Ocean coaster', sku: 'p1', units: 1, unitPricePaise: 49_900 }],
      subtotalPaise: 49_900,
      parcel: { grams: 500, lengthCm: 10, breadthCm: 10, heightCm: 10 },
    }
    const [a, b] = await Promise.all([provider.book(request), provider.book(request)])
    expect(a.awb).toBe(b.awb)
    expect(fake.awbsAssigned).toBe(1)
    expect(fake.requests.filter((r) => r === 'POST /v1/external/courier/assign/awb')).toHaveLength(2)
  })

  it('a kill between the booking and saving the AWB: the next Ship recovers the same parcel', async () => {
    await anOrder()
    // The process dies after the aggregator answered: the booking is made, nothing saved.
    const dying: ShippingProvider = {
      ...provider,
      async book(request) {
        await provider.book(request)
        throw new Error('SIGKILL')
      },
    }
    await expect(bookShipment(fresh.db, dying, 'o1', owner.id)).rejects.toThrow('SIGKILL')
    expect(await readShipment(fresh.db, 'o1')).toMatchObject({ status: 'booking', awb: null })
    const recovered = await bookShipment(fresh.db, provider, 'o1', owner.id)
    expect(recovered.awb).toBe(fake.orders.get('o1')?.awb)
    expect(fake.orders.size).toBe(1)
    expect(fake.awbsAssigned).toBe(1)
    expect(await shippedMails()).toHaveLength(1)
  })

  it("books the parcel with each line's own package: the owner's weight and box, else the category's", async () => {
    const booked: BookingRequest[] = []
    const watching: ShippingProvider = {
      ...provider,
      book(request) {
        booked.push(request)
        return provider.book(request)
      },
    }
    // The fixture's line is the product 'vase': a home-decor piece the owner weighed at 2.2 kg in a 30 x 30 x 10 box.
    await insertProducts(fresh.db, [{ id: 'vase', category: 'home-decor' }])
    await fresh.db.updateTable('products').set({ weight_grams: 2200, length_cm: 30, breadth_cm: 30, height_cm: 10 }).where('id', '=', 'vase').execute()
    await anOrder()
    await bookShipment(fresh.db, watching, 'o1', owner.id)
    expect(booked[0]?.parcel).toEqual({ grams: 2200, lengthCm: 30, breadthCm: 30, heightCm: 10 })

    // Two of a home-decor piece with no measures of its own: the category's 900 g in 25 x 25 x 8 each,
    // billed by volume (2 x 5000 cm3 / 5000 = 2 kg) in one box of their summed volume.
    await fresh.db.updateTable('products').set({ weight_grams: null, length_cm: null, breadth_cm: null, height_cm: null }).where('id', '=', 'vase').execute()
    await insertOrder(fresh.db, { id: 'o2', user: asha, status: 'inProcess', quantity: 2, date: new Date('2026-11-20T10:00:00Z') })
    await bookShipment(fresh.db, watching, 'o2', owner.id)
    expect(booked[1]?.parcel).toEqual({ grams: 2000, lengthCm: 22, breadthCm: 22, heightCm: 22 })
  })

  it('refuses an order not accepted yet, and books nothing', async () => {
    await anOrder('confirmed')
    const error = await rejection(bookShipment(fresh.db, provider, 'o1', owner.id))
    expect(error).toBeInstanceOf(MoveRefused)
    expect((error as Error).message).toBe(SHIPMENT_MESSAGES.notAccepted)
    expect(fake.orders.size).toBe(0)
    expect(await readShipment(fresh.db, 'o1')).toBeNull()
  })

  it('the manual provider books nothing: the owner types the tracking', async () => {
    await anOrder()
    expect(await rejection(bookShipment(fresh.db, manualShipping(), 'o1', owner.id))).toBeInstanceOf(ShipsByHand)
    expect((await orderRow()).order_status).toBe('inProcess')
  })
})

describe('labels and the manifest', () => {
  it("serves the aggregator's label PDF of a booked parcel and the day's manifest", async () => {
    await anOrder()
    const booked = await bookShipment(fresh.db, provider, 'o1', owner.id)
    const label = await shipmentLabel(fresh.db, provider, 'o1')
    expect(label.awb).toBe(booked.awb)
    expect(Buffer.from(label.pdf).subarray(0, 5).toString()).toBe('%PDF-')
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
    expect(Buffer.from(await dayManifest(fresh.db, provider, today)).subarray(0, 5).toString()).toBe('%PDF-')
    await expect(dayManifest(fresh.db, provider, '2020-01-01')).rejects.toThrow(SHIPMENT_MESSAGES.noParcelsThatDay)
  })
})
