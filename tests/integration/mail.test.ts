// Mail over real HTTP against the built server and a real SMTP server (smtp-server on 127.0.0.1):
// the confirmation (with its invoice PDF, read back with pdftotext) and the owner's mail after a
// test payment, the /api password reset pair, its rate limits, and a server killed between the
// event and the send (SMTP down) that delivers the mail exactly once after a restart.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { documentFilename } from '../../app/lib/invoice-document'
import { PASSWORD_RESET_MESSAGES } from '../../app/lib/user'
import { ADDRESS, client, type ShopApi, type Shopper, testPaymentResult } from '../helpers/shop-api'
import { freePort, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { databaseOf, type RunningServer, startServer } from './server'

const OWNER = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1' }

async function addProduct(dir: string, id: string, stock: number) {
  const db = openDatabase(databaseOf(dir))
  try {
    await db
      .insertInto('products')
      .values({ id, title: `Resin ${id}`, description: 'Handmade', category: 'jewellery', price_paise: 149_900, total_stock: stock, variety_type: null, updated_at: new Date().toISOString(), deleted_at: null })
      .execute()
  } finally {
    await db.destroy()
  }
}

/** Reads the running shop's database (SQLite lets a second reader in; PostgreSQL any). */
async function readDb<T>(dir: string, read: (db: DB) => Promise<T>): Promise<T> {
  const db = openDatabase(databaseOf(dir))
  try {
    return await read(db)
  } finally {
    await db.destroy()
  }
}

/** Register, address, cart, order, and pay through the TEST MODE gateway; answers the order id and the verify call, to replay. */
async function payAndReplay(api: ShopApi, who: Shopper, productId: string, paymentId: string) {
  const address = await api.addAddress(who, ADDRESS)
  expect(address.status).toBe(201)
  await api.addToCart(who, { productId, quantity: 1 })
  const created = await api.createOrder(who, { addressInfo: { addressId: address.body.data._id } })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const verify = () => api.verify(who, testPaymentResult(created.body.razorpayOrder.id, paymentId, created.body.orderId))
  const verified = await verify()
  expect(verified.status, JSON.stringify(verified.body)).toBe(200)
  return { orderId: created.body.orderId as string, verify }
}

async function pay(api: ShopApi, who: Shopper, productId: string, paymentId: string): Promise<string> {
  return (await payAndReplay(api, who, productId, paymentId)).orderId
}

describe('mail through SMTP', () => {
  let sink: SmtpSink
  let server: RunningServer
  const api = client(() => server)

  beforeAll(async () => {
    sink = await startSmtpSink()
    server = await startServer({ ...OWNER, AUTH_RATE_LIMIT: '1000', SMTP_URL: sink.url, PUBLIC_URL: 'https://shop.test', MAIL_FROM: 'Resin Studio <orders@shop.test>' })
    await addProduct(server.dir, 'pendant', 50)
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    await sink?.stop()
  })

  it('a test payment mails the shopper the confirmation and the owner the new order', async () => {
    const asha = await api.registerAndLogin('Asha', 'asha@example.com')
    const { orderId, verify } = await payAndReplay(api, asha, 'pendant', 'pay_mail_1')
    const [confirmation] = await sink.waitFor((m) => m.to.includes('asha@example.com'))
    expect(confirmation?.subject).toMatch(/^Order #\d+ confirmed: thank you!$/)
    expect(confirmation?.from).toContain('orders@shop.test')
    expect(confirmation?.text).toContain('Resin pendant x 1')
    expect(confirmation?.text).toContain('₹1,499.00')
    expect(confirmation?.text).toContain(ADDRESS.addressLine)
    expect(confirmation?.html).toContain(`https://shop.test/shop/account/orders/${orderId}`)
    // The invoice rides along: one PDF, named by its number, whose text carries that number.
    const invoiceNumber = await readDb(server.dir, (db) =>
      db.selectFrom('invoices').select('number').where('order_id', '=', orderId).where('kind', '=', 'invoice').executeTakeFirstOrThrow(),
    )
    expect(invoiceNumber.number).toMatch(/INV\/\d{4}-\d{2}\/\d{6}$/)
    expect(confirmation?.attachments.map((a) => a.filename)).toEqual([documentFilename('invoice', invoiceNumber.number)])
    const pdf = confirmation?.attachments[0]?.content ?? Buffer.alloc(0)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const pdfText = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8')
    expect(pdfText).toContain(invoiceNumber.number)
    expect(pdfText).toContain('Resin pendant')
    const [owner] = await sink.waitFor((m) => m.to.includes('owner@example.com'))
    expect(owner?.subject).toMatch(/^New paid order #\d+: ₹1,499\.00 \(test\)$/)
    expect(owner?.text).toContain(`https://shop.test/admin/orders/${orderId}`)
    // A replayed verify is answered as the first and queues nothing more: the order's two mails are
    // the outbox's only rows, and once both are sent the sink has had each once.
    const replayed = await verify()
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(200)
    const outbox = () => readDb(server.dir, (db) => db.selectFrom('mail_outbox').select(['dedupe_key', 'status']).orderBy('id').execute())
    expect((await outbox()).map((m) => m.dedupe_key)).toEqual([`order-confirmed:${orderId}`, `order-paid-owner:${orderId}`])
    await expect.poll(async () => (await outbox()).every((m) => m.status === 'sent'), { timeout: 15_000 }).toBe(true)
    expect(sink.mails.filter((m) => m.to.includes('asha@example.com'))).toHaveLength(1)
    expect(sink.mails.filter((m) => m.to.includes('owner@example.com'))).toHaveLength(1)
  })

  it('the /api reset pair: same answer for every address, a mailed single-use link, every session ended', async () => {
    const ravi = await api.registerAndLogin('Ravi', 'ravi@example.com')
    expect((await api.call('GET', '/api/auth/forgot-password')).status).toBe(405)
    const bad = await api.call('POST', '/api/auth/forgot-password', { body: { email: 'not-an-email' } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.email).toEqual(['Enter a valid email address'])

    const known = await api.call('POST', '/api/auth/forgot-password', { body: { email: 'Ravi@example.com' } })
    const unknown = await api.call('POST', '/api/auth/forgot-password', { body: { email: 'nobody@example.com' } })
    expect(known).toEqual({ status: 200, body: { success: true, message: PASSWORD_RESET_MESSAGES.requested } })
    expect(unknown).toEqual(known)

    const [mail] = await sink.waitFor((m) => m.to.includes('ravi@example.com'))
    const token = mail?.text.match(/https:\/\/shop\.test\/auth\/reset-password\?token=([\w-]+)/)?.[1] ?? ''
    expect(token).not.toBe('')
    // Every mail is decided in the outbox: the reset was queued for Ravi and nothing, ever, for the unknown address.
    const queuedTo = (await readDb(server.dir, (db) => db.selectFrom('mail_outbox').select('to_address').execute())).map((row) => row.to_address)
    expect(queuedTo.filter((to) => to.includes('ravi@example.com'))).toHaveLength(1)
    expect(queuedTo.filter((to) => to.includes('nobody@example.com'))).toEqual([])
    expect(sink.mails.filter((m) => m.to.includes('nobody@example.com'))).toHaveLength(0)

    const weak = await api.call('POST', '/api/auth/reset-password', { body: { token, password: 'short' } })
    expect(weak.status).toBe(400)
    expect(weak.body.errors.password).toEqual(['Password must be at least 8 characters'])
    const wrong = await api.call('POST', '/api/auth/reset-password', { body: { token: 'made-up', password: 'brand-new-pass-1' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ success: false, message: PASSWORD_RESET_MESSAGES.invalidToken, errors: { token: [PASSWORD_RESET_MESSAGES.invalidToken] } })

    const done = await api.call('POST', '/api/auth/reset-password', { body: { token, password: 'brand-new-pass-1' } })
    expect(done).toEqual({ status: 200, body: { success: true, message: PASSWORD_RESET_MESSAGES.done } })
    expect((await api.call('GET', '/api/auth/check-auth', { token: ravi.token })).status).toBe(401)
    expect((await api.call('POST', '/api/auth/login', { body: { email: 'ravi@example.com', password: 'resin-lover-1' } })).status).toBe(401)
    await api.login('ravi@example.com', 'brand-new-pass-1')
    const again = await api.call('POST', '/api/auth/reset-password', { body: { token, password: 'another-pass-2' } })
    expect(again.status).toBe(400)
  })
})

describe('rate limits of password reset', () => {
  let server: RunningServer
  const api = client(() => server)

  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT: '4' })
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('limits links per email (also one with no account) and per address', async () => {
    const ask = (email: string, ip: string) =>
      api.call('POST', '/api/auth/forgot-password', { body: { email }, headers: { 'X-Forwarded-For': ip } })
    // max(3, 4 / 3) links per email in 15 minutes, from any address.
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await ask('nobody@example.com', ip)).status).toBe(200)
    const perEmail = await ask('nobody@example.com', '203.0.113.4')
    expect(perEmail.status).toBe(429)
    expect(perEmail.body.message).toBe('Too many attempts. Please wait a few minutes and try again.')
    // 4 requests per address in 15 minutes, whatever the emails.
    for (let n = 1; n <= 4; n++) expect((await ask(`someone${n}@example.com`, '198.51.100.7')).status).toBe(200)
    expect((await ask('someone5@example.com', '198.51.100.7')).status).toBe(429)
  })
})

describe('a server killed between the event and the send', () => {
  it('delivers the mail exactly once after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-mail-crash-'))
    const port = await freePort()
    const env = { ...OWNER, AUTH_RATE_LIMIT: '1000', SMTP_URL: `smtp://127.0.0.1:${port}` }
    let server: RunningServer | undefined
    let sink: SmtpSink | undefined
    let db: DB | undefined
    try {
      server = await startServer(env, { dir })
      await addProduct(dir, 'vase', 20)
      const running = server
      const api = client(() => running)
      const asha = await api.registerAndLogin('Asha', 'asha@example.com')
      const orderId = await pay(api, asha, 'vase', 'pay_crash_1')

      // The SMTP server is down: the worker has tried once and waits to try again. Then the shop dies.
      db = openDatabase(databaseOf(dir))
      const confirmation = () => db?.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', `order-confirmed:${orderId}`).executeTakeFirst()
      for (let i = 0; i < 200; i++) {
        const row = await confirmation()
        if (row && row.attempts >= 1 && row.status === 'pending') break
        await new Promise((r) => setTimeout(r, 25))
      }
      expect(await confirmation()).toMatchObject({ status: 'pending', attempts: 1 })
      await server.kill('SIGKILL')

      sink = await startSmtpSink({ port })
      server = await startServer(env, { dir })
      await sink.waitFor((m) => m.to.includes('asha@example.com'), 1, 20_000)
      await sink.waitFor((m) => m.to.includes('owner@example.com'), 1, 20_000)
      // Once the outbox has nothing pending or sending, no worker can send either mail again: the counts are final.
      const pending = async () => (await db?.selectFrom('mail_outbox').select('id').where('status', 'in', ['pending', 'sending']).execute())?.length
      for (let i = 0; i < 400 && (await pending()) !== 0; i++) await new Promise((r) => setTimeout(r, 25))
      expect(await pending()).toBe(0)
      expect(sink.mails.filter((m) => m.to.includes('asha@example.com'))).toHaveLength(1)
      expect(sink.mails.filter((m) => m.to.includes('owner@example.com'))).toHaveLength(1)
      expect(await confirmation()).toMatchObject({ status: 'sent', delivered_via: 'smtp' })
    } finally {
      await db?.destroy()
      await server?.stop()
      await sink?.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
