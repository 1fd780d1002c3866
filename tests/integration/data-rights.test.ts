// Issue 32 over real HTTP against the built server and a real SMTP server (ADR 089): a complaint from
// the page form (a plain post, as without JS) and from /api gets its ticket at once and its
// acknowledgement by mail; the form's rate limit; a shopper's export through /api and as the Account
// page's file holds exactly hers; deleting her account through /api ends her cookie session and her
// Bearer token at once, while the admin still reads her invoice and her erased name stands in the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, ADMIN_ENV, Browser, type Holdings, shopperWithHoldings } from '../helpers/shop-client'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { type RunningServer, startServer } from './server'

let sink: SmtpSink
let server: RunningServer
let admin: Browser

beforeAll(async () => {
  sink = await startSmtpSink()
  server = await startServer({ SEED_DEMO: '1', ...ADMIN_ENV, SMTP_URL: sink.url, PUBLIC_URL: 'https://shop.test' })
  admin = await new Browser(server.url).signIn(ADMIN.email, ADMIN.password)
}, 180_000)

afterAll(async () => {
  await server?.stop()
  await sink?.stop()
})

describe('complaints', () => {
  it('gives a visitor a ticket at once from the plain form, shows it, and mails the acknowledgement', async () => {
    const visitor = new Browser(server.url)
    const posted = await visitor.post('/shop/complaint', {
      form: { name: 'Leela Menon', email: 'leela@example.com', phone: '', message: 'My parcel never came.' },
      headers: { 'X-Forwarded-For': '198.51.100.21' },
    })
    expect(posted.status, posted.text.slice(0, 300)).toBe(302)
    const ticket = /ticket=(RC-\d{4}-\d{6})/.exec(posted.location ?? '')?.[1]
    expect(ticket).toBeDefined()
    const page = await visitor.get(posted.location ?? '')
    expect(page.text).toContain(`Your ticket: <span data-testid="complaint-ticket">${ticket}</span>`)
    const [ack] = await sink.waitFor((m) => m.to.includes('leela@example.com'))
    expect(ack?.subject).toBe(`We have your complaint ${ticket}`)
    expect(ack?.text).toContain('within one month')
    expect(ack?.text).not.toContain('My parcel never came.')
    const [owner] = await sink.waitFor((m) => m.to.includes(ADMIN.email) && m.subject.includes(ticket ?? '?'))
    expect(owner?.text).toContain('My parcel never came.')
    // The admin's list has it, open.
    const list = await admin.get('/admin/complaints')
    expect(list.text).toContain(`${ticket} · Open`)
    // Resolving needs a note; the note is mailed to her.
    const id = String(Number(ticket?.slice(-6)))
    const noNote = await admin.post('/admin/complaints', { form: { complaintId: id, status: 'resolved', resolution: '' } })
    expect(noNote.status).toBe(400)
    expect(noNote.text).toContain('Say how the complaint was resolved')
    const resolved = await admin.post('/admin/complaints', { form: { complaintId: id, status: 'resolved', resolution: 'A courier brings a new parcel on Monday.' } })
    expect(resolved.status).toBe(302)
    const [note] = await sink.waitFor((m) => m.to.includes('leela@example.com') && m.subject === `Your complaint ${ticket} is resolved`)
    expect(note?.text).toContain('A courier brings a new parcel on Monday.')
    expect((await admin.get('/admin/complaints?status=resolved')).text).toContain(`${ticket} · Resolved`)
    // A page opened before it was resolved (another tab) posts a move: 409, said next to the status, nothing changed.
    const stale = await admin.post('/admin/complaints', { form: { complaintId: id, status: 'inProgress', resolution: '' } })
    expect(stale.status).toBe(409)
    // On the page, not only in its hydration data: the page comes back with the complaint resolved and no form.
    expect(stale.text).toMatch(/role="alert"[^>]*>This complaint is already resolved/)
    // From a list of open ones, which no longer lists it: said at the top.
    const staleFiltered = await admin.post('/admin/complaints?status=open', { form: { complaintId: id, status: 'inProgress', resolution: '' } })
    expect(staleFiltered.status).toBe(409)
    expect(staleFiltered.text).toMatch(/role="alert"[^>]*>This complaint is already resolved/)
    expect((await admin.get('/admin/complaints?status=resolved')).text).toContain(`${ticket} · Resolved`)
  })

  it('records an opt-in to marketing mails given at sign-up, with its time', async () => {
    const shopper = new Browser(server.url)
    const email = `optin-${Date.now()}@example.com`
    const registered = await shopper.api('POST', '/api/auth/register', { userName: 'Opt In', email, password: 'resin-lover-1', marketingMail: true })
    expect(registered.status).toBe(201)
    await shopper.signIn(email, 'resin-lover-1')
    const exported = await shopper.api('GET', '/api/shop/account/export')
    expect(exported.json.data.consents).toMatchObject([{ purpose: 'marketingMail', given: true }])
  })

  it('answers /api with the ticket, refuses bad input with errors, and limits one address', async () => {
    const visitor = new Browser(server.url)
    const ip = { 'X-Forwarded-For': '198.51.100.22' }
    const bad = await visitor.api('POST', '/api/shop/complaint', { name: '', email: 'nope', message: '' }, ip)
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.errors).sort()).toEqual(['email', 'message', 'name'])
    const good = await visitor.api('POST', '/api/shop/complaint', { name: 'Arjun', email: 'arjun@example.com', message: 'Wrong colour' }, ip)
    expect(good.status, JSON.stringify(good.json)).toBe(201)
    expect(good.json.data.ticket).toMatch(/^RC-\d{4}-\d{6}$/)
    await sink.waitFor((m) => m.to.includes('arjun@example.com') && m.subject.includes(good.json.data.ticket))
    const answers = []
    for (let i = 0; i < 5; i++) {
      answers.push((await visitor.api('POST', '/api/shop/complaint', { name: 'Arjun', email: `arjun${i}@example.com`, message: 'Again' }, ip)).status)
    }
    expect(answers).toEqual([201, 201, 201, 201, 429])
  })
})

describe("a shopper's data", () => {
  let her: Holdings
  let him: Holdings

  beforeAll(async () => {
    her = await shopperWithHoldings(server.url, 'Kavya', true)
    him = await shopperWithHoldings(server.url, 'Ravi', true)
  }, 60_000)

  it('exports exactly hers through /api and as the Account page file, and 401 signed out', async () => {
    const exported = await her.browser.api('GET', '/api/shop/account/export')
    expect(exported.status).toBe(200)
    const text = JSON.stringify(exported.json)
    for (const marker of [her.markers[0] ?? '?', her.markers[1] ?? '?', her.orderId, her.addressId]) expect(text).toContain(marker)
    for (const marker of him.markers) expect(text).not.toContain(marker)
    const file = await her.browser.get('/shop/account/data.json')
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/)
    expect(file.json.profile.id).toBe(her.userId)
    expect((await new Browser(server.url).api('GET', '/api/shop/account/export')).status).toBe(401)
  })

  it('refuses while her order is on its way, then deletes her: her cookie and token end, the admin still reads her invoice', async () => {
    const onItsWay = await her.browser.api('DELETE', '/api/shop/account', { confirm: 'DELETE' })
    expect(onItsWay.status).toBe(409)
    for (const orderStatus of ['inProcess', 'inShipping', 'delivered']) {
      const moved = await admin.api('PUT', `/api/admin/orders/update/${her.orderId}`, { orderStatus })
      expect(moved.status, JSON.stringify(moved.json)).toBe(200)
    }
    const wrong = await her.browser.api('DELETE', '/api/shop/account', { confirm: 'not my password' })
    expect(wrong.status).toBe(400)
    expect(wrong.json.errors.confirm).toBeDefined()
    const deleted = await her.browser.api('DELETE', '/api/shop/account', { confirm: 'DELETE', reviews: 'delete' })
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200)
    expect((await her.browser.api('GET', '/api/auth/check-auth')).status).toBe(401)
    // The cookie session of the same login ended too.
    const account = await her.browser.get('/shop/account')
    expect(account.status).toBe(302)
    expect(account.location).toMatch(/^\/auth\/login/)
    const invoice = await admin.get(`/admin/orders/${her.orderId}/invoice.pdf`)
    expect(invoice.status).toBe(200)
    expect(invoice.text.slice(0, 5)).toBe('%PDF-')
    const order = await admin.get(`/admin/orders/${her.orderId}`)
    expect(order.status).toBe(200)
    for (const marker of her.markers.slice(0, 3)) expect(order.text).not.toContain(marker)
    // He is untouched.
    expect((await him.browser.api('GET', '/api/auth/check-auth')).status).toBe(200)
  })

  it("lets the admin download a shopper's data and refuses her deletion while her order is on its way", async () => {
    const file = await admin.get(`/admin/customers/${him.userId}/data.json`)
    expect(file.status).toBe(200)
    expect(file.json.profile.email).toBe(him.markers[0])
    const refused = await admin.post('/admin/customers', { form: { userId: him.userId, confirm: 'DELETE', reviews: 'anonymous' } })
    expect(refused.status).toBe(409)
    // The admin reads words about the shopper, not the shopper's own 'You have an order...', next to the form.
    expect(refused.text).toContain('This shopper has an order on its way')
    expect(refused.text).not.toContain('You have an order on its way.')
    const unconfirmed = await admin.post('/admin/customers', { form: { userId: him.userId, confirm: 'yes' } })
    expect(unconfirmed.status).toBe(400)
    expect((await him.browser.api('GET', '/api/auth/check-auth')).status).toBe(200)
  })
})
