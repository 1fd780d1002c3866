// Failed deliveries at 390 px, JS on and off (the two projects; ADR 102): the TEST MODE courier's parcel
// is reported undelivered through the tracking webhook; the order is in the admin's 'Needs attention'
// with the courier's reason; the owner's Re-attempt refuses a wrong phone next to the field, then sends
// it and the order leaves the list; the shopper's order page says what happened and what is next. A
// second order: Return to origin, the RTO scans, "Received back" puts the piece back in stock once.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, loginAs, PHONE_390, startTestPayment, type TestProduct, test } from './fixtures'
import { indiaTime } from '../helpers/india-time'

test.use({ viewport: PHONE_390 })

/** SHIPROCKET_WEBHOOK_TOKEN of the test server (playwright.config.ts, tests/e2e-pg/global-setup.ts). */
const WEBHOOK_TOKEN = 'e2e-shiprocket-webhook-token'

async function scan(request: APIRequestContext, awb: string, minutes: number, label: string, activity: string) {
  const answer = await request.post('/api/shipping/shiprocket/webhook', {
    data: { awb, scans: [{ date: indiaTime(Date.now() + minutes * 60_000), activity, location: 'Bengaluru', 'sr-status-label': label }] },
    headers: { 'x-api-key': WEBHOOK_TOKEN },
  })
  expect(answer.status()).toBe(200)
}

/** A shopper pays for `product`; the owner accepts the order and taps Ship. Answers the order, its AWB and the owner's page. */
async function shippedOrder(page: Page, openPage: () => Promise<Page>, product: TestProduct) {
  await startTestPayment(page, product)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
  const orderId = new URL(page.url()).searchParams.get('order') as string
  const admin = await openPage()
  await admin.setViewportSize(PHONE_390)
  await loginAs(admin, 'admin')
  await admin.goto(`/admin/orders/${orderId}`)
  await admin.getByRole('combobox', { name: /^Order Status\b/ }).selectOption({ label: 'Being made' })
  await admin.getByRole('button', { name: 'Update Order Status' }).click()
  const parcel = admin.getByRole('region', { name: 'Parcel' })
  await parcel.getByRole('button', { name: 'Ship', exact: true }).click()
  await expect(parcel.locator('dd[data-awb]')).toHaveText(/^TEST[0-9A-F]{10}$/)
  const awb = (await parcel.locator('dd[data-awb]').textContent()) ?? ''
  return { orderId, awb, admin }
}

const attentionLink = (admin: Page) => admin.getByRole('link', { name: /^Needs attention \(\d+\)$/ })

test('a failed delivery lands in Needs attention; the owner re-attempts with a corrected phone; the shopper is told', async ({ page, openPage, shop, request }) => {
  test.slow()
  const { orderId, awb, admin } = await shippedOrder(page, openPage, await shop.product())
  await scan(request, awb, 5, 'UNDELIVERED', 'Customer not available')

  // Menu -> All Orders -> Needs attention lists it.
  await admin.goto('/admin/orders')
  await attentionLink(admin).click()
  await expect(admin).toHaveURL(/attention=1/)
  await admin.locator(`a[href="/admin/orders/${orderId}"]`).first().click()
  const failed = admin.getByRole('region', { name: 'Delivery failed' })
  await expect(failed).toContainText('Attempt 1: Customer not available')

  // A wrong phone: said next to the field, nothing sent.
  await failed.getByLabel('Corrected phone (optional)').fill('12345')
  await failed.getByRole('button', { name: 'Re-attempt' }).click()
  await expect(failed.getByText('Enter a valid Indian phone number')).toBeVisible()
  await expect(failed.getByLabel('Corrected phone (optional)')).toHaveAttribute('aria-invalid', 'true')
  await expect(failed).not.toContainText('Re-attempt asked')

  await failed.getByLabel('Corrected phone (optional)').fill('98450 99999')
  await failed.getByLabel('Corrected address (optional)').fill('14 Park Street, Flat 2A')
  await failed.getByRole('button', { name: 'Re-attempt' }).click()
  await expect(failed).toContainText('Attempt 1: Customer not available')
  await expect(failed).toContainText('Re-attempt asked')
  await expect(failed.getByRole('button', { name: 'Re-attempt' })).toHaveCount(0)
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  await admin.goto('/admin/orders?attention=1')
  await expect(admin.locator(`a[href="/admin/orders/${orderId}"]`)).toHaveCount(0)

  // The shopper's order page: the failed attempt and what happens next.
  await page.goto(`/shop/account/orders/${orderId}`)
  const timeline = page.getByRole('region', { name: 'Your parcel: Delivery attempt failed' })
  await expect(timeline).toContainText('Delivery attempt 1 failed: Customer not available')
  await expect(timeline).toContainText('The studio asked the courier to try again.')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('return to origin: the parcel comes back and "Received back" restocks it once', async ({ page, openPage, shop, request }) => {
  test.slow()
  const product = await shop.product({ stock: 4 })
  const { orderId, awb, admin } = await shippedOrder(page, openPage, product)
  const stockNow = async () => (await (await request.get(`/api/shop/products/get/${product.id}`)).json()).data.totalStock as number
  const afterSale = await stockNow()
  expect(afterSale).toBe(3)

  await scan(request, awb, 5, 'UNDELIVERED', 'Customer refused')
  await admin.reload()
  const failed = admin.getByRole('region', { name: 'Delivery failed' })
  await failed.getByRole('button', { name: 'Return to origin' }).click()
  await expect(failed).toContainText('Return to origin asked')

  await scan(request, awb, 10, 'RTO INITIATED', 'RTO Initiated')
  await page.goto(`/shop/account/orders/${orderId}`)
  await expect(page.getByRole('region', { name: 'Your parcel: Returning to the studio' })).toContainText('The courier is bringing your parcel back to the studio.')

  await scan(request, awb, 60, 'RTO DELIVERED', 'RTO Delivered')
  await admin.goto('/admin/orders?attention=1')
  await admin.locator(`a[href="/admin/orders/${orderId}"]`).first().click()
  const back = admin.getByRole('region', { name: 'Parcel returning to the studio' })
  const receive = back.getByRole('form', { name: 'Receive the parcel back' })
  await expect(receive.getByLabel('Back in stock')).toBeChecked()
  await receive.getByRole('button', { name: 'Received back' }).click()
  await expect(back).toContainText('Received back: 1 of 1 lines back in stock.')
  await expect(back.getByRole('button', { name: 'Received back' })).toHaveCount(0)
  expect(await stockNow()).toBe(afterSale + 1)
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
