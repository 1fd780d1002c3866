// The policy pages over real HTTP (ADR 081): every page renders for a visitor from the shop's settings
// and links to the others; the owner's edit shows on the page with "Last updated" at once (the kept
// page is dropped), markup stays words, a bad edit is answered next to the box and saves nothing; the
// footer and Contact Us name the seller and the grievance officer from the settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POLICY_MESSAGES, POLICY_SLUGS, POLICY_TITLES } from '../../app/lib/policies'
import { ADMIN, ADMIN_ENV, Browser } from '../helpers/shop-client'
import { type RunningServer, startServer } from './server'

const SELLER_ENV = {
  SHOP_NAME: 'Lotus Resin Works',
  SELLER_LEGAL_NAME: 'Lotus Resin Works LLP',
  SELLER_ADDRESS: '4 Residency Road|Pune 411001',
  SELLER_STATE: 'Maharashtra',
  CONTACT_EMAIL: 'care@lotus.example',
  CONTACT_PHONE: '+91 90000 11111',
  DELIVERY_FEE: '49',
  GRIEVANCE_OFFICER_NAME: 'Meera Iyer',
  GRIEVANCE_OFFICER_DESIGNATION: 'Partner',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@lotus.example',
  GRIEVANCE_OFFICER_PHONE: '+91 90000 22222',
  // Kept pages outlive the file: a page that changes was dropped by the write.
  PAGE_CACHE_TTL_SECONDS: '3600',
}

/** The page's text with tags and entities as a reader sees it. */
const words = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ')

describe('policy pages', () => {
  let server: RunningServer
  let admin: Browser
  const visitor = () => new Browser(server.url)

  beforeAll(async () => {
    server = await startServer({ ...ADMIN_ENV, ...SELLER_ENV })
    admin = await new Browser(server.url).signIn(ADMIN.email, ADMIN.password)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('renders each page for a visitor from the settings, linked from the footer and to the others', async () => {
    const home = await visitor().get('/shop/home')
    for (const slug of POLICY_SLUGS) expect(home.text, slug).toContain(`href="/shop/policies/${slug}"`)
    for (const slug of POLICY_SLUGS) {
      const page = await visitor().get(`/shop/policies/${slug}`)
      expect(page.status, slug).toBe(200)
      expect(page.text).toContain(`<title>${POLICY_TITLES[slug]}</title>`)
      for (const other of POLICY_SLUGS) expect(page.text).toContain(`href="/shop/policies/${other}"`)
      expect(page.text).not.toContain('Last updated')
    }
    const contact = words((await visitor().get('/shop/policies/contact')).text)
    for (const value of ['Lotus Resin Works LLP', '4 Residency Road, Pune 411001', 'care@lotus.example', '+91 90000 11111', '10 AM to 8 PM, Monday to Saturday']) {
      expect(contact).toContain(value)
    }
    for (const value of ['Grievance officer', 'Meera Iyer, Partner', 'grievance@lotus.example', '+91 90000 22222']) expect(contact).toContain(value)
    expect(words((await visitor().get('/shop/policies/shipping')).text)).toContain('Delivery costs ₹49.00 an order')
    // The footer names the seller and the grievance officer (E-Commerce Rules 2020) on every shop page.
    const footer = words(home.text)
    expect(footer).toContain('Sold by Lotus Resin Works LLP, 4 Residency Road, Pune 411001.')
    expect(footer).toContain('Grievance officer: Meera Iyer, Partner, grievance@lotus.example , +91 90000 22222 .')
    expect((await visitor().get('/shop/policies/cookies')).status).toBe(404)
  })

  it("shows the owner's edit with Last updated at once, escaped, and restores an old version", async () => {
    const before = await visitor().get('/shop/policies/returns')
    expect((await visitor().get('/shop/policies/returns')).headers.get('x-cache')).toBe('HIT')
    expect(before.text).toContain('within 7 days of delivery')

    const saved = await admin.post('/admin/policies/returns', { form: { intent: 'save', body: '## Returns\nWithin 10 days.\n- <script>alert(1)</script>' } })
    expect(saved.status).toBe(302)
    expect(saved.location).toBe('/admin/policies/returns')

    const after = await visitor().get('/shop/policies/returns')
    expect(after.headers.get('x-cache')).toBe('MISS')
    expect(after.text).toContain('Within 10 days.')
    expect(after.text).toMatch(/Last updated <time dateTime="[^"]+">\d{2} [A-Z][a-z]{2} \d{4}<\/time>/)
    expect(after.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(after.text).not.toContain('<script>alert(1)')

    // The admin's list and editor show the version and the history.
    expect(words((await admin.get('/admin/policies')).text)).toMatch(/Returns Last updated .* 1 version/)
    const editor = await admin.get('/admin/policies/returns')
    const versionId = /name="versionId" value="(\d+)"/.exec(editor.text)
    expect(versionId).toBeNull() // the only version is the one shown: nothing to restore yet

    await admin.post('/admin/policies/returns', { form: { intent: 'save', body: 'Second text' } })
    const history = await admin.get('/admin/policies/returns')
    const first = /name="versionId" value="(\d+)"/.exec(history.text)?.[1]
    expect(first).toBeDefined()
    const restored = await admin.post('/admin/policies/returns', { form: { intent: 'restore', versionId: String(first) } })
    expect(restored.status).toBe(302)
    expect((await visitor().get('/shop/policies/returns')).text).toContain('Within 10 days.')
  })

  it('previews without saving, and answers an empty or too long text next to the box, saving nothing', async () => {
    const preview = await admin.post('/admin/policies/terms', { form: { intent: 'preview', body: '## Draft heading\nDraft words' } })
    expect(preview.status).toBe(200)
    expect(preview.text).toContain('Preview (not saved)')
    expect(preview.text).toContain('Draft heading</h2>')
    expect((await visitor().get('/shop/policies/terms')).text).not.toContain('Draft words')

    const empty = await admin.post('/admin/policies/terms', { form: { intent: 'save', body: '' } })
    expect(empty.status).toBe(400)
    expect(empty.text).toContain(POLICY_MESSAGES.bodyRequired)
    const long = await admin.post('/admin/policies/terms', { form: { intent: 'save', body: 'x'.repeat(20_001) } })
    expect(long.status).toBe(400)
    expect(long.text).toContain(POLICY_MESSAGES.bodyTooLong.replace(/'/g, '&#x27;'))
    expect((await visitor().get('/shop/policies/terms')).text).not.toContain('Last updated')
  })

  it('keeps the editor to the admin', async () => {
    const shopperPost = await visitor().post('/admin/policies/terms', { form: { intent: 'save', body: 'Taken over' } })
    expect(shopperPost.status).toBe(302)
    expect(shopperPost.location).toMatch(/^\/auth\/login/)
    expect((await visitor().get('/shop/policies/terms')).text).not.toContain('Taken over')
  })
})
