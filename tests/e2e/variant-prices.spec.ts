import { cartLink, choose, expect, flash, jsEnabled, loginAs, newShopper, PHONE_390, settled, test } from './fixtures'

// A variant's own price at 390 px, JS on and off (ADR 071): each size shows the range its colours
// sell at, the chosen combination's price shows with JS, and the cart charges each line its
// variant's price (the server decides, JS or not); the owner sets a colour's price on the inventory page.

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

test('the owner sets a colour’s own price on the inventory page; the shop shows it', async ({ page, shop }) => {
  const product = await shop.product({ price: 500, extra: { colors: ['Teal', 'Gold'], stockByColor: { Teal: 4, Gold: 4 } } })
  await loginAs(page, 'admin')
  await page.goto(`/admin/inventory?q=${encodeURIComponent(product.title)}`)
  const price = page.getByRole('textbox', { name: `Price of ${product.title}, Colour: Gold`, exact: true })
  await expect(price).toHaveValue('500.00')
  await expect(page.getByRole('textbox', { name: `Sale price of ${product.title}, Colour: Gold`, exact: true })).toHaveValue('')
  await price.fill('650')
  await page.getByRole('textbox', { name: `Sale price of ${product.title}, Colour: Teal`, exact: true }).fill('600')
  await page.getByRole('button', { name: 'Save stock' }).click()
  await expect(page.getByText('The sale price must be less than the price.')).toBeVisible()
  await page.getByRole('textbox', { name: `Sale price of ${product.title}, Colour: Teal`, exact: true }).fill('450')
  await page.getByRole('button', { name: 'Save stock' }).click()
  await expect(flash(page, 'Stock saved: 2 changes')).toBeVisible()
  // Read afresh from the server (with JS the page keeps the box as typed).
  await page.reload()
  await expect(page.getByRole('textbox', { name: `Price of ${product.title}, Colour: Gold`, exact: true })).toHaveValue('650.00')

  await page.context().clearCookies()
  await page.goto(product.path)
  const colors = page.getByRole('group', { name: 'Color Options' })
  await expect(colors.getByRole('radio', { name: 'Gold ₹650.00' })).toBeVisible()
  await expect(colors.getByRole('radio', { name: 'Teal ₹450.00' })).toBeVisible()
})
