// Failed deliveries through the built server (ADR 102), the TEST MODE courier and the courier's webhook:
// an NDR scan puts the order in Needs attention with its reason; the owner's Re-attempt form (no JS)
// refuses a bad phone next to the field and sends nothing, then sends once however often it is posted;
// a second failed attempt, Return to origin, the RTO scans, and "Received back" restock once; the
// shopper's /api order shows the failed attempt and what happens next.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { NDR_MESSAGES } from '../../app/lib/shipments'
import { insertProducts } from '../helpers/fixtures'
import { indiaTime } from '../helpers/india-time'
import { insertOrder } from '../helpers/order-fixtures'
import { ADMIN, ADMIN_ENV, Browser, registerShopper } from '../helpers/shop-client'
import { type RunningServer, startServer } from './server'

const TOKEN = 'shiprocket-webhook-token-for-ndr-tests'
const serverDir = mkdtempSync(join(tmpdir(), 'shop-ndr-'))
let server: RunningServer
let db: DB
let admin: Browser
let shopper: Browser
let awb: string

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '0', SHIPPING_TEST_MODE: '1', SHIPROCKET_WEBHOOK_TOKEN: TOKEN, ...ADMIN_ENV }, { dir: serverDir })
  db = openDatabase(server.database)
  admin = await new Browser(server.url).signIn(ADMIN.email, ADMIN.password)
  shopper = await registerShopper(server.url, 'Asha', 'asha-ndr@example.com')
  const user = await db.selectFrom('users').select(['id', 'user_name', 'email']).where('email', '=', 'asha-ndr@example.com').executeTakeFirstOrThrow()
  await insertProducts(db, [{ id: 'vase', stock: 3 }])
  await insertOrder(db, { id: 'ndr-order', user: { id: user.id, userName: user.user_name, email: user.email }, status: 'inProcess', quantity: 2, date: new Date() })
  expect((await admin.post('/admin/orders/ndr-order', { form: { intent: 'ship' } })).status).toBe(302)
  awb = (await db.selectFrom('shipments').select('awb').where('order_id', '=', 'ndr-order').executeTakeFirstOrThrow()).awb ?? ''
}, 120_000)

afterAll(async () => {
  await db?.destroy()
  await server?.stop()
  rmSync(serverDir, { recursive: true, force: true })
})

const scanAt = (minutes: number, label: string, activity: string) => ({ date: indiaTime(Date.now() + minutes * 60_000), activity, location: 'Bengaluru', 'sr-status-label': label })
const webhook = (scans: ReturnType<typeof scanAt>[]) =>
  fetch(`${server.url}/api/shipping/shiprocket/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-api-key': TOKEN },
    body: JSON.stringify({ awb, scans }),
  })
const ndrRows = () => db.selectFrom('parcel_ndrs').select(['attempt', 'reason', 'action', 'action_state', 'action_phone']).where('order_id', '=', 'ndr-order').orderBy('attempt').execute()
const stock = async () => (await db.selectFrom('products').select('total_stock').where('id', '=', 'vase').executeTakeFirstOrThrow()).total_stock

describe('failed deliveries', () => {
  it('an NDR scan: Needs attention with the reason; Re-attempt refuses a bad phone, then is sent once', async () => {
    expect((await webhook([scanAt(1, 'UNDELIVERED', 'Customer not available')])).status).toBe(200)
    const list = await admin.get('/admin/orders?attention=1')
    expect(list.text).toContain('ndr-order')
    const page = await admin.get('/admin/orders/ndr-order')
    expect(page.text).toContain('Customer not available')
    expect(page.text).toContain('Re-attempt')

    const bad = await admin.post('/admin/orders/ndr-order', { form: { intent: 'ndr-reattempt', phone: '12345', addressLine: '' } })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('Enter a valid Indian phone number')
    expect((await ndrRows())[0]).toMatchObject({ action: null, action_state: 'open' })

    for (let i = 0; i < 2; i++) {
      const sent = await admin.post('/admin/orders/ndr-order', { form: { intent: 'ndr-reattempt', phone: '98450 99999', addressLine: '14 Park Street', landmark: '' } })
      expect(sent.status).toBe(302)
    }
    expect(await ndrRows()).toEqual([{ attempt: 1, reason: 'Customer not available', action: 'reattempt', action_state: 'sent', action_phone: '9845099999' }])
    expect((await admin.get('/admin/orders?attention=1')).text).not.toContain('ndr-order')

    const details = await shopper.api('GET', '/api/shop/order/details/ndr-order')
    expect(details.json.data.shipment).toMatchObject({ status: 'undelivered', failedDelivery: { attempt: 1, reason: 'Customer not available', next: NDR_MESSAGES.shopperReattempt } })
    const mails = await db.selectFrom('mail_outbox').select('dedupe_key').where('kind', '=', 'order-deliveryFailed').execute()
    expect(mails).toHaveLength(1)
  })

  it('a second attempt fails: Return to origin, the RTO scans, "Received back" restocks once', async () => {
    expect((await webhook([scanAt(2, 'UNDELIVERED', 'Customer refused')])).status).toBe(200)
    expect((await admin.post('/admin/orders/ndr-order', { form: { intent: 'ndr-return' } })).status).toBe(302)
    expect((await ndrRows()).map((r) => r.action)).toEqual(['reattempt', 'return'])
    expect((await webhook([scanAt(3, 'RTO INITIATED', 'RTO Initiated')])).status).toBe(200)
    const returning = await shopper.api('GET', '/api/shop/order/details/ndr-order')
    expect(returning.json.data.shipment).toMatchObject({ status: 'returning', failedDelivery: { next: NDR_MESSAGES.shopperReturning } })
    // Not back yet: nothing to receive.
    const early = await admin.post('/admin/orders/ndr-order', { form: { intent: 'parcel-received', 'restock[0]': 'restock' } })
    expect(early.status).toBe(400)
    expect(early.text).toContain(NDR_MESSAGES.notReturned)

    expect((await webhook([scanAt(4, 'RTO DELIVERED', 'RTO Delivered')])).status).toBe(200)
    expect((await admin.get('/admin/orders?attention=1')).text).toContain('ndr-order')
    const before = await stock()
    for (let i = 0; i < 2; i++) expect((await admin.post('/admin/orders/ndr-order', { form: { intent: 'parcel-received', 'restock[0]': 'restock' } })).status).toBe(302)
    expect(await stock()).toBe(before + 2)
    expect((await admin.get('/admin/orders/ndr-order')).text).toContain('Received back: 1 of 1 lines back in stock.')
    expect((await admin.get('/admin/orders?attention=1')).text).not.toContain('ndr-order')
  })
})
