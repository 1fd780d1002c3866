// Issue 30 at 390 px, JS on and off (the two projects): the owner opens a paid order on her phone
// (tap-to-call and WhatsApp at the top), accepts it and taps Ship: the demo shop's TEST MODE courier
// books the parcel (ADR 086), the page shows the AWB and the label (a PDF naming the AWB). The courier's
// tracking webhook (Shiprocket's body, with the token set in playwright.config.ts) is refused without
// its token and with it moves the order to delivered; the shopper's order page shows each scan.
// axe (WCAG 2.1 AA) on the admin order page.
import { execFileSync } from 'node:child_process'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { axeFindings } from './axe'
import { expect, loginAs, PHONE_390, startTestPayment, test } from './fixtures'
import { indiaTime, indiaTimestamp } from '../helpers/india-time'

test.use({ viewport: PHONE_390 })

/** SHIPROCKET_WEBHOOK_TOKEN of the test server (playwright.config.ts, tests/e2e-pg/global-setup.ts). */
const WEBHOOK_TOKEN = 'e2e-shiprocket-webhook-token'

/** The value of a term in a description list (the parcel's AWB, Courier, Where it is). */
const fact = (scope: Locator, term: string) => scope.locator('dl > div').filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd')

const statusBadge = (page: Page) => page.locator('dl > div').filter({ has: page.getByText('Order Status', { exact: true }) }).locator('dd')


function postWebhook(request: APIRequestContext, token: string | null, body: unknown) {
  return request.post('/api/shipping/shiprocket/webhook', { data: body, headers: token ? { 'x-api-key': token } : {} })
}

test('the owner ships a paid order with one tap; the courier’s webhook delivers it and the shopper follows each scan', async ({ page, openPage, shop, request }) => {
  test.slow()
  await startTestPayment(page, await shop.product())
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
  const orderId = new URL(page.url()).searchParams.get('order') as string

  // The owner, on her phone.
  const admin = await openPage()
  await admin.setViewportSize(PHONE_390)
  await loginAs(admin, 'admin')
  await admin.goto(`/admin/orders/${orderId}`)
  const contact = admin.getByRole('navigation', { name: 'Contact the shopper' })
  await expect(contact.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', 'tel:+919876543210')
  await expect(contact.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/919876543210')
  await expect(statusBadge(admin)).toHaveText('Confirmed')
  // Not accepted yet: no Ship.
  await expect(admin.getByRole('button', { name: 'Ship', exact: true })).toHaveCount(0)
  await admin.getByRole('combobox', { name: /^Order Status\b/ }).selectOption({ label: 'Being made' })
  await admin.getByRole('button', { name: 'Update Order Status' }).click()
  await expect(statusBadge(admin)).toHaveText('Being made')

  const parcel = admin.getByRole('region', { name: 'Parcel' })
  await parcel.getByRole('button', { name: 'Ship', exact: true }).click()
  // The flash (status region or toast) names the AWB, which the page shows.
  await expect(admin.getByText(/^Parcel booked with Test Courier: AWB TEST[0-9A-F]{10}\.$/).locator('visible=true').first()).toBeVisible()
  const awb = (await parcel.locator('dd[data-awb]').textContent()) ?? ''
  expect(awb).toMatch(/^TEST[0-9A-F]{10}$/)
  await expect(fact(parcel, 'Courier')).toHaveText('Test Courier')
  await expect(fact(parcel, 'Where it is')).toHaveText('Courier booked')
  await expect(statusBadge(admin)).toHaveText('Shipped')
  await expect(parcel.getByRole('button', { name: 'Ship', exact: true })).toHaveCount(0)

  // The label: a PDF of the courier's naming the AWB.
  const labelLink = parcel.getByRole('link', { name: 'Print label' })
  await expect(labelLink).toHaveAttribute('href', `/admin/orders/${orderId}/label.pdf`)
  expect((await labelLink.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
  const label = await admin.request.get(`/admin/orders/${orderId}/label.pdf`)
  expect(label.status()).toBe(200)
  expect(label.headers()['content-type']).toBe('application/pdf')
  const labelText = execFileSync('pdftotext', ['-', '-'], { input: await label.body() }).toString('utf8')
  expect(labelText).toContain(`AWB ${awb}`)

  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await axeFindings(admin), 'axe on the admin order page').toEqual([])

  // The shopper sees it shipped, with the day it is expected.
  await page.goto(`/shop/account/orders/${orderId}`)
  await expect(statusBadge(page)).toHaveText('Shipped')
  const booked = page.getByRole('region', { name: 'Your parcel: Courier booked' })
  await expect(booked).toContainText(/Expected by [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2}/)
  await expect(booked.getByRole('listitem')).toHaveCount(1)
  await expect(booked.getByRole('listitem')).toContainText('Courier booked')

  // The courier's webhook: refused without its token, then the parcel's road to the door.
  const bookedAt = Date.now()
  const body = {
    awb,
    current_status: 'DELIVERED',
    current_timestamp: indiaTimestamp(bookedAt + 30 * 60_000),
    etd: indiaTime(bookedAt + 2 * 86_400_000),
    scans: [
      { date: indiaTime(bookedAt + 10 * 60_000), activity: 'Shipment picked up', location: 'Studio', 'sr-status-label': 'PICKED UP' },
      { date: indiaTime(bookedAt + 20 * 60_000), activity: 'Out for delivery', location: 'Bengaluru', 'sr-status-label': 'OUT FOR DELIVERY' },
    ],
  }
  expect((await postWebhook(request, null, body)).status()).toBe(401)
  expect((await postWebhook(request, 'not-the-token', body)).status()).toBe(401)
  const delivered = await postWebhook(request, WEBHOOK_TOKEN, body)
  expect(delivered.status()).toBe(200)
  expect(await delivered.json()).toEqual({ success: true, status: 'processed' })

  await admin.reload()
  await expect(statusBadge(admin)).toHaveText('Delivered')
  await expect(fact(parcel, 'Where it is')).toHaveText('Delivered')

  // The shopper: Account -> the order, its parcel's scans newest first.
  await page.goto(`/shop/account/orders/${orderId}`)
  await expect(statusBadge(page)).toHaveText('Delivered')
  const timeline = page.getByRole('region', { name: 'Your parcel: Delivered' })
  await expect(timeline).toBeVisible()
  // Delivered: no expected day any more.
  await expect(timeline).not.toContainText('Expected by')
  const steps = timeline.getByRole('listitem')
  await expect(steps).toHaveCount(4)
  await expect(steps.nth(0)).toContainText('Delivered')
  // Not the webhook's capitals of the same word under it.
  await expect(steps.nth(0)).not.toContainText('DELIVERED')
  await expect(steps.nth(1)).toContainText('Out for delivery · Bengaluru')
  await expect(steps.nth(2)).toContainText('Picked up · Studio')
  await expect(steps.nth(2)).toContainText('Shipment picked up')
  await expect(steps.nth(3)).toContainText('Courier booked')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
