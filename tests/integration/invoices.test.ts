// The invoice downloads over real HTTP against the built server: the order's owner and the admin get
// the PDF (read back with pdftotext), another shopper and an unpaid order get a 404, a visitor is
// sent to login; the order pages link to it. The seller is configured through SELLER_* (a
// Karnataka GSTIN) and the shoppers ship to Maharashtra: IGST.
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, ADMIN_ENV, Browser, type Holdings, shopperWithHoldings } from '../helpers/shop-client'
import { type RunningServer, startServer } from './server'

let server: RunningServer
let alpha: Holdings
let bravo: Holdings
let admin: Browser

beforeAll(async () => {
  server = await startServer({
    SEED_DEMO: '1',
    ...ADMIN_ENV,
    SELLER_LEGAL_NAME: 'Bengaluru Resin Works LLP',
    SELLER_ADDRESS: '7 Church Street | Bengaluru 560001',
    SELLER_GSTIN: '29AAGCB7383J1Z4',
  })
  alpha = await shopperWithHoldings(server.url, 'Alpha', true)
  bravo = await shopperWithHoldings(server.url, 'Bravo')
  admin = await new Browser(server.url).signIn(ADMIN.email, ADMIN.password)
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

/** A GET with the browser's cookies, the body as bytes. */
async function download(browser: Browser, path: string) {
  const response = await fetch(server.url + path, { headers: { Cookie: browser.cookieHeader() }, redirect: 'manual' })
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) }
}

describe('invoice downloads', () => {
  it('gives the owner the invoice PDF with the right headers and contents', async () => {
    const answer = await download(alpha.browser, `/shop/account/orders/${alpha.orderId}/invoice.pdf`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/pdf')
    // TEST MODE payments are numbered in their own series (ADR 035).
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice-TEST-INV-\d{4}-\d{2}-\d{6}\.pdf"$/)
    expect(answer.headers.get('cache-control')).toBe('private, no-cache')
    expect(answer.body.subarray(0, 5).toString()).toBe('%PDF-')
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: answer.body }).toString('utf8')
    expect(text).toContain('Tax Invoice')
    expect(text).toContain('Bengaluru Resin Works LLP')
    expect(text).toContain('GSTIN: 29AAGCB7383J1Z4')
    expect(text).toContain('Alpha Secret Lane 42')
    // Shipped to the address's recipient, billed to the account.
    expect(text).toContain('Alpha Recipient')
    expect(text).toContain('ShopperAlpha')
    expect(text).toContain('Place of supply: Maharashtra (27)')
    expect(text).toMatch(/IGST\s+₹/)
    expect(text).not.toContain('CGST')
    expect(text).toMatch(/Rupees .+ Only/)
    expect(text).toContain('TEST MODE: no money moved')
  })

  it('gives the admin the same document', async () => {
    const owner = await download(alpha.browser, `/shop/account/orders/${alpha.orderId}/invoice.pdf`)
    const answer = await download(admin, `/admin/orders/${alpha.orderId}/invoice.pdf`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toBe(owner.headers.get('content-disposition'))
  })

  it('refuses another shopper (404), a visitor (to login) and an unpaid order (404)', async () => {
    expect((await download(bravo.browser, `/shop/account/orders/${alpha.orderId}/invoice.pdf`)).status).toBe(404)
    const visitor = await download(new Browser(server.url), `/shop/account/orders/${alpha.orderId}/invoice.pdf`)
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(`/shop/account/orders/${alpha.orderId}/invoice.pdf`)}`)
    expect((await download(bravo.browser, `/shop/account/orders/${bravo.orderId}/invoice.pdf`)).status).toBe(404)
    expect((await download(admin, `/admin/orders/${bravo.orderId}/invoice.pdf`)).status).toBe(404)
    const shopperAtAdmin = await download(alpha.browser, `/admin/orders/${alpha.orderId}/invoice.pdf`)
    expect(shopperAtAdmin.status).toBe(302)
    expect(shopperAtAdmin.headers.get('location')).toBe('/unauth-page')
  })

  it('has no credit note until the order is refunded', async () => {
    expect((await download(alpha.browser, `/shop/account/orders/${alpha.orderId}/credit-note.pdf`)).status).toBe(404)
    expect((await download(admin, `/admin/orders/${alpha.orderId}/credit-note.pdf`)).status).toBe(404)
  })

  it('links the invoice from the shopper’s and the admin’s order pages, and not for an unpaid order', async () => {
    const shopPage = await alpha.browser.get(`/shop/account/orders/${alpha.orderId}`)
    expect(shopPage.text).toContain(`href="/shop/account/orders/${alpha.orderId}/invoice.pdf"`)
    const adminPage = await admin.get(`/admin/orders/${alpha.orderId}`)
    expect(adminPage.text).toContain(`href="/admin/orders/${alpha.orderId}/invoice.pdf"`)
    // The admin sees whom to address the parcel to.
    expect(adminPage.text).toContain('Alpha Recipient')
    const unpaid = await bravo.browser.get(`/shop/account/orders/${bravo.orderId}`)
    expect(unpaid.status).toBe(200)
    expect(unpaid.text).not.toContain('invoice.pdf')
  })
})
