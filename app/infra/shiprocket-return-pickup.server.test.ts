// A courier pickup of an approved return through Shiprocket's client (ADR 102), against the local fake
// over HTTP: POST /orders/create/return under our return's id, then its AWB; asked twice, or again after
// a timeout that lost the AWB's answer, it is one return order with one AWB.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { rejection } from '../../tests/helpers/rejection'
import { type FakeShiprocket, startFakeShiprocket } from '../../tests/fake-shiprocket'
import { ServiceUnavailable } from '~/domain/errors'
import type { ReturnPickupRequest, ShippingProvider } from '~/domain/shipping/shipping-provider'
import { shiprocketShipping } from './shiprocket-shipping.server'

let fake: FakeShiprocket
let provider: ShippingProvider

beforeAll(async () => {
  fake = await startFakeShiprocket()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.orders.clear()
  fake.awbsAssigned = 0
  fake.returnOrders = 0
  provider = shiprocketShipping({ apiBase: fake.url, email: fake.email, password: fake.password, pickupLocation: 'Studio', timeoutMs: 1500 })
})

const request = (id = 'ret1'): ReturnPickupRequest => ({
  channelReturnId: id,
  orderNumber: 'RC-1042',
  approvedAt: new Date().toISOString(),
  from: { name: 'Asha', email: 'asha@example.com', phone: '+919845012345', line1: '221 Residency Road', line2: 'Near the clock tower', city: 'Bengaluru', state: 'Karnataka', pincode: '560025' },
  to: { name: 'Resin Craft Studio', phone: '9876543210', line1: '12 Lavelle Road, Ashok Nagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
  items: [{ name: 'Ocean resin vase', sku: 'vase', units: 1, unitPricePaise: 149_900 }],
  subtotalPaise: 149_900,
  parcel: { grams: 400, lengthCm: 15, breadthCm: 12, heightCm: 8 },
})

describe('bookReturnPickup', () => {
  it('creates a return order and assigns its AWB; asked again, the same pickup', async () => {
    const first = await provider.bookReturnPickup(request())
    expect(first.awb).toMatch(/^1900\d{8}$/)
    expect(first.courierName).toBe('Delhivery Surface')
    const again = await provider.bookReturnPickup(request())
    expect(again.awb).toBe(first.awb)
    expect(fake.returnOrders).toBe(1)
    expect(fake.awbsAssigned).toBe(1)
    expect(fake.requests.filter((r) => r === 'POST /v1/external/orders/create/return')).toHaveLength(2)
  })

  it('a timeout after the AWB was assigned: the retry finds it, one AWB', async () => {
    fake.fault('/v1/external/courier/assign/awb', { when: 'after', lateMs: 3000 })
    expect(await rejection(provider.bookReturnPickup(request()))).toBeInstanceOf(ServiceUnavailable)
    await new Promise((done) => setTimeout(done, 3100))
    const retried = await provider.bookReturnPickup(request())
    expect(retried.awb).toMatch(/^1900\d{8}$/)
    expect(fake.returnOrders).toBe(1)
    expect(fake.awbsAssigned).toBe(1)
  })

  it('a refused request (a missing field: 422) is CourierUnavailable, nothing booked', async () => {
    const bad = request()
    bad.from.phone = ''
    expect(await rejection(provider.bookReturnPickup(bad))).toBeInstanceOf(ServiceUnavailable)
    expect(fake.returnOrders).toBe(0)
  })
})
