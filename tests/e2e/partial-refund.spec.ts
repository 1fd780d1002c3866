// Partial refunds end to end at 390 px, JS on and off (ADR 087): a shopper pays for two pieces
// (TEST MODE), the owner refunds one of them with a reason and puts it back in stock, and the
// shopper's order page shows the refund with its reason and credit note. The TEST MODE gateway
// refunds at once.
import { addAddressAtCheckout, addToCart, expect, flash, HOME_ADDRESS, loginAs, newShopper, PHONE_390, productCard, settled, test } from './fixtures'

test.use({ viewport: PHONE_390 })

test('the owner refunds one of two pieces and the shopper sees the refund', async ({ page, openPage, shop }) => {
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
  await page.goto('/shop/account')
  await page.getByRole('link', { name: 'View Details' }).click()
  await expect(page).toHaveURL(/\/shop\/account\/orders\/[^/?]+$/)
  const orderId = new URL(page.url()).pathname.split('/').at(-1) as string
  const orderNumber = (await page.getByRole('heading', { name: /^Order Details/ }).textContent())?.replace('Order Details', '').trim() ?? ''
  expect(orderNumber).toMatch(/^#\d+$/)

  // The owner refunds the broken piece, with the reason, and puts it back in stock.
  const admin = await openPage()
  await loginAs(admin, 'admin')
  await admin.goto(`/admin/orders/${orderId}`)
  await expect(admin.getByRole('heading', { name: `Order Details ${orderNumber}` })).toBeVisible()
  const form = admin.getByRole('form', { name: 'Refund part of this order' })
  // A reason is required: the page says so next to the field and refunds nothing (JS off: the server's answer).
  await form.getByLabel(new RegExp(`^${broken.title}: pieces to refund, 1 left`)).fill('1')
  await form.getByLabel('Reason (the shopper reads it)').fill(' ')
  await form.getByRole('button', { name: 'Refund' }).click()
  await expect(admin.getByText('Please tell the shopper why you are refunding.').first()).toBeVisible()
  await expect(admin.getByRole('region', { name: 'Refunds' })).toHaveCount(0)

  await form.getByLabel(new RegExp(`^${broken.title}: pieces to refund, 1 left`)).fill('1')
  await form.getByLabel('Put the pieces back in stock').check()
  await form.getByLabel('Reason (the shopper reads it)').fill('It cracked in transit; sorry!')
  await form.getByRole('button', { name: 'Refund' }).click()
  await expect(flash(admin, `Refund of ${broken.price} issued.`)).toBeVisible()
  const adminRefunds = admin.getByRole('region', { name: 'Refunds' })
  await expect(adminRefunds.locator('[data-refund-status="processed"]')).toContainText(`Refund of ${broken.price} processed`)
  await expect(adminRefunds).toContainText('Reason: It cracked in transit; sorry!')
  await expect(adminRefunds).toContainText(`Refunded: 1 × ${broken.title}`)
  // The broken piece has nothing left to refund; the other still has.
  await expect(form.getByLabel(new RegExp(`^${broken.title}: pieces to refund, 0 left`))).toBeDisabled()
  await expect(form.getByLabel(new RegExp(`^${kept.title}: pieces to refund, 1 left`))).toBeEnabled()
  const stored = await (await admin.request.get(`/api/shop/products/get/${broken.id}`)).json()
  expect(stored.data.totalStock).toBe(broken.stock)

  // The shopper sees the refund, its reason, day and credit note; the order still stands.
  await page.reload()
  const refunds = page.getByRole('region', { name: 'Refunds' })
  await expect(refunds.locator('[data-refund-status="processed"]')).toContainText(new RegExp(`Refund of ${broken.price.replace(/[.$]/g, '\\$&')} processed · \\d{1,2} [A-Z][a-z]{2} \\d{4}`))
  await expect(refunds).toContainText('Reason: It cracked in transit; sorry!')
  const note = refunds.getByRole('link', { name: /Download credit note/ })
  await expect(note).toHaveAttribute('href', /\/credit-note\.pdf\?refund=/)
  const pdf = await page.request.get((await note.getAttribute('href')) as string)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
})
