// Failed deliveries and returns to origin (ADR 102), against the local fake Shiprocket over HTTP: an NDR
// scan lands in 'Needs attention' with its reason and one mail; the owner's Re-attempt (with a corrected
// phone and address) or Return to origin is sent once however often it is tapped or retried after a
// timeout; RTO scans move the parcel back; "Received back" restocks once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, owner } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { freshDbWithUsers } from '../../../tests/helpers/test-users'
import { type FakeShiprocket, startFakeShiprocket } from '../../../tests/fake-shiprocket'
import { shiprocketShipping } from '~/infra/shiprocket-shipping.server'
import { NDR_MESSAGES } from '~/lib/shipments'
import { Invalid, ServiceUnavailable } from '~/domain/errors'
import { countNeedsAttention } from '~/domain/orders/order-attention.server'
import { answerNdr, readNdrs, readRto, receiveParcelBack } from './parcel-ndrs.server'
import { pollParcels, recordScans } from './shipment-scans.server'
import { bookShipment } from './shipments.server'
import type { ShippingProvider } from './shipping-provider'

const fresh = freshDbWithUsers([asha, owner])
let fake: FakeShiprocket
let provider: ShippingProvider
let awb: string

/** "2026-11-28 10:15:00" in India time, `minutes` from now. */
const indiaTime = (minutes: number) => new Date(Date.now() + minutes * 60_000 + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ')

beforeAll(async () => {
  fake = await startFakeShiprocket()
})
afterAll(() => fake.close())
beforeEach(async () => {
  fake.orders.clear()
  fake.ndrActions.length = 0
  provider = shiprocketShipping({ apiBase: fake.url, email: fake.email, password: fake.password, pickupLocation: 'Studio', timeoutMs: 1500 })
  await insertProducts(fresh.db, [{ id: 'vase', stock: 5 }])
  await insertOrder(fresh.db, { id: 'o1', user: asha, status: 'inProcess', quantity: 2, date: new Date('2026-11-20T10:00:00Z') })
  awb = (await bookShipment(fresh.db, provider, 'o1', owner.id)).awb ?? ''
  fake.scan(awb, { label: 'PICKED UP', activity: 'Picked up', date: indiaTime(-120) })
})

const poll = () => fresh.db.updateTable('shipments').set({ next_poll_at: '2000-01-01T00:00:00.000Z' }).execute().then(() => pollParcels(fresh.db, provider, { workerId: 'w' }))
const ndrMails = () => fresh.db.selectFrom('mail_outbox').select(['dedupe_key', 'text']).where('kind', '=', 'order-deliveryFailed').execute()
const stock = async () => (await fresh.db.selectFrom('products').select('total_stock').where('id', '=', 'vase').executeTakeFirstOrThrow()).total_stock
const shipmentStatus = async () => (await fresh.db.selectFrom('shipments').select('status').where('order_id', '=', 'o1').executeTakeFirstOrThrow()).status

describe('a failed delivery', () => {
  it("is recorded with Shiprocket's own NDR reason as the shop words it (ADR 104), once", async () => {
    fake.ndr(awb, { reason: 'Shipment undelivered', ndrReason: 'Consignee refused to accept', date: indiaTime(-60) })
    await poll()
    await poll()
    expect((await readNdrs(fresh.db, 'o1')).map((n) => n.reason)).toEqual(['Customer refused'])
  })

  it('is recorded with its reason, needs attention and mails the shopper once, however often it is told', async () => {
    fake.ndr(awb, { reason: 'Customer not available', date: indiaTime(-60) })
    await poll()
    await poll()
    const [ndr] = await readNdrs(fresh.db, 'o1')
    expect(ndr).toMatchObject({ attempt: 1, reason: 'Customer not available', action: null, actionState: 'open' })
    expect(await countNeedsAttention(fresh.db)).toBe(1)
    const mails = await ndrMails()
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('Customer not available')
    expect(mails[0]?.text).toContain(NDR_MESSAGES.shopperNext)
  })

  it('Re-attempt with a corrected phone and address: one action however often tapped, and it leaves Needs attention', async () => {
    fake.ndr(awb, { reason: 'Address incomplete', date: indiaTime(-60) })
    await poll()
    const answer = { action: 'reattempt' as const, phone: '+91 98450 99999', addressLine: '14 Park Street, Flat 2A', landmark: 'Opposite the post office' }
    const [a, b] = await Promise.all([answerNdr(fresh.db, provider, 'o1', answer, owner.id), answerNdr(fresh.db, provider, 'o1', answer, owner.id)])
    expect(a.actionState === 'sent' || b.actionState === 'sent').toBe(true)
    await answerNdr(fresh.db, provider, 'o1', answer, owner.id)
    expect(fake.ndrActions).toEqual([`${awb} re-attempt`])
    expect(fake.orders.get('o1')?.ndr?.history[0]).toMatchObject({ ndr_attempt: 1, phone: '9845099999', address1: '14 Park Street, Flat 2A', address2: 'Opposite the post office' })
    expect(await countNeedsAttention(fresh.db)).toBe(0)
    // A second failed attempt needs an answer of its own.
    fake.ndr(awb, { reason: 'Customer refused', date: indiaTime(-10) })
    await poll()
    expect(await countNeedsAttention(fresh.db)).toBe(1)
    expect((await readNdrs(fresh.db, 'o1')).map((n) => n.attempt)).toEqual([1, 2])
  })

  it('a timeout after the courier took the action: the retry sends no second one', async () => {
    fake.ndr(awb, { reason: 'Customer not available', date: indiaTime(-60) })
    await poll()
    fake.fault(`/v1/external/ndr/${awb}/action`, { when: 'after', lateMs: 3000 })
    const timedOut = await rejection(answerNdr(fresh.db, provider, 'o1', { action: 'reattempt' }, owner.id))
    expect(timedOut).toBeInstanceOf(ServiceUnavailable)
    expect((timedOut as Error).message).toBe(NDR_MESSAGES.courierDown)
    // Still the owner's to finish: the page asks her to tap again.
    expect(await countNeedsAttention(fresh.db)).toBe(1)
    await new Promise((done) => setTimeout(done, 3100))
    // The retry sends what was recorded (not a changed mind) and the courier has it already.
    const retried = await answerNdr(fresh.db, provider, 'o1', { action: 'return' }, owner.id)
    expect(retried).toMatchObject({ action: 'reattempt', actionState: 'sent' })
    expect(fake.ndrActions).toEqual([`${awb} re-attempt`])
  })

  it('a 5xx before the courier took it: the retry sends it once', async () => {
    fake.ndr(awb, { reason: 'Customer not available', date: indiaTime(-60) })
    await poll()
    fake.fault(`/v1/external/ndr/${awb}/action`, { when: 'before', status: 502 })
    expect(await rejection(answerNdr(fresh.db, provider, 'o1', { action: 'return' }, owner.id))).toBeInstanceOf(ServiceUnavailable)
    expect(fake.ndrActions).toEqual([])
    await answerNdr(fresh.db, provider, 'o1', { action: 'return' }, owner.id)
    expect(fake.ndrActions).toEqual([`${awb} return`])
  })

  it('nothing to answer once a later scan moved the parcel on, or with no failed delivery', async () => {
    expect(((await rejection(answerNdr(fresh.db, provider, 'o1', { action: 'return' }, owner.id))) as Error).message).toBe(NDR_MESSAGES.noOpenNdr)
    fake.ndr(awb, { reason: 'Customer not available', date: indiaTime(-60) })
    fake.scan(awb, { label: 'DELIVERED', activity: 'Delivered', date: indiaTime(-5) })
    await poll()
    expect(await countNeedsAttention(fresh.db)).toBe(0)
    expect(await rejection(answerNdr(fresh.db, provider, 'o1', { action: 'return' }, owner.id))).toBeInstanceOf(Invalid)
    expect(fake.ndrActions).toEqual([])
  })
})

describe('return to origin', () => {
  it('Return: the parcel goes back (returning, returned), needs a check, and "Received back" restocks once', async () => {
    fake.ndr(awb, { reason: 'Customer refused', date: indiaTime(-60) })
    await poll()
    await answerNdr(fresh.db, provider, 'o1', { action: 'return' }, owner.id)
    // The fake starts the parcel back ('RTO INITIATED') when it takes the action.
    await poll()
    expect(await shipmentStatus()).toBe('returning')
    expect(await readRto(fresh.db, 'o1')).toMatchObject({ status: 'returning' })
    expect(await countNeedsAttention(fresh.db)).toBe(0)
    expect(((await rejection(receiveParcelBack(fresh.db, 'o1', { 0: true }, owner.id))) as Error).message).toBe(NDR_MESSAGES.notReturned)

    fake.scan(awb, { label: 'RTO DELIVERED', activity: 'RTO Delivered', date: indiaTime(1) })
    await poll()
    expect(await shipmentStatus()).toBe('returned')
    expect(await countNeedsAttention(fresh.db)).toBe(1)
    // The order is not delivered: it stays shipped until the owner refunds or ships again.
    expect((await fresh.db.selectFrom('orders').select('order_status').where('id', '=', 'o1').executeTakeFirstOrThrow()).order_status).toBe('inShipping')

    const before = await stock()
    const [first, second] = await Promise.all([receiveParcelBack(fresh.db, 'o1', { 0: true }, owner.id), receiveParcelBack(fresh.db, 'o1', { 0: true }, owner.id)])
    expect(first).toEqual(second)
    expect(first).toEqual({ status: 'received', receivedItems: [{ line: 0, quantity: 2, restock: true }] })
    await receiveParcelBack(fresh.db, 'o1', { 0: false }, owner.id)
    expect(await stock()).toBe(before + 2)
    expect(await countNeedsAttention(fresh.db)).toBe(0)
    // A late RTO scan never undoes the check.
    await recordScans(fresh.db, awb, [{ status: 'returned', at: new Date().toISOString(), activity: 'RTO Delivered again', location: '' }], 'webhook')
    expect(await readRto(fresh.db, 'o1')).toMatchObject({ status: 'received' })
  })

  it('written off: nothing goes back on the shelf', async () => {
    fake.scan(awb, { label: 'RTO INITIATED', activity: 'RTO Initiated', date: indiaTime(-30) })
    fake.scan(awb, { label: 'RTO DELIVERED', activity: 'RTO Delivered', date: indiaTime(-5) })
    await poll()
    const before = await stock()
    expect(await receiveParcelBack(fresh.db, 'o1', {}, owner.id)).toEqual({ status: 'received', receivedItems: [{ line: 0, quantity: 2, restock: false }] })
    expect(await stock()).toBe(before)
  })
})
