// a shop taking real payments without RAZORPAY_WEBHOOK_SECRET says so, once at
// start (a WARNING line in the server's output) and on the admin dashboard (the amber box), because
// an order paid in a tab that closed before coming back would otherwise stay pending unnoticed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_MODE_WARNING, WEBHOOK_SECRET_WARNING } from '../../app/infra/payment-setup.server'
import { startShopWithFakeRazorpay, type ShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-12345' }
let shop: ShopWithFakeRazorpay

beforeAll(async () => {
  shop = await startShopWithFakeRazorpay(
    { keyId: 'rzp_test_warnings', keySecret: 'warnings-key-secret', webhookSecret: '' },
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  )
}, 180_000)

afterAll(async () => {
  await shop?.stop()
})

describe('Razorpay keys without RAZORPAY_WEBHOOK_SECRET', () => {
  it('warns in the start-up output', () => {
    const output = shop.server.output()
    expect(output).toContain(`WARNING: ${WEBHOOK_SECRET_WARNING}`)
    // Real keys: this is not TEST MODE.
    expect(output).not.toContain(TEST_MODE_WARNING)
  })

  it('shows the warning box on the admin dashboard', async () => {
    // Pages go by the session cookie the login sets.
    const login = await fetch(`${shop.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('__session='))?.split(';')[0] ?? ''
    expect(cookie).not.toBe('')
    const response = await fetch(`${shop.server.url}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: 'manual' })
    expect(response.status).toBe(200)
    const html = await response.text()
    const box = html.match(/<section aria-label="Payment warnings"[^>]*>([\s\S]*?)<\/section>/)?.[1] ?? ''
    expect(box, 'the Payment warnings box').not.toBe('')
    expect(box).toContain('<strong>Warning:</strong>')
    expect(box).toContain(WEBHOOK_SECRET_WARNING)
  })
})
