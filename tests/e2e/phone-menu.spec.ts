import { expect, jsEnabled, MIN_TAP_PX, openMenu, PHONE_390, test } from './fixtures'

// The header's menu on a 390 px phone, with and without JS: a drawer with every shop link, each
// visible, big enough to tap and leading where it says; Search is one tap from every page.

test.use({ viewport: PHONE_390 })

const DESTINATIONS: [string, RegExp][] = [
  ['Home', /\/shop\/home$/],
  ['Products', /\/shop\/listing$/],
  ['About Us', /\/shop\/about-us$/],
  ['Search', /\/shop\/search$/],
  ['Jewellery', /\/shop\/listing\?category=jewellery$/],
  ['Home Decor', /\/shop\/listing\?category=home-decor$/],
  ['Gifting & Memories', /\/shop\/listing\?category=gifting-memories$/],
  ['Special Occasion', /\/shop\/listing\?category=special-occasion$/],
]

test('the menu drawer shows every link, full height, each one big enough to tap', async ({ page }) => {
  await page.goto('/shop/about-us')
  const menu = await openMenu(page)
  // The drawer reaches the bottom of the screen (it was 64 px tall: the header's height).
  const drawer = await menu.locator('xpath=..').boundingBox()
  expect(drawer?.height ?? 0).toBeGreaterThan(PHONE_390.height - 100)
  await expect(menu.getByRole('link')).toHaveText(DESTINATIONS.map(([name]) => name))
  for (const [name] of DESTINATIONS) {
    const link = menu.getByRole('link', { name, exact: true })
    await expect(link).toBeInViewport({ ratio: 1 })
    const box = await link.boundingBox()
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(MIN_TAP_PX)
  }
})

for (const [name, url] of DESTINATIONS) {
  test(`the menu's '${name}' leads to its page`, async ({ page }) => {
    // From a page the link does not point at, as a shopper would: open the menu, tap the link.
    await page.goto(name === 'About Us' ? '/shop/home' : '/shop/about-us')
    const menu = await openMenu(page)
    await menu.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(url)
    // The drawer is closed on the new page.
    await expect(page.getByRole('navigation', { name: 'Shop menu' })).toBeHidden()
    if (name === 'Search') await expect(page.getByPlaceholder('Search Products...')).toBeVisible()
    else if (name === 'About Us') await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible()
    else if (name === 'Home') await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeVisible()
    // The listing is headed by its category, or 'All Products' without one.
    else await expect(page.getByRole('heading', { name: name === 'Products' ? 'All Products' : name, level: 1, exact: true })).toBeVisible()
  })
}

test('a tap beside the drawer closes it, and the page behind does not scroll while it is open', async ({ page }) => {
  await page.goto('/shop/home')
  const menu = await openMenu(page)
  await expect(page.locator('html')).toHaveCSS('overflow', 'hidden')
  // The strip of page to the right of the drawer.
  await page.mouse.click(PHONE_390.width - 20, PHONE_390.height / 2)
  await expect(menu).toBeHidden()
  await expect(page).toHaveURL(/\/shop\/home$/)
  await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden')
})

test('the header has a search button beside the cart on every shop page', async ({ page }) => {
  for (const path of ['/shop/home', '/shop/listing', '/shop/about-us', '/shop/cart']) {
    await page.goto(path)
    const search = page.getByRole('banner').getByRole('link', { name: 'Search', exact: true })
    await expect(search).toBeInViewport({ ratio: 1 })
  }
  await page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/search$/)
  const box = page.getByPlaceholder('Search Products...')
  await box.fill('pendant')
  if (jsEnabled()) await expect(page).toHaveURL(/keyword=pendant/, { timeout: 5_000 })
  else await box.press('Enter')
  await expect(page.getByRole('article').first()).toBeVisible()
})

test('on a phone the theme switch is in the menu', async ({ page }) => {
  await page.goto('/shop/about-us')
  const menu = await openMenu(page)
  const drawer = menu.locator('xpath=..')
  await drawer.getByLabel('Toggle theme').click()
  await drawer.getByRole('button', { name: 'Dark' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})
