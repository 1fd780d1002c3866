// The demo mailbox (no SMTP_URL): what a shopper would receive shows at /admin/mail. A password
// reset from the login page through a link read in the mailbox, and the confirmation of a test
// payment. Both run with JS on and off (the two projects).
import { createHmac } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, fillLogin, flash, jsEnabled, loginAs, type TestProduct, test, uniqueEmail } from './fixtures'

const E2E_SESSION_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret'
const TEST_GATEWAY_SECRET = createHmac('sha256', E2E_SESSION_SECRET).update('test-payment-gateway').digest('hex')
const sign = (gatewayOrderId: string, paymentId: string) =>
  createHmac('sha256', TEST_GATEWAY_SECRET).update(`${gatewayOrderId}|${paymentId}`).digest('hex')

/** Opens the newest mailbox entry to `to` whose subject matches, and answers its detail page. */
async function openMail(admin: Page, to: string, subject: RegExp) {
  await admin.goto('/admin/mail')
  const inList = new RegExp(subject.source.replace(/^\^|\$$/g, ''))
  const entry = admin.getByRole('list', { name: 'Mails' }).getByRole('link').filter({ hasText: `To ${to}` }).filter({ hasText: inList })
  await expect(entry).toHaveCount(1)
  await entry.click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(subject)
}

test('a forgotten password is reset through the link in the demo mailbox', async ({ page, openPage, request, baseURL }) => {
  const email = uniqueEmail('forgetful')
  const registered = await request.post('/api/auth/register', { data: { userName: 'Forgetful Farah', email, password: 'first-password-1' }, headers: { Origin: baseURL ?? '' } })
  expect(registered.status()).toBe(201)

  await page.goto('/auth/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/auth\/forgot-password$/)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  const answer = 'If an account uses that email, we have sent it a link to reset the password. The link works for 30 minutes.'
  await expect(page.getByRole('status').filter({ hasText: answer })).toBeVisible()

  // The owner opens the demo mailbox and finds the mail the shopper would have received.
  const admin = await openPage()
  await loginAs(admin, 'admin')
  await openMail(admin, email, /^Reset your .+ password$/)
  await expect(admin.frameLocator('iframe[title="Mail preview"]').getByRole('link', { name: 'Choose a new password' })).toBeVisible()
  const link = admin.getByRole('region', { name: 'Plain text' }).getByRole('link', { name: /\/auth\/reset-password\?token=/ })
  const href = (await link.getAttribute('href')) ?? ''
  expect(href).toMatch(/\/auth\/reset-password\?token=[\w-]{43}$/)

  await page.goto(href)
  await page.getByLabel('New Password').fill('short')
  await page.getByRole('button', { name: 'Set New Password' }).click()
  if (jsEnabled()) await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  // Without JS the browser's own check (minlength) keeps the form from going.
  else await expect(page).toHaveURL(/\/auth\/reset-password\?token=/)
  await page.getByLabel('New Password').fill('second-password-2')
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await expect(flash(page, 'Your password is reset. Please sign in with your new password.')).toBeVisible()

  await fillLogin(page, email, 'first-password-1')
  await expect(page.getByText('Incorrect email or password! Please try again').first()).toBeVisible()
  await fillLogin(page, email, 'second-password-2')
  await expect(page).toHaveURL(/\/shop\/home$/)

  // The link worked once.
  await page.context().clearCookies()
  await page.goto(href)
  await expect(page.getByText('This reset link is invalid, used or expired. Please ask for a new one.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
})

async function paidTestOrder(request: APIRequestContext, origin: string, email: string, product: TestProduct) {
  const headers = { Origin: origin }
  expect((await request.post('/api/auth/register', { data: { userName: 'Mailbox Meera', email, password: 'meera-password-1' }, headers })).status()).toBe(201)
  const login = await request.post('/api/auth/login', { data: { email, password: 'meera-password-1' }, headers })
  const { user, token } = await login.json()
  const auth = { ...headers, Authorization: `Bearer ${token}` }
  const address = await request.post('/api/shop/address/add', {
    headers: auth,
    data: { userId: user.id, addressLine: '12 Marine Drive', city: 'Mumbai', state: 'Maharashtra', pincode: '400002', phone: '9820012345' },
  })
  expect(address.status()).toBe(201)
  const added = await request.post('/api/shop/cart/add', { headers: auth, data: { userId: user.id, productId: product.id, quantity: 1 } })
  expect(added.status()).toBe(200)
  const created = await (await request.post('/api/shop/order/razorpay/create', { headers: auth, data: { addressInfo: { addressId: (await address.json()).data._id } } })).json()
  const gatewayOrderId = created.razorpayOrder.id as string
  const paymentId = `pay_e2e_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`
  const verified = await request.post('/api/shop/order/razorpay/verify', {
    headers: auth,
    data: { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: sign(gatewayOrderId, paymentId), orderId: created.orderId },
  })
  expect(verified.status(), await verified.text()).toBe(200)
}

test('the admin mailbox shows the confirmation of a test payment', async ({ page, request, baseURL, shop }) => {
  const email = uniqueEmail('mailbox')
  const product = await shop.product()
  await paidTestOrder(request, baseURL ?? '', email, product)

  await loginAs(page, 'admin')
  // The admin navigation leads to the mailbox (behind the menu button on a phone).
  await expect(page.locator('nav[aria-label="Admin"] a[href="/admin/mail"]').first()).toHaveText('Mail')
  await openMail(page, email, /^Order #\d+ confirmed: thank you!$/)
  await expect(page.getByText('Sent (to this mailbox)')).toBeVisible()
  const preview = page.frameLocator('iframe[title="Mail preview"]')
  await expect(preview.getByRole('heading', { name: 'Thank you for your order, Mailbox Meera!' })).toBeVisible()
  await expect(preview.getByText(product.title, { exact: true })).toBeVisible()
  await expect(preview.getByText('12 Marine Drive')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Plain text' })).toContainText(`${product.title} x 1`)
  await expect(page.getByRole('region', { name: 'Plain text' })).toContainText('Test order: paid through the TEST MODE gateway, no money moved.')
  // The owner's copy is there too.
  await page.goto('/admin/mail')
  await expect(page.getByRole('list', { name: 'Mails' }).getByRole('link').filter({ hasText: /^New paid order #\d+/ }).first()).toBeVisible()
})
