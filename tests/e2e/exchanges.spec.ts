// Exchanges end to end at 390 px, JS on and off (ADR 105): a shopper pays for a ring in size S
// (TEST MODE), the studio delivers it, she asks to exchange it for L (the select shows the ₹500
// difference before she sends), the owner approves, she pays the difference on the TEST MODE link,
// the owner receives the ring and settles the exchange, and opens the replacement order.
import { addAddressAtCheckout, choose, expect, flash, HOME_ADDRESS, loginAs, newShopper, PHONE_390, test } from './fixtures'

test.use({ viewport: PHONE_390 })

test('a shopper exchanges a size for a dearer one and pays the difference; the owner sees the replacement order', async ({ page, openPage, shop }) => {
  test.slow()
  const ring = await shop.product({
    price: 1000,
    stock: 5,
    extra: {
      variety: {
        type: 'size',
        sizes: [
          { size: 'S', price: 1000, salePrice: 0, stock: 3 },
          { size: 'L', price: 1500, salePrice: 0, stock: 2 },
        ],
      },
    },
  })

  // The shopper buys the ring in S.
  await newShopper(page)
  await page.goto(ring.path)
  await choose(page.getByRole('group', { name: 'Size Options' }), /^S\b/)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible()
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
  for (const label of ['Being made', 'Shipped', 'Delivered']) {
    await admin.getByRole('combobox', { name: /^Order Status\b/ }).selectOption({ label })
    await admin.getByRole('button', { name: 'Update Order Status' }).click()
    await expect(flash(admin, 'Order status is updated successfully!')).toBeVisible()
  }

  // She asks for L instead: the select says what it costs before she sends.
  await page.goto(`/shop/account/orders/${orderId}`)
  const form = page.getByRole('form', { name: 'Return pieces' })
  await form.getByLabel(new RegExp(`^${ring.title} \\(S\\): pieces to return`)).fill('1')
  const exchange = form.getByLabel(`${ring.title}: refund or exchange for`)
  await expect(exchange.locator('option')).toHaveText(['Refund', 'Exchange for L (₹1,500.00: you pay ₹500.00 more a piece)'])
  await exchange.selectOption({ label: 'Exchange for L (₹1,500.00: you pay ₹500.00 more a piece)' })
  await form.getByLabel('Reason').selectOption({ label: 'Changed my mind' })
  await form.getByRole('button', { name: 'Ask for a return' }).click()
  await expect(flash(page, 'Return requested. The studio will reply soon.')).toBeVisible()
  const returns = page.getByRole('region', { name: 'Returns' })
  await expect(returns.locator('[data-exchange]')).toContainText('Exchange for 1 × L (₹1,500.00): you pay ₹500.00 more')

  // The owner approves it; the shopper pays the difference on the TEST MODE link.
  await admin.goto(`/admin/orders/${orderId}`)
  await admin.getByRole('form', { name: 'Decide return 1' }).getByRole('button', { name: 'Approve' }).click()
  await expect(flash(admin, 'Return approved.')).toBeVisible()
  await page.goto(`/shop/account/orders/${orderId}`)
  await page.getByRole('button', { name: 'Pay the difference (₹500.00)' }).click()
  await expect(page).toHaveURL(/\/shop\/custom-order\/pay-test\/plink_test_/)
  await expect(page.getByRole('heading', { name: 'Pay ₹500.00' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/shop/account/orders/${orderId}$`))
  await expect(flash(page, 'Thank you: the difference is paid.')).toBeVisible()
  await expect(returns.locator('[data-exchange]')).toContainText('(paid)')
  await expect(page.getByRole('button', { name: /^Pay the difference/ })).toHaveCount(0)

  // The owner receives the ring and settles the exchange: the replacement order is made.
  await admin.goto(`/admin/orders/${orderId}`)
  await admin.getByRole('form', { name: 'Receive return 1' }).getByRole('button', { name: 'Received' }).click()
  await expect(flash(admin, 'Return received.')).toBeVisible()
  await admin.getByRole('form', { name: 'Settle return 1' }).getByRole('button', { name: 'Settle the exchange' }).click()
  await expect(flash(admin, 'Exchange settled: the replacement order is made.')).toBeVisible()
  const adminReturns = admin.getByRole('region', { name: 'Returns' })
  await expect(adminReturns.locator('[data-return-status="refunded"]')).toContainText('Return 1: Exchanged')
  await adminReturns.getByRole('link', { name: /^#\d+$/ }).click()
  await admin.waitForURL((url) => /^\/admin\/orders\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(`/${orderId}`))
  await expect(admin.getByText(/Replacement for return 1 of order #\d+/).first()).toBeVisible()

  // The shopper sees the exchange and her replacement order.
  await page.goto(`/shop/account/orders/${orderId}`)
  await expect(returns.locator('[data-return-status="refunded"]')).toContainText('Return 1: Exchanged')
  await expect(returns.locator('[data-exchange]').getByRole('link', { name: /^#\d+$/ })).toBeVisible()
})
