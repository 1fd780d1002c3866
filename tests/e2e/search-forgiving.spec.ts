// Search forgives a shopper's typing on a 390 px phone: typos and extra words still find products, and a
// search that finds nothing offers the categories instead. JS on and off.
import { expect, jsEnabled, productCard, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
})

async function searchFor(page: import('@playwright/test').Page, keyword: string) {
  await page.goto('/shop/search')
  const box = page.getByPlaceholder('Search Products...')
  await box.fill(keyword)
  // With JS the search runs a second after typing stops; without it, Enter submits the GET form.
  if (!jsEnabled()) await box.press('Enter')
  await page.waitForURL((url) => url.pathname === '/shop/search' && url.searchParams.get('keyword') === keyword)
}

test('a typo ("earing") still finds the earrings', async ({ page }) => {
  await searchFor(page, 'earing')
  await expect(productCard(page, 'Stardust Galaxy Earrings')).toBeVisible()
  await expect(productCard(page, 'Gold Flake Marble Drop Earrings')).toBeVisible()
  await expect(page.getByText('No Result Found !', { exact: true })).toHaveCount(0)
  // Earrings come first: the typo is in no other title.
  await expect(page.getByRole('article').first().getByRole('heading')).toContainText('Earrings')
})

test('extra words ("necklace for mom") still find the necklace', async ({ page }) => {
  await searchFor(page, 'necklace for mom')
  await expect(productCard(page, 'Galaxy Glitter Pendant Necklace')).toBeVisible()
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText('Galaxy Glitter Pendant Necklace')
})

test('a search that finds nothing suggests the categories, which open the listing', async ({ page }) => {
  await searchFor(page, 'qqqq zzzz')
  await expect(page.getByText('No Result Found !', { exact: true })).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(0)
  const suggestions = page.getByRole('navigation', { name: 'Browse a category instead' })
  for (const label of ['Jewellery', 'Home Decor', 'Gifting & Memories', 'Special Occasion']) {
    await expect(suggestions.getByRole('link', { name: label, exact: true })).toBeVisible()
  }
  await suggestions.getByRole('link', { name: 'Home Decor', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/listing\?category=home-decor$/)
  await expect(productCard(page, 'Geode Resin Wall Clock')).toBeVisible()
})

test('text typed before the page came alive still searches (a slow phone: the scripts arrive late)', async ({ page }) => {
  // The page's scripts are held until the text is in the box; without JS there are none and Enter submits.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/**/*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/shop/search', { waitUntil: 'commit' })
  const box = page.getByPlaceholder('Search Products...')
  await box.fill('necklace for mom')
  release()
  if (!jsEnabled()) await box.press('Enter')
  await page.waitForURL((url) => url.pathname === '/shop/search' && url.searchParams.get('keyword') === 'necklace for mom')
  await expect(productCard(page, 'Galaxy Glitter Pendant Necklace')).toBeVisible()
  await expect(box).toHaveValue('necklace for mom')
})
