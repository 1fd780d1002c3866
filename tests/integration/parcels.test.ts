// Parcels through the built server (ADR 086): the owner's Ship form (no JS) books the TEST MODE
// courier once however often it is posted; the courier's webhook is refused without its token, moves
// the order to delivered with its token, and a replay changes nothing; the shopper's /api order shows
// the parcel's timeline.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { indiaTime, indiaTimestamp } from '../helpers/india-time'
import { insertOrder } from '../helpers/order-fixtures'
import { ADMIN, ADMIN_ENV, Browser, registerShopper } from '../helpers/shop-client'
import { type RunningServer, startServer } from './server'

const TOKEN = 'shiprocket-webhook-token-for-tests'
const serverDir = mkdtempSync(join(tmpdir(), 'shop-parcels-'))
let server: RunningServer
let db: DB
let admin: Browser
let shopper: Browser

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '0', SHIPPING_TEST_MODE: '1', SHIPROCKET_WEBHOOK_TOKEN: TOKEN, ...ADMIN_ENV }, { dir: serverDir })
  db = openDatabase(server.database)
  admin = await new Browser(server.url).signIn(ADMIN.email, ADMIN.password)
  shopper = await registerShopper(server.url, 'Asha', 'asha-parcels@example.com')
  const user = await db.selectFrom('users').select(['id', 'user_name', 'email']).where('email', '=', 'asha-parcels@example.com').executeTakeFirstOrThrow()
  await insertOrder(db, { id: 'parcel-order', user: { id: user.id, userName: user.user_name, email: user.email }, status: 'inProcess', date: new Date() })
}, 120_000)

afterAll(async () => {
  await db?.destroy()
  await server?.stop()
  rmSync(serverDir, { recursive: true, force: true })
})

const webhook = (token: string | null, body: unknown) =>
  fetch(`${server.url}/api/shipping/shiprocket/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { 'x-api-key': token } : {}) },
    body: JSON.stringify(body),
  })

describe('parcels', () => {
  it('Ship twice books one parcel and ships the order; the label is a PDF', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await admin.post('/admin/orders/parcel-order', { form: { intent: 'ship' } })
      expect(answer.status).toBe(302)
    }
    const rows = await db.selectFrom('shipments').select(['status', 'awb']).where('order_id', '=', 'parcel-order').execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.awb).toMatch(/^TEST[0-9A-F]{10}$/)
    expect((await db.selectFrom('orders').select('order_status').where('id', '=', 'parcel-order').executeTakeFirstOrThrow()).order_status).toBe('inShipping')
    const page = await admin.get('/admin/orders/parcel-order')
    expect(page.text).toContain(rows[0]?.awb)
    const label = await admin.get('/admin/orders/parcel-order/label.pdf')
    expect(label.status).toBe(200)
    expect(label.text.startsWith('%PDF-')).toBe(true)
  })

  it('the webhook: 401 without the token, delivered with it, a replay adds nothing; the shopper sees the timeline', async () => {
    const awb = (await db.selectFrom('shipments').select('awb').where('order_id', '=', 'parcel-order').executeTakeFirstOrThrow()).awb
    // After the booking the first test made (now): a fixed date would pass only until that day.
    const bookedAt = Date.now()
    const body = {
      awb,
      current_status: 'DELIVERED',
      current_timestamp: indiaTimestamp(bookedAt + 2 * 86_400_000),
      scans: [
        { date: indiaTime(bookedAt + 3_600_000), activity: 'Picked up', location: 'Studio', 'sr-status-label': 'PICKED UP' },
        { date: indiaTime(bookedAt + 86_400_000), activity: 'Out for delivery', location: 'Bengaluru', 'sr-status-label': 'OUT FOR DELIVERY' },
      ],
    }
    expect((await webhook(null, body)).status).toBe(401)
    expect((await webhook('wrong-token-wrong-token-wrong-token', body)).status).toBe(401)
    const delivered = await webhook(TOKEN, body)
    expect(delivered.status).toBe(200)
    expect(await delivered.json()).toEqual({ success: true, status: 'processed' })
    expect((await webhook(TOKEN, body)).status).toBe(200)
    const events = await db.selectFrom('shipment_events').select('status').where('order_id', '=', 'parcel-order').execute()
    expect(events.map((e) => e.status).sort()).toEqual(['booked', 'delivered', 'outForDelivery', 'pickedUp'])
    const details = await shopper.api('GET', '/api/shop/order/details/parcel-order')
    expect(details.status).toBe(200)
    expect(details.json.data.orderStatus).toBe('delivered')
    expect(details.json.data.shipment).toMatchObject({ awb, status: 'delivered', carrier: 'Test Courier' })
    expect(details.json.data.shipment.events.map((e: { status: string }) => e.status)).toEqual(['booked', 'pickedUp', 'outForDelivery', 'delivered'])
  })
})
