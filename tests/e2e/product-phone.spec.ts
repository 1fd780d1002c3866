import { cartLink, choose, expect, flash, jsEnabled, openCart, PHONE_390, productCard, productPath, test, toast } from './fixtures'

// The product on a 390 px phone: the Add to Cart button is on the first screen (a sticky bar),
// and while it waits for choices it says why.

test.use({ viewport: PHONE_390 })

test('the product page says why Add to Cart waits, and the button is on the first screen', async ({ page }) => {
  // Ocean Wave Coaster Set: packs and colours to choose.
  await page.goto(await productPath(page, 'Ocean Wave Coaster Set'))
  const add = page.getByRole('button', { name: 'Add to Cart' })
  await expect(add).toBeInViewport({ ratio: 1 })
  const reason = page.getByText('Choose a pack and a colour', { exact: true })
  await expect(reason).toBeInViewport({ ratio: 1 })
  if (jsEnabled()) {
    // docs/spec: disabled until the choices are made; the reason is its description.
    await expect(add).toBeDisabled()
    await expect(add).toHaveAccessibleDescription('Choose a pack and a colour')
    await choose(page.getByRole('group', { name: 'Pack Options' }), /Pack of 2/)
    await expect(page.getByText('Choose a colour', { exact: true })).toBeVisible()
    await expect(add).toBeDisabled()
  } else {
    await choose(page.getByRole('group', { name: 'Pack Options' }), /Pack of 2/)
  }
  const colors = page.getByRole('group', { name: 'Color Options' })
  await colors.locator('label').first().click()
  await expect(page.getByText(/^Choose /)).toBeHidden()
  await expect(add).toBeEnabled()
  await add.click()
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
})

test('cards of products with options say Choose options; plain ones Add to cart', async ({ page }) => {
  await page.goto('/shop/search?keyword=Ocean%20Wave%20Resin%20Pendant')
  await expect(productCard(page, 'Ocean Wave Resin Pendant').getByRole('link', { name: 'Choose options' })).toBeVisible()
  await page.goto('/shop/search?keyword=Stardust%20Galaxy%20Earrings')
  await expect(productCard(page, 'Stardust Galaxy Earrings').getByRole('button', { name: 'Add to cart' })).toBeVisible()
})

test('Sale, Out Of Stock and Only N items left badges each have their own look', async ({ page }) => {
  const looks: string[] = []
  const badges: [string, string][] = [
    ['Gold Flake Marble Drop Earrings', 'Sale'],
    ['Emerald Agate Drop Earrings', 'Out Of Stock'],
    ['Preserved Rose Petal Pendant', 'Only 3 items left'],
  ]
  for (const [title, badge] of badges) {
    await page.goto(`/shop/search?keyword=${encodeURIComponent(title)}`)
    // The badge over the picture (a sold-out card's button says 'Out Of Stock' too).
    const label = productCard(page, title).locator('a[aria-hidden] span').filter({ hasText: badge })
    await expect(label).toBeVisible()
    looks.push(await label.evaluate((el) => getComputedStyle(el).backgroundColor))
  }
  expect(new Set(looks).size).toBe(3)
})

test('the carousel dots show the current slide', async ({ page }) => {
  await page.goto('/shop/home')
  const banner = page.getByRole('region', { name: 'Featured collections' })
  const dotWidth = (n: number) =>
    banner.getByRole('link', { name: `Slide ${n}` }).locator('span[aria-hidden]').evaluate((el) => el.getBoundingClientRect().width)
  await expect.poll(() => dotWidth(1)).toBeGreaterThan(20)
  await banner.getByRole('link', { name: 'Slide 3' }).click()
  await expect(banner.getByRole('group', { name: '3 of 4' })).toBeInViewport()
  await expect.poll(() => dotWidth(3)).toBeGreaterThan(20)
  await expect.poll(() => dotWidth(1)).toBeLessThan(12)
})

test('a toast on the cart sheet does not cover the line price', async ({ page }) => {
  await page.goto('/shop/search?keyword=Stardust%20Galaxy%20Earrings')
  await productCard(page, 'Stardust Galaxy Earrings').getByRole('button', { name: 'Add to cart' }).click()
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
  const sheet = await openCart(page)
  const line = sheet.getByRole('listitem').filter({ hasText: 'Stardust Galaxy Earrings' })
  await line.getByRole('button', { name: 'Increase quantity of Stardust Galaxy Earrings' }).click()
  // With JS a toast; without, the flashed status region on the cart page.
  const message = jsEnabled() ? toast(page, 'Cart Item is Updated Successfully') : flash(page, 'Cart Item is Updated Successfully')
  await expect(message).toBeVisible()
  const price = line.getByText('₹1,598.00', { exact: true })
  await expect(price).toBeVisible()
  const [a, b] = [await message.boundingBox(), await price.boundingBox()]
  if (!a || !b) throw new Error('no boxes')
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
  expect(overlaps).toBe(false)
})
