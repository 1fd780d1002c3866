// The footer's promise end to end, JS on and off: a shopper cancels a paid order (with a
// confirmation step) and sees the refund; an admin rejects a paid order ('Reject and refund') and
// sees the refund state. The TEST MODE gateway refunds at once.
import type { Page } from '@playwright/test'
import { expect, flash, loginAs, PHONE_390, startTestPayment, type TestProduct, test } from './fixtures'

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const refunded = (what: string, product: TestProduct) => `${what}: refund of ${literal(product.price)} processed on \\d{2} [A-Z][a-z]{2} \\d{4}`
const processedOn = (what: string, product: TestProduct) => new RegExp(`^${refunded(what, product)}$`)

/** A fresh shopper pays for the product through the TEST MODE gateway; resolves to the order's number. */
async function paidOrder(page: Page, product: TestProduct): Promise<string> {
  await startTestPayment(page, product)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
  await page.goto('/shop/account')
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'View Details' }) })
  await expect(row).toHaveCount(1)
  return (await row.getByRole('cell').first().textContent())?.trim() ?? ''
}

// On the phone the shop was tried on: the confirmations sit far down the order page there.
test.use({ viewport: PHONE_390 })

test.describe('refunds', () => {
  test('a shopper cancels a paid order after confirming, and sees the refund', async ({ page, shop }) => {
    test.slow()
    const product = await shop.product()
    const orderNumber = await paidOrder(page, product)
    await page.getByRole('link', { name: 'View Details' }).click()
    await expect(page.getByRole('heading', { name: `Order Details ${orderNumber}` })).toBeVisible()

    // The first step only asks; keeping the order changes nothing.
    await page.getByRole('link', { name: 'Cancel order' }).click()
    await expect(page).toHaveURL(/\?cancel=1#cancel-confirm$/)
    // On a phone the confirmation is far down the page: it is scrolled into view, not left below the fold.
    await expect(page.getByRole('region', { name: `Cancel order ${orderNumber}?` })).toBeInViewport()
    await expect(page.getByRole('heading', { name: `Cancel order ${orderNumber}?` })).toBeVisible()
    await expect(page.getByText(`The full amount, ${product.price}, will be refunded`)).toBeVisible()
    await page.getByRole('link', { name: 'Keep order' }).click()
    await expect(page).not.toHaveURL(/cancel=1/)
    await expect(page.getByRole('link', { name: 'Cancel order' })).toBeVisible()

    await page.getByRole('link', { name: 'Cancel order' }).click()
    await page.getByRole('button', { name: 'Yes, cancel order' }).click()
    await expect(flash(page, 'Your order is cancelled. The full amount will be refunded.')).toBeVisible()
    await expect(page.locator('[data-refund-status="processed"]').first()).toHaveText(processedOn('Cancelled', product))
    const badge = page.locator('dl > div').filter({ has: page.getByText('Order Status', { exact: true }) }).locator('dd')
    await expect(badge).toHaveText('Cancelled')
    await expect(badge.locator('span')).not.toHaveClass(/bg-green-700/)
    await expect(page.locator('dl > div').filter({ has: page.getByText('Payment status', { exact: true }) }).locator('dd')).toHaveText('Refunded')
    await expect(page.getByRole('link', { name: 'Cancel order' })).toHaveCount(0)
    // The piece went back on the shelf with the cancel.
    const stored = await (await page.request.get(`/api/shop/products/get/${product.id}`)).json()
    expect(stored.data.totalStock).toBe(product.stock)

    // Order History tells the same.
    await page.getByRole('link', { name: 'Back to Order History' }).click()
    const row = page.getByRole('row').filter({ hasText: orderNumber })
    await expect(row.locator('[data-refund-status="processed"]')).toHaveText(processedOn('Cancelled', product))
  })

  test('an admin rejects a paid order with Reject and refund, and sees the refund', async ({ page, openPage, shop }) => {
    test.slow()
    const product = await shop.product()
    const orderNumber = await paidOrder(page, product)
    const admin = await openPage()
    await loginAs(admin, 'admin')
    await admin.goto('/admin/orders?status=confirmed')
    const row = admin.getByRole('row').filter({ hasText: orderNumber })
    await row.getByRole('link', { name: 'View Details' }).click()
    await expect(admin.getByRole('heading', { name: `Order Details ${orderNumber}` })).toBeVisible()

    await admin.getByRole('link', { name: 'Reject and refund' }).click()
    await expect(admin).toHaveURL(/\?reject=1#reject-confirm$/)
    await expect(admin.getByRole('region', { name: `Reject order ${orderNumber} and refund it?` })).toBeInViewport()
    await expect(admin.getByRole('heading', { name: `Reject order ${orderNumber} and refund it?` })).toBeVisible()
    await admin.getByLabel('Reason (the shopper reads it in the mail)').fill('We cannot make this design any more')
    await admin.getByRole('button', { name: 'Yes, reject and refund' }).click()
    await expect(flash(admin, 'The order is rejected; its refund is on its way.')).toBeVisible()
    await expect(admin.locator('[data-refund-status="processed"]').first()).toContainText(new RegExp(refunded('Rejected', product)))
    await expect(admin.getByRole('link', { name: 'Reject and refund' })).toHaveCount(0)

    // The shopper sees it too.
    await page.reload()
    await expect(page.getByRole('row').filter({ hasText: orderNumber }).locator('[data-refund-status="processed"]')).toHaveText(processedOn('Rejected', product))
  })
})
