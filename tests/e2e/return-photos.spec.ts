// A damaged piece returned with a photo at 390 px, JS on and off (ADR 101): a photo over the limit is
// refused beside the photos with the limit in words and the typed note kept (before any upload with
// JS, by the server without); with a photo the return is asked for, and she sees its thumbnail; the
// owner sees the thumbnail on the order's return panel, opens the full photo, approves and refunds it
// without a pickup; the shopper sees it refunded without the piece coming back.
import type { Page } from '@playwright/test'
import { addAddressAtCheckout, expect, flash, HOME_ADDRESS, jsEnabled, loginAs, newShopper, PHONE_390, productCard, settled, test, testPng } from './fixtures'

test.use({ viewport: PHONE_390 })

async function moveTo(page: Page, label: string) {
  await page.getByRole('combobox', { name: /^Order Status\b/ }).selectOption({ label })
  await page.getByRole('button', { name: 'Update Order Status' }).click()
  await expect(flash(page, 'Order status is updated successfully!')).toBeVisible()
}

/** Every image of `list` has loaded real pixels. */
async function expectLoaded(list: ReturnType<Page['locator']>) {
  const images = list.locator('img')
  await expect(images).toHaveCount(1)
  await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
}

test('a shopper returns a damaged piece with a photo; the owner sees it and refunds without a pickup', async ({ page, openPage, shop }) => {
  test.slow()
  const vase = await shop.product({ price: 899 })

  await newShopper(page)
  await page.goto(`/shop/search?keyword=${encodeURIComponent(vase.title)}`)
  await productCard(page, vase.title).getByRole('button', { name: 'Add to cart' }).click()
  await expect(flash(page, 'Product is added to cart')).toBeVisible()
  await settled(page)
  await page.goto('/shop/checkout')
  await addAddressAtCheckout(page, HOME_ADDRESS)
  await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
  await expect(page).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
  const orderId = new URL(page.url()).searchParams.get('order') as string

  const admin = await openPage()
  await loginAs(admin, 'admin')
  await admin.goto(`/admin/orders/${orderId}`)
  for (const label of ['Being made', 'Shipped', 'Delivered']) await moveTo(admin, label)

  // A photo over the limit: refused beside the photos, the note kept.
  await page.goto(`/shop/account/orders/${orderId}`)
  const form = page.getByRole('form', { name: 'Return pieces' })
  const photos = form.getByLabel(/^Photos of the damage/)
  await form.getByLabel(new RegExp(`^${vase.title}: pieces to return, 1 can be returned`)).fill('1')
  await form.getByLabel('Reason').selectOption({ label: 'Damaged in transit' })
  await form.getByLabel('Note (optional)').fill('The lip broke off in the box.')
  await photos.setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(Math.round(13.8 * 1024 * 1024), 7) })
  if (!jsEnabled()) await form.getByRole('button', { name: 'Ask for a return' }).click()
  await expect(page.locator('#return-photos-error')).toHaveText('The photos can be at most 10 MB together. Please choose smaller ones.')
  await expect(form.getByLabel('Note (optional)')).toHaveValue('The lip broke off in the box.')
  await expect(page.getByRole('region', { name: 'Returns' })).toHaveCount(0)

  // With a real photo the return is asked for; her thumbnail shows.
  await photos.setInputFiles({ name: 'broken-lip.png', mimeType: 'image/png', buffer: await testPng('#8e44ad', 900, 600) })
  await form.getByRole('button', { name: 'Ask for a return' }).click()
  await expect(flash(page, 'Return requested. The studio will reply soon.')).toBeVisible()
  const returns = page.getByRole('region', { name: 'Returns' })
  await expect(returns.locator('[data-return-status="requested"]')).toContainText('Return 1: Requested')
  await expectLoaded(returns.getByRole('list', { name: 'Photos of return 1' }))

  // The owner sees the thumbnail, opens the full photo, approves and refunds without a pickup.
  await admin.goto(`/admin/orders/${orderId}`)
  const panel = admin.getByRole('region', { name: 'Returns' })
  const thumbnails = panel.getByRole('list', { name: 'Photos of return 1' })
  await expectLoaded(thumbnails)
  const full = await thumbnails.getByRole('link').first().getAttribute('href')
  expect(full).toMatch(new RegExp(`^/admin/orders/${orderId}/return-photos/[0-9a-f]{32}-\\d+\\.webp$`))
  const opened = await admin.request.get(full as string)
  expect(opened.status()).toBe(200)
  expect(opened.headers()['content-type']).toBe('image/webp')
  await admin.getByRole('form', { name: 'Decide return 1' }).getByRole('button', { name: 'Approve' }).click()
  await expect(flash(admin, 'Return approved.')).toBeVisible()
  await admin.getByRole('form', { name: 'Refund return 1 without receiving it' }).getByRole('button', { name: 'Refund without receiving it' }).click()
  await expect(flash(admin, `Refund of ${vase.price} issued for the return.`)).toBeVisible()
  await expect(panel.locator('[data-return-status="refunded"]')).toContainText('Return 1: Refunded')

  // The shopper sees it refunded without the piece coming back; the owner's photo link is not hers.
  await page.goto(`/shop/account/orders/${orderId}`)
  await expect(returns.locator('[data-return-status="refunded"]')).toContainText('Refunded without the pieces coming back')
  await expectLoaded(returns.getByRole('list', { name: 'Photos of return 1' }))
  expect((await page.request.get(full as string, { maxRedirects: 0 })).status()).not.toBe(200)
})
