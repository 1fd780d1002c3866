// A signed-in shopper on kept pages (ADR 076): the listing and home come from the page cache with
// her header spliced in, hydrate without a mismatch, and client navigation and her cart keep working.
import type { Page } from '@playwright/test'
import { cartLink, expect, fillLogin, jsEnabled, productCard, test } from './fixtures'

/** Errors the page reports: console errors (React's hydration warnings among them) and uncaught ones. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function expectHerHeader(page: Page, userName: string, items: number) {
  await expect(cartLink(page)).toHaveAccessibleName(`Cart, ${items} items`)
  await page.getByLabel('Open user menu').click()
  await expect(page.getByText(`Logged in as ${userName}`)).toBeVisible()
  await page.getByLabel('Open user menu').click()
}

test('a signed-in shopper browses kept pages with her own header, JS on and off', async ({ page, shop }) => {
  const product = await shop.product({ title: `Kept pages bowl ${Date.now()}`, category: 'home-decor' })
  const shopper = await shop.shopper('Ishita Kapoor')
  const errors = collectErrors(page)
  await page.goto('/auth/login')
  await fillLogin(page, shopper.email, shopper.password)
  await expect(page).toHaveURL(/\/shop\/home$/)

  // The kept listing (kept at her miss as nobody's), with her header.
  const listing = await page.goto('/shop/listing?category=home-decor')
  expect(listing?.headers()['x-cache']).toMatch(/personal/)
  await expectHerHeader(page, shopper.userName, 0)

  // Her product page (rendered for her: its review area is hers), then her cart.
  await expect(productCard(page, product.title)).toBeVisible()
  await page.goto(product.path)
  await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible()
  await expectHerHeader(page, shopper.userName, 0)
  await page.getByRole('button', { name: 'Add to cart' }).first().click()
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')

  // Back on a kept page the count is hers at once, by a client navigation with JS and a page load without.
  await page.getByRole('link', { name: 'Resin Craft Studio' }).click()
  await expect(page).toHaveURL(/\/shop\/home$/)
  await expectHerHeader(page, shopper.userName, 1)
  const home = await page.goto('/shop/home')
  expect(home?.headers()['x-cache']).toMatch(/personal/)
  await expectHerHeader(page, shopper.userName, 1)
  if (jsEnabled()) {
    // Hydrated from the page's JSON element: a client navigation keeps her header.
    await page.getByRole('link', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/search$/)
    await expect(page.getByRole('searchbox').first()).toBeVisible()
    await expectHerHeader(page, shopper.userName, 1)
  }
  expect(errors).toEqual([])
})
