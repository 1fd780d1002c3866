import { addAddressAtCheckout, addToCart, expect, flash, HOME_ADDRESS, jsEnabled, loginAs, newShopper, PHONE_390, productCard, test } from './fixtures'

// Automatic offers at 390 px, JS on and off (ADR 078): the owner puts a piece on offer from her phone
// (a bad percent named beside its field); its card and page show the offer as the sale price with the
// original struck through and the 'Sale' badge; the cart says which offer applied, and the shopper
// pays the offer's price. The offer is on the test's own product only: other specs' prices stay.

test.use({ viewport: PHONE_390 })

/** An India date and time as datetime-local takes it, `days` from now. */
function indiaLocal(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 330 * 60_000).toISOString().slice(0, 16)
}

test('the owner puts a piece on offer; its card shows the struck price and Sale; the cart says the offer applied', async ({ page, shop }) => {
  test.slow()
  const product = await shop.product({ price: 2000 })
  const name = `Flash sale ${jsEnabled() ? 'J' : 'N'}${Date.now().toString(36)}`

  await loginAs(page, 'admin')
  await page.goto('/admin/discounts')
  await page.getByRole('link', { name: 'Automatic offers' }).click()
  await expect(page).toHaveURL(/\/admin\/offers$/)
  await page.getByRole('link', { name: 'New offer' }).click()
  await page.getByLabel('Name (shoppers see it in the cart)').fill(name)
  await page.getByLabel('Percent off (1 to 90; for a percentage off)').fill('95')
  await page.getByLabel('Starts (India time)').fill(indiaLocal(-1))
  await page.getByLabel('Ends (India time)').fill(indiaLocal(1))
  await page.getByRole('radio', { name: 'Some products' }).check()
  await page.getByLabel('Products (hold Ctrl or ⌘ to pick several)').selectOption({ label: product.title })
  await page.getByRole('button', { name: 'Create offer' }).click()
  await expect(page.getByText('Enter a whole percent from 1 to 90')).toBeVisible()
  await page.getByLabel('Percent off (1 to 90; for a percentage off)').fill('25')
  if (!jsEnabled()) {
    // Without JS the page came back from the server: the choices are made again.
    await page.getByRole('radio', { name: 'Some products' }).check()
    await page.getByLabel('Products (hold Ctrl or ⌘ to pick several)').selectOption({ label: product.title })
  }
  await page.getByRole('button', { name: 'Create offer' }).click()
  await expect(page).toHaveURL(/\/admin\/offers$/)
  await expect(flash(page, `${name} created`)).toBeVisible()
  const row = page.locator(`[data-offer="${name}"]`)
  await expect(row).toContainText('25% off 1 product')
  await expect(row.locator('[data-state="live"]')).toBeVisible()
  // Its figures (ADR 084): none yet (TEST MODE payments never count as revenue).
  await expect(row.locator('[data-takings]')).toHaveText(/Uses: 0 paid orders · Revenue: ₹0\.00 · Average order: ₹0\.00/)
  await page.screenshot({ path: test.info().outputPath(`offers-admin-${jsEnabled() ? 'js' : 'no-js'}.png`) })

  await page.context().clearCookies()
  await newShopper(page)
  await page.goto(`/shop/search?keyword=${encodeURIComponent(product.title)}`)
  const card = productCard(page, product.title)
  await expect(card.getByText('Sale', { exact: true })).toBeVisible()
  await expect(card.getByText('₹2,000.00')).toHaveCSS('text-decoration-line', 'line-through')
  await expect(card.getByText('₹1,500.00')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath(`offers-card-${jsEnabled() ? 'js' : 'no-js'}.png`) })

  await addToCart(page, product)
  await page.goto('/shop/cart')
  await expect(page.locator('[data-offer-applied]')).toHaveText(`${name} applied: you save ₹500.00`)
  await expect(page.getByRole('main').getByText('₹1,500.00').first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath(`offers-cart-${jsEnabled() ? 'js' : 'no-js'}.png`) })

  await page.goto('/shop/checkout')
  await addAddressAtCheckout(page, HOME_ADDRESS)
  await expect(page.locator('[data-offer-applied]')).toHaveText(`${name} applied: you save ₹500.00`)
  await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
  await expect(page).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
  await expect(page.getByRole('heading', { name: 'Pay ₹1,500.00' })).toBeVisible()

  // The owner ends it: the piece is back at its own price.
  await page.context().clearCookies()
  await loginAs(page, 'admin')
  await page.goto('/admin/offers')
  await page.locator(`[data-offer="${name}"]`).getByRole('button', { name: `End ${name} now` }).click()
  await expect(page.locator(`[data-offer="${name}"] [data-state="ended"]`)).toBeVisible()
  await page.goto(`/shop/search?keyword=${encodeURIComponent(product.title)}`)
  await expect(productCard(page, product.title).getByText('Sale', { exact: true })).toHaveCount(0)
})
