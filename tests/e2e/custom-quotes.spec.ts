// Custom orders to the end at 390 px, JS on and off (ADR 088): the owner's quote refused next to its
// fields, then sent; the shopper accepts it from Account with her address, pays on the TEST MODE
// Payment Link page, and the order appears in her account with its invoice.
import { expect, flash, loginAs, newShopper, PHONE_390, test } from './fixtures'

test.use({ viewport: PHONE_390 })

test.beforeEach(async ({ page }, testInfo) => {
  const project = testInfo.project.name === 'js' ? 1 : 2
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.31.${project}.${testInfo.retry + 1}` })
})

const daysAhead = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)

test('the owner quotes, the shopper accepts and pays, and the order appears with its invoice', async ({ page, openPage }, testInfo) => {
  test.slow()
  const shopper = await newShopper(page, `Kavya ${testInfo.project.name} ${Date.now().toString(36)}`)
  await page.goto('/shop/custom-order')
  await page.getByLabel('Phone', { exact: true }).fill('9845012345')
  await page.getByLabel('What would you like?').fill('A coaster set with our wedding flowers.')
  await page.getByLabel('Budget in rupees').fill('2500')
  await page.getByLabel('Needed by').fill(daysAhead(30))
  await page.getByRole('button', { name: 'Send Request' }).click()
  await expect(page).toHaveURL(/\/shop\/account\?tab=custom$/)

  const admin = await openPage()
  await admin.setViewportSize(PHONE_390)
  await loginAs(admin, 'admin')
  await admin.goto('/admin/custom-orders')
  await admin.getByRole('link', { name: new RegExp(`· ${shopper.userName}$`) }).click()
  // Refused next to each field, nothing sent.
  await admin.getByLabel('Price in rupees', { exact: true }).fill('lots')
  await admin.getByRole('button', { name: 'Send the quote' }).click()
  await expect(admin.getByText('Message to the shopper is required')).toBeVisible()
  await expect(admin.getByText('Enter the price in rupees, e.g. 2500')).toBeVisible()
  await admin.getByLabel('Message to the shopper').fill('Four coasters with your flowers pressed in clear resin, gold edges.')
  await admin.getByLabel('Price in rupees', { exact: true }).fill('2,800')
  await admin.getByLabel('Expected dispatch date').fill(daysAhead(20))
  await admin.getByRole('button', { name: 'Send the quote' }).click()
  await expect(flash(admin, 'The quote is sent to the shopper.')).toBeVisible()
  await expect(admin.getByText('Sent; waiting for the shopper.')).toBeVisible()
  await admin.screenshot({ path: testInfo.outputPath('admin-quote.png'), fullPage: true })

  await page.goto('/shop/account?tab=custom')
  await page.getByRole('link', { name: 'See the quote: accept or decline' }).click()
  await expect(page.getByText('Four coasters with your flowers')).toBeVisible()
  await expect(page.getByText('₹2,800.00')).toBeVisible()
  await page.getByLabel('Phone', { exact: true }).fill('9845012345')
  await page.getByLabel('Address', { exact: true }).fill('12 MG Road')
  await page.getByLabel('Pincode', { exact: true }).fill('5600')
  await page.getByLabel('City', { exact: true }).fill('Bengaluru')
  await page.getByRole('combobox', { name: /^State/ }).selectOption('Karnataka')
  // The address is checked next to its fields, and what was typed stays.
  await page.getByRole('button', { name: 'Accept the quote' }).click()
  await expect(page.getByText('Pincode must be 6 digits')).toBeVisible()
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('12 MG Road')
  await page.getByLabel('Pincode', { exact: true }).fill('560001')
  await page.screenshot({ path: testInfo.outputPath('accept.png'), fullPage: true })
  await page.getByRole('button', { name: 'Accept the quote' }).click()

  await expect(page.getByText('TEST MODE')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Pay ₹2,800.00' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
  await expect(page.getByText('Payment received. Your piece is now an order.')).toBeVisible()
  await page.getByRole('link', { name: 'See it in your account' }).click()
  await page.getByRole('link', { name: 'See the order and its invoice' }).click()
  await expect(page.getByText(/Custom piece #C\d+: A coaster set/)).toBeVisible()
  await expect(page.getByRole('link', { name: /Download invoice/ })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('custom-order.png'), fullPage: true })
})
