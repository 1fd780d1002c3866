// A return's courier pickup end to end at 390 px, JS on and off (ADR 104): the demo shop books with the
// TEST MODE courier, so the owner's Approve books a reverse pickup: her return panel shows the AWB,
// and the shopper's order page says the courier will collect the parcel instead of where to send it.
import type { Page } from '@playwright/test'
import { addAddressAtCheckout, addToCart, expect, flash, HOME_ADDRESS, loginAs, newShopper, PHONE_390, test } from './fixtures'

test.use({ viewport: PHONE_390 })

async function moveTo(page: Page, label: string) {
  await page.getByRole('combobox', { name: /^Order Status\b/ }).selectOption({ label })
  await page.getByRole('button', { name: 'Update Order Status' }).click()
  await expect(flash(page, 'Order status is updated successfully!')).toBeVisible()
}

test('the owner approves a return and the courier is booked to collect it; the shopper is told', async ({ page, openPage, shop }) => {
  test.slow()
  const piece = await shop.product({ price: 799 })

  await newShopper(page)
  await addToCart(page, piece)
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
  await moveTo(admin, 'Being made')
  await moveTo(admin, 'Shipped')
  await moveTo(admin, 'Delivered')

  await page.goto(`/shop/account/orders/${orderId}`)
  const form = page.getByRole('form', { name: 'Return pieces' })
  await form.getByLabel(new RegExp(`^${piece.title}: pieces to return`)).fill('1')
  await form.getByLabel('Reason').selectOption({ label: 'Changed my mind' })
  await form.getByRole('button', { name: 'Ask for a return' }).click()
  await expect(flash(page, 'Return requested. The studio will reply soon.')).toBeVisible()

  await admin.goto(`/admin/orders/${orderId}`)
  await admin.getByRole('form', { name: 'Decide return 1' }).getByRole('button', { name: 'Approve' }).click()
  await expect(flash(admin, 'Return approved.')).toBeVisible()
  const approved = admin.getByRole('region', { name: 'Returns' }).locator('[data-return-status="approved"]')
  await expect(approved.locator('[data-return-pickup="booked"]')).toContainText(/Test Courier will collect the parcel from the shopper's delivery address \(AWB \w+\)/)
  await expect(approved).not.toContainText('Pickup not booked')

  await page.goto(`/shop/account/orders/${orderId}`)
  const mine = page.getByRole('region', { name: 'Returns' }).locator('[data-return-status="approved"]')
  await expect(mine).toContainText(/Test Courier will collect the parcel from your delivery address \(AWB \w+\)/)
  await expect(mine).not.toContainText('send them to')
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)

  // The parcel never comes: the owner closes the return with a message (needed), and the shopper reads it.
  await admin.goto(`/admin/orders/${orderId}`)
  const close = admin.getByRole('form', { name: 'Close return 1' })
  await admin.getByText('The parcel never came back: close the return').click()
  await close.getByRole('button', { name: 'Close the return' }).click()
  await expect(admin.getByText('Please tell the shopper why you are closing it (the parcel never came back).')).toBeVisible()
  await admin.getByRole('form', { name: 'Close return 1' }).getByLabel('Message to the shopper').fill('Nothing reached us in three weeks.')
  await admin.getByRole('form', { name: 'Close return 1' }).getByRole('button', { name: 'Close the return' }).click()
  await expect(flash(admin, 'Return closed: the parcel never came back.')).toBeVisible()
  await page.goto(`/shop/account/orders/${orderId}`)
  const closed = page.getByRole('region', { name: 'Returns' }).locator('[data-return-status="declined"]')
  await expect(closed).toContainText('Nothing reached us in three weeks.')
})
