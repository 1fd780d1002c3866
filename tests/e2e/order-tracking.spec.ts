import type { Page } from '@playwright/test'
import { expect, flash, jsEnabled, loginAs, PHONE_390, startTestPayment, test } from './fixtures'

// Shipping details on a 390 px phone, with and without JS: the admin's status control
// offers only the allowed moves; moving to Shipped takes a carrier and a tracking number, a bad
// tracking link is refused next to its field; the shopper finds them through Account -> Order
// History -> View Details.

test.use({ viewport: PHONE_390 })

const statusSelect = (page: Page) => page.getByRole('combobox', { name: /^Order Status\b/ })
const optionTexts = (page: Page) => statusSelect(page).locator('option').allTextContents()

async function moveTo(page: Page, label: string) {
  await statusSelect(page).selectOption({ label })
  await page.getByRole('button', { name: 'Update Order Status' }).click()
  await expect(flash(page, 'Order status is updated successfully!')).toBeVisible()
  // The toast of the move before may still show: the status badge tells that this move is done.
  await expect(page.locator('dl > div').filter({ has: page.getByText('Order Status', { exact: true }) }).locator('dd')).toHaveText(label)
}

test('the admin ships an order with a carrier and tracking number; the shopper sees them on the order', async ({ page, openPage, shop }) => {
  test.slow()
  await startTestPayment(page, await shop.product())
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
  const orderId = new URL(page.url()).searchParams.get('order') as string

  const admin = await openPage()
  await loginAs(admin, 'admin')
  await admin.goto(`/admin/orders/${orderId}`)
  const badge = admin.locator('dl > div').filter({ has: admin.getByText('Order Status', { exact: true }) }).locator('dd')
  await expect(badge).toHaveText('Confirmed')
  // Only the moves the order's life allows from Confirmed; no shipping fields yet.
  expect(await optionTexts(admin)).toEqual(['Select status', 'Being made', 'Rejected'])
  await expect(admin.getByLabel('Carrier')).toHaveCount(0)
  await moveTo(admin, 'Being made')
  await expect(badge).toHaveText('Being made')
  expect(await optionTexts(admin)).toEqual(['Select status', 'Shipped', 'Rejected'])

  // The shipping fields come with the move to Shipped (CSS, so without JS too).
  await expect(admin.getByLabel('Carrier')).toBeHidden()
  await statusSelect(admin).selectOption({ label: 'Shipped' })
  await admin.getByLabel('Carrier').fill('Delhivery')
  await admin.getByLabel('Tracking number').fill('AWB 4455 6677')
  await admin.getByRole('button', { name: 'Update Order Status' }).click()
  await expect(flash(admin, 'Order status is updated successfully!')).toBeVisible()
  await expect(badge).toHaveText('Shipped')
  expect(await optionTexts(admin)).toEqual(['Select status', 'Delivered', 'Rejected'])

  // Editable while shipped: a link that is no web address is refused next to its field.
  const form = admin.locator('form').filter({ has: admin.getByRole('heading', { name: 'Edit shipping details' }) })
  await expect(form.getByLabel('Carrier')).toHaveValue('Delhivery')
  await form.getByLabel('Tracking link').fill('javascript:alert(1)')
  await form.getByRole('button', { name: 'Save shipping details' }).click()
  await expect(form.getByText('Tracking link must be a web address starting with http:// or https://.')).toBeVisible()
  await expect(form.getByLabel('Tracking link')).toHaveAttribute('aria-invalid', 'true')
  await form.getByLabel('Tracking link').fill('https://www.delhivery.com/track/package/44556677')
  await form.getByRole('button', { name: 'Save shipping details' }).click()
  await expect(flash(admin, 'Shipping details are saved.')).toBeVisible()
  const history = admin.locator('section').filter({ has: admin.getByRole('heading', { name: 'Status history' }) }).last()
  await expect(history.getByRole('listitem').last()).toContainText('Tracking: Delhivery · AWB 4455 6677 · https://www.delhivery.com/track/package/44556677')

  // The shopper: Account -> Order History -> View Details.
  await page.getByLabel('Open user menu').click()
  await page.getByRole('link', { name: 'Account' }).click()
  await expect(page).toHaveURL(/\/shop\/account/)
  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible()
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'View Details' }) })
  await expect(row.getByText('Shipped', { exact: true })).toBeVisible()
  await row.getByRole('link', { name: 'View Details' }).click()
  await expect(page).toHaveURL(new RegExp(`/shop/account/orders/${orderId}$`))
  const shipping = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Shipping details' }) }).last()
  await expect(shipping.locator('dl > div').filter({ hasText: 'Carrier' }).locator('dd')).toHaveText('Delhivery')
  await expect(shipping.locator('dl > div').filter({ hasText: 'Tracking number' }).locator('dd')).toHaveText('AWB 4455 6677')
  const track = shipping.getByRole('link', { name: /^Track your parcel/ })
  await expect(track).toHaveAttribute('href', 'https://www.delhivery.com/track/package/44556677')
  await expect(track).toHaveAttribute('rel', /noopener/)
  const box = await track.boundingBox()
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  // The shopper has no admin controls.
  await expect(page.getByRole('button', { name: 'Update Order Status' })).toHaveCount(0)
  if (jsEnabled()) await expect(page.getByText('Edit shipping details')).toHaveCount(0)
})

test('a delivered order shows no status control, only the words', async ({ page, openPage, shop }) => {
  test.slow()
  await startTestPayment(page, await shop.product())
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
  const orderId = new URL(page.url()).searchParams.get('order') as string
  const admin = await openPage()
  await loginAs(admin, 'admin')
  await admin.goto(`/admin/orders/${orderId}`)
  await moveTo(admin, 'Being made')
  await moveTo(admin, 'Shipped')
  await moveTo(admin, 'Delivered')
  await expect(statusSelect(admin)).toHaveCount(0)
  await expect(admin.getByText('This order is closed; its status no longer changes.')).toBeVisible()
  // Shipping details stay editable once delivered.
  await expect(admin.getByRole('button', { name: 'Save shipping details' })).toBeVisible()
})
