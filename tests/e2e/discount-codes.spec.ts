import { addAddressAtCheckout, addToCart, expect, flash, HOME_ADDRESS, jsEnabled, loginAs, newShopper, PHONE_390, test } from './fixtures'

// Discount codes at 390 px, JS on and off (ADR 073): a shopper applies a code in the cart (a refusal
// is said next to the box), sees the saving as its own line and pays the discounted amount; the owner
// creates a code on the Discounts page, a bad value named beside its field.

test.use({ viewport: PHONE_390 })

test('a shopper applies a code in the cart and pays the discounted total', async ({ page, shop }) => {
  test.slow()
  const product = await shop.product({ price: 2000 })
  const code = await shop.discountCode({ value: 10, minOrder: 999 })
  await newShopper(page)
  await addToCart(page, product)
  await page.goto('/shop/cart')
  const box = page.getByLabel('Discount code')
  await box.fill('NO-SUCH-CODE')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'We do not know this code: check its spelling' })).toBeVisible()
  await expect(page.getByLabel('Discount code')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Discount code').fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${code} takes ₹200.00 off` }).first()).toBeVisible()
  await expect(page.locator(`[data-discount="${code}"]`)).toContainText('−₹200.00')

  await page.goto('/shop/checkout')
  await addAddressAtCheckout(page, HOME_ADDRESS)
  await expect(page.locator(`[data-discount="${code}"]`)).toContainText('−₹200.00')
  await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
  await expect(page).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
  await expect(page.getByRole('heading', { name: 'Pay ₹1,800.00' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
  await page.screenshot({ path: test.info().outputPath(`paid-${jsEnabled() ? 'js' : 'no-js'}.png`) })
})

test('the owner creates a code on the Discounts page; a bad value is named beside its field', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/admin/discounts')
  await page.getByRole('link', { name: 'New code' }).click()
  await expect(page).toHaveURL(/\/admin\/discounts\/new$/)
  const code = `OWNER${Date.now().toString(36).toUpperCase()}${jsEnabled() ? 'J' : 'N'}`
  await page.getByLabel('Code (shoppers type it in any case)').fill(code)
  await page.getByLabel('Value (percent, or rupees off)').fill('150')
  await page.getByRole('button', { name: 'Create code' }).click()
  await expect(page.getByText('Enter a whole percent from 1 to 100')).toBeVisible()
  await page.getByLabel('Value (percent, or rupees off)').fill('15')
  await page.getByLabel('Minimum order (₹, of the pieces it is for; empty for none)').fill('999')
  await page.getByRole('button', { name: 'Create code' }).click()
  await expect(page).toHaveURL(/\/admin\/discounts$/)
  await expect(flash(page, `${code} created`)).toBeVisible()
  const row = page.locator(`[data-code="${code}"]`)
  await expect(row).toContainText('15% off, over ₹999.00')
  await expect(row).toContainText('Uses so far: 0')
  await row.getByRole('button', { name: `Pause ${code}` }).click()
  await expect(page.locator(`[data-code="${code}"]`)).toContainText('Paused')
  await page.screenshot({ path: test.info().outputPath(`discounts-${jsEnabled() ? 'js' : 'no-js'}.png`) })
})
