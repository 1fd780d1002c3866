import { cartLink, choose, expect, jsEnabled, newShopper, PHONE_390, settled, test } from './fixtures'

// A second option group at 390 px, JS on and off (ADR 077): the shopper chooses a size, a chain and a
// colour, sees the combination's price (and with JS its sold-out neighbour disabled), adds it, and the
// cart line names both groups.

test.use({ viewport: PHONE_390 })

test('a size, a chain and a colour go in the cart as one line naming both groups', async ({ page, shop }) => {
  const product = await shop.product({
    price: 800,
    extra: {
      colors: ['Teal', 'Rose'],
      options2: { label: 'Chain', options: ['Gold', 'Silver'] },
      variety: {
        type: 'size',
        sizes: [
          { size: 'S', price: 800, byOption2: { Gold: { stockByColor: { Teal: 2, Rose: 2 } }, Silver: { stockByColor: { Teal: 2, Rose: 2 } } } },
          { size: 'M', price: 900, byOption2: { Gold: { stockByColor: { Teal: 3, Rose: 0 }, priceByColor: { Teal: 1200 } }, Silver: { stockByColor: { Teal: 1, Rose: 1 } } } },
        ],
      },
    },
  })
  await newShopper(page, 'Kavya Rao')
  const shownPrice = page.locator('[data-product-detail] [aria-live="polite"]').first()
  await page.goto(product.path)
  const sizes = page.getByRole('group', { name: 'Size Options' })
  const chains = page.getByRole('group', { name: 'Chain Options' })
  const colors = page.getByRole('group', { name: 'Color Options' })
  await expect(chains.getByRole('radio')).toHaveCount(2)
  await choose(sizes, /^M/)
  await choose(chains, /^Gold/)
  if (jsEnabled()) {
    // M on a gold chain is sold out in rose: it cannot be chosen.
    await expect(colors.getByRole('radio', { name: /^Rose/ })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled()
  }
  await choose(colors, /^Teal/)
  if (jsEnabled()) await expect(shownPrice).toHaveText('₹1,200.00')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
  await settled(page)

  await page.goto('/shop/cart')
  const line = page.getByRole('listitem').filter({ hasText: product.title })
  await expect(line).toHaveCount(1)
  await expect(line).toContainText('Size: M')
  await expect(line).toContainText('Chain: Gold')
  await expect(line).toContainText('Color: Teal')
  await expect(line).toContainText('₹1,200.00')
  await page.screenshot({ path: test.info().outputPath('second-option-cart-390.png') })
})
