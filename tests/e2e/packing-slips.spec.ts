// Packing slips at 390 px, JS on and off (ADR 072): a shopper buys a made-to-order piece with a Tamil
// name for an address in Hindi (the cart says how long it takes to make); the owner downloads the
// order's packing slip from its page and the orders to pack as one PDF from the order list (plain
// links and a GET form), and both PDFs read back with pdftotext, the names included. Shoppers and
// visitors are refused.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { Download, Page } from '@playwright/test'
import { addAddressAtCheckout, expect, flash, loginAs, newShopper, PHONE_390, test } from './fixtures'

test.use({ viewport: PHONE_390 })

const NAME = 'Name to engrave'
const TAMIL_NAME = 'ஸ்ரீ லக்ஷ்மி'
const HINDI_ADDRESS = { name: 'मीरा नायर', addressLine: '14 गांधी मार्ग, Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560038', phone: '9876543210', notes: 'A gift: ring twice' }

async function pdfTextOf(download: Download): Promise<string> {
  const bytes = readFileSync(await download.path())
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  return execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8')
}

/** The shopper buys one personalised, made-to-order piece through TEST MODE; resolves to the order's id. */
async function buyNamedPiece(page: Page, product: { path: string; title: string }): Promise<string> {
  await newShopper(page, 'Meera Nair')
  await page.goto(product.path)
  await page.getByLabel(NAME).fill(TAMIL_NAME)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(flash(page, 'Product is Added to Cart')).toBeVisible()
  await page.goto('/shop/cart')
  const line = page.getByRole('listitem').filter({ hasText: product.title })
  await expect(line).toContainText(`${NAME}: ${TAMIL_NAME}`)
  await expect(line).toContainText('Made to order: ships in 4 working days')
  await page.goto('/shop/checkout')
  await addAddressAtCheckout(page, HINDI_ADDRESS)
  await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
  await expect(page).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
  return new URL(page.url()).searchParams.get('order') ?? ''
}

test.describe('packing slips', () => {
  test.describe.configure({ timeout: 120_000 })

  test('the owner downloads an order’s packing slip, and the orders to pack as one PDF', async ({ page, shop, openPage }) => {
    const product = await shop.product({ madeToOrderDays: 4, personalization: [{ label: NAME, kind: 'text', maxLength: 30, required: true }] })
    const orderId = await buyNamedPiece(page, product)

    const owner = await openPage()
    await loginAs(owner, 'admin')
    await owner.goto(`/admin/orders/${orderId}`)
    const link = owner.getByRole('link', { name: /^Download packing slip #\d+$/ })
    await expect(link).toBeVisible()
    expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
    const orderNumber = ((await link.textContent()) ?? '').match(/#\d+/)?.[0] ?? ''
    const [slip] = await Promise.all([owner.waitForEvent('download'), link.click()])
    expect(slip.suggestedFilename()).toBe(`packing-slip-${orderNumber.slice(1)}.pdf`)
    const text = await pdfTextOf(slip)
    for (const words of ['Packing slip', orderNumber, 'Dispatch by', product.title, NAME, TAMIL_NAME, 'मीरा नायर', 'गांधी मार्ग', 'A gift: ring twice', 'Phone: 9876543210']) {
      expect(text).toContain(words)
    }
    expect(text).not.toContain('₹')

    // From the order list: the orders to pack, this one ticked, downloaded as one PDF.
    await owner.goto('/admin/orders')
    await owner.getByRole('link', { name: 'Packing slips' }).click()
    await expect(owner).toHaveURL(/\/admin\/packing-slips$/)
    const tick = owner.getByRole('checkbox', { name: new RegExp(`^${orderNumber} · Meera Nair`) })
    await expect(tick).toBeChecked()
    const [batch] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('button', { name: 'Download packing slips' }).click()])
    expect(await pdfTextOf(batch)).toContain(TAMIL_NAME)

    // Nothing chosen: back to the list with the reason.
    await owner.goto('/admin/packing-slips.pdf')
    await expect(owner).toHaveURL(/\/admin\/packing-slips$/)
    await expect(flash(owner, 'Choose at least one order to print its packing slip.')).toBeVisible()
  })

  test('shoppers and visitors get no packing slip', async ({ page, shop, openPage }) => {
    const product = await shop.product({ madeToOrderDays: 4, personalization: [{ label: NAME, kind: 'text', maxLength: 30, required: true }] })
    const orderId = await buyNamedPiece(page, product)
    for (const path of [`/admin/orders/${orderId}/packing-slip.pdf`, `/admin/packing-slips.pdf?order=${orderId}`, '/admin/packing-slips']) {
      // The buyer herself: Access Denied.
      const shopper = await page.request.get(path, { maxRedirects: 0 })
      expect(shopper.status()).toBe(302)
      expect(shopper.headers().location).toBe('/unauth-page')
      // A visitor: the login page.
      const visitor = await (await openPage()).request.get(path, { maxRedirects: 0 })
      expect(visitor.status()).toBe(302)
      expect(visitor.headers().location).toMatch(/^\/auth\/login/)
    }
  })
})
