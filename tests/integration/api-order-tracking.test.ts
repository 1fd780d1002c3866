// Shipping details over real HTTP: PUT /api/admin/orders/update/:id takes optional
// `carrier`, `trackingNumber`, `trackingUrl` beside the contract's `{orderStatus}`, which keeps
// working as docs/api.md says; order details and lists (admin and shopper) carry `tracking` once set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { insertOrder } from '../helpers/order-fixtures'
import { type RunningServer, startServer } from './server'

const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' }

let server: RunningServer
let db: DB
let adminToken: string
let shopper: { id: string; token: string }

async function call(method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}) {
  const response = await fetch(server.url + path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked field by field below
  return { status: response.status, body: (await response.json()) as any }
}

async function login(email: string, password: string) {
  const answer = await call('POST', '/api/auth/login', { body: { email, password } })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { id: answer.body.user.id as string, token: answer.body.token as string }
}

const update = (id: string, body: unknown) => call('PUT', `/api/admin/orders/update/${id}`, { token: adminToken, body })
const details = async (id: string) => (await call('GET', `/api/admin/orders/details/${id}`, { token: adminToken })).body.data

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '0', AUTH_RATE_LIMIT: '100', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  db = openDatabase(server.database)
  adminToken = (await login(ADMIN.email, ADMIN.password)).token
  expect((await call('POST', '/api/auth/register', { body: { userName: 'Asha', email: 'asha@example.com', password: 'resin-lover-1' } })).status).toBe(201)
  shopper = await login('asha@example.com', 'resin-lover-1')
  const user = { id: shopper.id, userName: 'Asha', email: 'asha@example.com' }
  await insertOrder(db, { id: 'made', user, status: 'inProcess', date: new Date(Date.now() - 60_000) })
  await insertOrder(db, { id: 'paid', user, status: 'confirmed', date: new Date(Date.now() - 120_000) })
  await insertOrder(db, { id: 'plain', user, status: 'inProcess', date: new Date(Date.now() - 180_000) })
}, 180_000)

afterAll(async () => {
  await db?.destroy()
  await server?.stop()
})

describe('PUT /api/admin/orders/update/:id with shipping details', () => {
  it('answers 400 with errors for a bad link (and a carrier without number), changing nothing', async () => {
    const before = await details('made')
    const bad = await update('made', { orderStatus: 'inShipping', carrier: 'Delhivery', trackingUrl: 'javascript:alert(1)' })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      success: false,
      message: 'Tracking link must be a web address starting with http:// or https://.',
      errors: { trackingUrl: ['Tracking link must be a web address starting with http:// or https://.'] },
    })
    const noNumber = await update('made', { orderStatus: 'inShipping', carrier: 'Delhivery' })
    expect(noNumber.status).toBe(400)
    expect(noNumber.body.errors).toEqual({ trackingNumber: ['Please enter a tracking number or a tracking link.'] })
    const long = await update('made', { orderStatus: 'inShipping', carrier: 'D'.repeat(61), trackingNumber: 'AWB1' })
    expect(long.status).toBe(400)
    expect(long.body.errors).toHaveProperty('carrier')
    expect(await details('made')).toEqual(before)
  })

  it('moves to inShipping with carrier and number; details, lists and the shopper carry `tracking`', async () => {
    const answer = await update('made', { orderStatus: 'inShipping', carrier: 'Delhivery', trackingNumber: 'AWB 5566', trackingUrl: 'https://www.delhivery.com/track/package/5566' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toEqual({ success: true, message: 'Order status is updated successfully!' })
    const tracking = { carrier: 'Delhivery', number: 'AWB 5566', url: 'https://www.delhivery.com/track/package/5566' }
    const order = await details('made')
    expect(order).toMatchObject({ orderStatus: 'inShipping', tracking })
    expect(order.history.slice(-2)).toEqual([
      { status: 'inShipping', note: 'Changed by the admin', changedAt: expect.any(String) },
      { status: 'inShipping', note: 'Tracking: Delhivery · AWB 5566 · https://www.delhivery.com/track/package/5566', changedAt: expect.any(String) },
    ])
    const adminList = await call('GET', '/api/admin/orders/get', { token: adminToken })
    expect(adminList.body.data.find((o: { _id: string }) => o._id === 'made').tracking).toEqual(tracking)
    const own = await call('GET', `/api/shop/order/details/made`, { token: shopper.token })
    expect(own.body.data.tracking).toEqual(tracking)
    const ownList = await call('GET', `/api/shop/order/list/${shopper.id}`, { token: shopper.token })
    expect(ownList.body.data.find((o: { _id: string }) => o._id === 'made').tracking).toEqual(tracking)
    // Orders without shipping details have no `tracking` field at all.
    expect(ownList.body.data.find((o: { _id: string }) => o._id === 'paid')).not.toHaveProperty('tracking')
  })

  it('edits them later with the current status (no new move), a number given as a JSON number', async () => {
    const answer = await update('made', { orderStatus: 'inShipping', carrier: 'Blue Dart', trackingNumber: 778899, trackingUrl: '' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const order = await details('made')
    expect(order.tracking).toEqual({ carrier: 'Blue Dart', number: '778899', url: null })
    expect(order.history.filter((h: { note: string }) => h.note === 'Changed by the admin')).toHaveLength(1)
  })

  it('refuses shipping details with a move that does not ship, with a message', async () => {
    const answer = await update('paid', { orderStatus: 'inProcess', carrier: 'Delhivery', trackingNumber: 'AWB1' })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ success: false, message: 'Shipping details can be added once the order is shipped.' })
    expect((await details('paid')).orderStatus).toBe('confirmed')
  })

  it('keeps the plain contract call {orderStatus} exactly as documented', async () => {
    const answer = await update('plain', { orderStatus: 'inShipping' })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ success: true, message: 'Order status is updated successfully!' })
    const order = await details('plain')
    expect(order.orderStatus).toBe('inShipping')
    expect(order).not.toHaveProperty('tracking')
    const missing = await update('plain', {})
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({
      success: false,
      message: 'Please select an order status before submitting.',
      errors: { orderStatus: ['Please select an order status before submitting.'] },
    })
    // Extra fields without a status are still a missing status.
    expect((await update('plain', { carrier: 'Delhivery', trackingNumber: 'AWB1' })).body.message).toBe('Please select an order status before submitting.')
  })
})
