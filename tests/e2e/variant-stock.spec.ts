import { cartLink, choose, expect, PHONE_390, productPath, test } from './fixtures'

// Stock per variant on the product page at 390 px (ADR 061), read from the demo seed's pieces that
// keep it (db/seed/demo-variant-stock.ts): a sold-out colour is shown, marked, and cannot be chosen
// while the other sells; the last of a size goes in the cart once and no more. Only a visitor's own
// cart changes: no stock is held or taken.

test.use({ viewport: PHONE_390 })

test('a sold-out colour is marked and cannot be chosen; the other colour goes in the cart', async ({ page }) => {
  await page.goto(await productPath(page, 'Gold Flake Marble Drop Earrings'))
  const colors = page.getByRole('group', { name: 'Color Options' })
  const gold = colors.getByRole('radio', { name: 'Gold (sold out)' })
  await expect(gold).toBeDisabled()
  await expect(colors.getByRole('radio', { name: 'Ivory', exact: true })).toBeEnabled()
  await choose(colors, 'Ivory')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
})

test('the last 18 inch clock goes in the cart once; a second is refused with what can be added', async ({ page }) => {
  const path = await productPath(page, 'Geode Resin Wall Clock')
  await page.goto(path)
  const sizes = page.getByRole('group', { name: 'Size Options' })
  await expect(sizes.getByRole('radio', { name: /^18 inch/ })).toBeEnabled()
  await choose(sizes, /^18 inch/)
  await choose(page.getByRole('group', { name: 'Color Options' }), 'Purple')
  const add = page.getByRole('button', { name: 'Add to Cart' })
  await add.click()
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')

  await page.goto(path)
  await choose(sizes, /^18 inch/)
  await choose(page.getByRole('group', { name: 'Color Options' }), 'Emerald')
  await add.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Only 1 quantity can be added for this item' })).toBeVisible()
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
})

test('picking a colour brings its own picture into view (the gallery scrolls with JS; CSS puts it first without)', async ({ page }) => {
  await page.goto(await productPath(page, 'Ocean Wave Resin Pendant'))
  const gallery = page.getByRole('region', { name: 'Pictures of Ocean Wave Resin Pendant' })
  // The slide whose left edge is at the strip's (the one a shopper sees), by its name ('3 of 3').
  const shown = () =>
    gallery.evaluate((region) => {
      const strip = region.querySelector('div') as HTMLElement
      const left = strip.getBoundingClientRect().left
      const slides = [...strip.querySelectorAll<HTMLElement>('[role="group"]')]
      return slides.find((slide) => Math.abs(slide.getBoundingClientRect().left - left) < 2)?.getAttribute('aria-label') ?? null
    })
  await expect.poll(shown).toBe('1 of 3')
  const colors = page.getByRole('group', { name: 'Color Options' })
  await choose(colors, 'Teal')
  await expect.poll(shown).toBe('3 of 3')
  await choose(colors, 'Ocean Blue')
  await expect.poll(shown).toBe('1 of 3')
  await gallery.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('colour-picture-390.png') })
})
