import { cartLink, choose, expect, jsEnabled, newShopper, PHONE_390, settled, test } from './fixtures'

// A variant's own price at 390 px, JS on and off (ADR 071): each size shows the range its colours
// sell at, the chosen combination's price shows with JS, and the cart charges each line its
// variant's price (the server decides, JS or not).

test.use({ viewport: PHONE_390 })

test('a combination with its own price shows it and goes in the cart at it', async ({ page, shop }) => {
  const product = await shop.product({
    price: 500,
    extra: {
      colors: ['Teal', 'Gold'],
      variety: {
        type: 'size',
        sizes: [
          { size: 'Small', price: 500, stockByColor: { Teal: 5, Gold: 5 }, salePriceByColor: { Teal: 450 } },
          { size: 'Large', price: 800, stockByColor: { Teal: 5, Gold: 5 }, priceByColor: { Gold: 950 } },
        ],
      },
    },
  })
  await newShopper(page, 'Meera Iyer')
  // The price above the choices (the first live region; the dispatch note is the second).
  const shownPrice = page.locator('[data-product-detail] [aria-live="polite"]').first()
  await page.goto(product.path)
  const sizes = page.getByRole('group', { name: 'Size Options' })
  await expect(sizes.getByRole('radio', { name: 'Small ₹450.00 – ₹500.00' })).toBeVisible()
  await expect(sizes.getByRole('radio', { name: 'Large ₹800.00 – ₹950.00' })).toBeVisible()
  await choose(sizes, /^Large/)
  const colors = page.getByRole('group', { name: 'Color Options' })
  await choose(colors, /^Gold/)
  if (jsEnabled()) {
    // The price follows the choice, and each colour says what it costs in the chosen size.
    await expect(shownPrice).toHaveText('₹950.00')
    await expect(colors.getByRole('radio', { name: 'Teal ₹800.00' })).toBeVisible()
  }
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
  await settled(page)

  await page.goto(product.path)
  await choose(sizes, /^Small/)
  await choose(colors, /^Teal/)
  if (jsEnabled()) await expect(shownPrice).toHaveText('₹500.00₹450.00')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items')
  await settled(page)

  await page.goto('/shop/cart')
  const lines = page.getByRole('listitem').filter({ hasText: product.title })
  await expect(lines).toHaveCount(2)
  await expect(lines.filter({ hasText: 'Gold' })).toContainText('₹950.00')
  await expect(lines.filter({ hasText: 'Teal' })).toContainText('₹450.00')
  await expect(page.getByText('₹1,400.00').first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('variant-prices-cart-390.png') })
})
