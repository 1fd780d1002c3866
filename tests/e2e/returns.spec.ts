// Returns end to end at 390 px, JS on and off (ADR 099): a shopper pays for two pieces (TEST MODE),
// the studio delivers them, she asks to return the broken one (damage needs a photo, ADR 101: the page
// says so next to the photos and asks nothing), the owner approves with a message, receives it back in stock
// and refunds it, and the shopper sees the return refunded and the refund with the return's name.
import type { Page } from '@playwright/test'
import { addAddressAtCheckout, addToCart, expect, flash, HOME_ADDRESS, jsEnabled, loginAs, newShopper, PHONE_390, productCard, settled, test, testPng } from './fixtures'

test.use({ viewport: PHONE_390 })

/** How far the page scrolls sideways, in CSS pixels (0 when it fits the screen). */
function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

async function moveTo(page: Page, label: string) {
  await page.getByRole('combobox', { name: /^Order Status\b/ }).selectOption({ label })
  await page.getByRole('button', { name: 'Update Order Status' }).click()
  await expect(flash(page, 'Order status is updated successfully!')).toBeVisible()
  await expect(page.locator('dl > div').filter({ has: page.getByText('Order Status', { exact: true }) }).locator('dd')).toHaveText(label)
}

test('a shopper returns one of two pieces; the owner approves, receives and refunds it', async ({ page, openPage, shop }) => {
  test.slow()
  const kept = await shop.product({ price: 1499 })
  const broken = await shop.product({ price: 499 })

  // The shopper buys both.
  await newShopper(page)
  await addToCart(page, kept)
  await page.goto(`/shop/search?keyword=${encodeURIComponent(broken.title)}`)
  await productCard(page, broken.title).getByRole('button', { name: 'Add to cart' }).click()
  await expect(flash(page, 'Product is added to cart')).toBeVisible()
  await settled(page)
  await page.goto('/shop/checkout')
  await addAddressAtCheckout(page, HOME_ADDRESS)
  await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
  await expect(page).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
  const orderId = new URL(page.url()).searchParams.get('order') as string

  // The studio delivers it.
  const admin = await openPage()
  await loginAs(admin, 'admin')
  await admin.goto(`/admin/orders/${orderId}`)
  await moveTo(admin, 'Being made')
  await moveTo(admin, 'Shipped')
  await moveTo(admin, 'Delivered')

  // The shopper asks to return the broken piece; damage needs a photo.
  await page.goto(`/shop/account/orders/${orderId}`)
  const form = page.getByRole('form', { name: 'Return pieces' })
  await form.getByLabel(new RegExp(`^${broken.title}: pieces to return, 1 can be returned`)).fill('1')
  await form.getByLabel('Reason').selectOption({ label: 'Damaged in transit' })
  await form.getByRole('button', { name: 'Ask for a return' }).click()
  await expect(page.locator('#return-photos-error')).toHaveText('Please add at least one photo of the damage.')
  await expect(page.getByRole('region', { name: 'Returns' })).toHaveCount(0)
  // What she typed is still there.
  await expect(form.getByLabel(new RegExp(`^${broken.title}: pieces to return`))).toHaveValue('1')
  await form.getByLabel('Note (optional)').fill('It arrived cracked in two.')
  await form.getByLabel(/^Photos of the damage/).setInputFiles({ name: 'crack.png', mimeType: 'image/png', buffer: await testPng('#b03a2e', 900, 600) })
  await form.getByRole('button', { name: 'Ask for a return' }).click()
  await expect(flash(page, 'Return requested. The studio will reply soon.')).toBeVisible()
  const returns = page.getByRole('region', { name: 'Returns' })
  await expect(returns.locator('[data-return-status="requested"]')).toContainText(`Return 1: Requested`)
  await expect(returns).toContainText(`1 × ${broken.title} (Damaged in transit)`)
  // The returned piece is held; the other can still come back, on a form cleared of the sent note.
  await expect(form.getByLabel(new RegExp(`^${broken.title}: pieces to return, 0 can be returned`))).toBeDisabled()
  await expect(form.getByLabel('Note (optional)')).toHaveValue('')

  // The owner finds it through the menu's Returns among the open ones, and opens its order.
  await admin.goto('/admin/dashboard')
  await expect(admin.getByRole('region', { name: 'Returns' })).toContainText(/\d+ to approve or decline, \d+ received to refund\./)
  await admin.getByLabel('Toggle menu').click()
  await admin.getByRole('link', { name: 'Returns', exact: true }).locator('visible=true').click()
  await expect(admin.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible()
  await admin.getByRole('combobox', { name: /^Status\b/ }).selectOption('open')
  if (!jsEnabled()) await admin.getByRole('button', { name: 'Filter' }).click()
  await expect(admin).toHaveURL(/\/admin\/returns\?status=open$/)
  const row = admin.getByRole('list', { name: 'Returns list' }).getByRole('listitem').filter({ hasText: broken.title })
  await expect(row).toHaveAttribute('data-return-status', 'requested')
  await expect(row).toContainText('Reason: Damaged in transit')
  await expect(row).toContainText(`Pieces: 1 × ${broken.title}`)
  expect(await horizontalOverflow(admin), 'the Returns page scrolls sideways on a phone').toBe(0)
  await row.getByRole('link', { name: /^Order #\d+ · Return 1$/ }).click()
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}$`))

  // The owner approves with a message, receives it back in stock, and refunds it.
  const decide = admin.getByRole('form', { name: 'Decide return 1' })
  await decide.getByLabel('Message to the shopper (needed to decline)').fill('So sorry! Please send it back.')
  await decide.getByRole('button', { name: 'Approve' }).click()
  await expect(flash(admin, 'Return approved.')).toBeVisible()
  const receive = admin.getByRole('form', { name: 'Receive return 1' })
  await expect(receive.getByLabel('Back in stock')).toBeChecked()
  await receive.getByRole('button', { name: 'Received' }).click()
  await expect(flash(admin, 'Return received.')).toBeVisible()
  await admin.getByRole('form', { name: 'Refund return 1' }).getByRole('button', { name: 'Refund the return' }).click()
  await expect(flash(admin, `Refund of ${broken.price} issued for the return.`)).toBeVisible()
  await expect(admin.getByRole('region', { name: 'Returns' }).locator('[data-return-status="refunded"]')).toContainText('Return 1: Refunded')
  await admin.goto('/admin/returns?status=refunded')
  await expect(admin.getByRole('list', { name: 'Returns list' }).getByRole('listitem').filter({ hasText: broken.title })).toHaveAttribute('data-return-status', 'refunded')
  const stored = await (await admin.request.get(`/api/shop/products/get/${broken.id}`)).json()
  expect(stored.data.totalStock).toBe(broken.stock)

  // The shopper sees the return refunded, the studio's message, and the refund naming the return.
  await page.goto(`/shop/account/orders/${orderId}`)
  await expect(returns.locator('[data-return-status="refunded"]')).toContainText('Return 1: Refunded')
  await expect(returns).toContainText('Message from the studio: So sorry! Please send it back.')
  const refunds = page.getByRole('region', { name: 'Refunds' })
  await expect(refunds.locator('[data-refund-status="processed"]')).toContainText(`Refund of ${broken.price} processed`)
  await expect(refunds).toContainText('Reason: Return 1: Damaged in transit')
})

test('the owner policy page refuses a window past 90 days next to its box and saves nothing', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/admin/returns')
  const days = page.getByLabel('Days after delivery a shopper may ask for a return')
  await expect(days).toHaveValue('7')
  await days.fill('91')
  await page.getByRole('button', { name: 'Save return policy' }).click()
  await expect(page.getByText('Enter a number of days from 0 to 90.')).toBeVisible()
  // What was typed stays; the reasons are as they were.
  await expect(days).toHaveValue('91')
  await expect(page.getByLabel('Changed my mind')).toBeChecked()
  await page.goto('/admin/returns')
  await expect(days).toHaveValue('7')
})
