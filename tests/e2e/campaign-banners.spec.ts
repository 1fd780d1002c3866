// Campaign banners (issue 28, ADR 074) on a phone, JS on and off: the owner adds a banner with a
// headline and a link, is told plainly about a link out of the shop, moves it up (and, with JS, drags
// it), and sees it on the home page with its button leading to the category.
import type { Page } from '@playwright/test'
import { expect, flash, jsEnabled, loginAs, test, testPng } from './fixtures'

function order(page: Page) {
  return page.getByRole('list', { name: 'Banners in home-page order' }).getByRole('listitem')
}

/** The banners' ids in the admin's order, read from their Edit links (names without a headline are positional). */
async function ids(page: Page): Promise<string[]> {
  return order(page).evaluateAll((items) => items.map((item) => item.querySelector('a[href*="?edit="]')?.getAttribute('href') ?? ''))
}

test('the owner adds a campaign banner, moves it up, and shoppers see it on the home page', async ({ page }) => {
  const headline = `Diwali glow ${jsEnabled() ? 'js' : 'nojs'} ${Date.now().toString(36)}`
  await loginAs(page, 'admin')
  await page.goto('/admin/features')
  const image = await testPng(jsEnabled() ? '#e76f51' : '#2a9d8f', 1200, 480)
  await page.getByLabel(/^Picture/).setInputFiles({ name: 'diwali.png', mimeType: 'image/png', buffer: image })
  await page.getByLabel('Headline').fill(headline)
  await page.getByLabel('Short line').fill('Lamps and coasters for the festival')
  await page.getByLabel('Button text').fill('Shop home decor')

  // A link out of the shop is refused with a message by the field, and nothing is added.
  await page.getByLabel('Link').fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Add banner' }).click()
  await expect(page.getByText(/^Link to a page of this shop/)).toBeVisible()
  await expect(order(page).filter({ hasText: headline })).toHaveCount(0)

  await page.getByLabel('Link').fill('/shop/listing?category=home-decor')
  if (!jsEnabled()) await page.getByLabel(/^Picture/).setInputFiles({ name: 'diwali.png', mimeType: 'image/png', buffer: image })
  await page.getByRole('button', { name: 'Add banner' }).click()
  await expect(flash(page, 'Feature image added successfully')).toBeVisible()
  const mine = order(page).filter({ hasText: headline })
  await expect(mine).toContainText('Live')
  await expect(mine).toContainText('Shop home decor → /shop/listing?category=home-decor')

  const before = await ids(page)
  const own = (await mine.getByRole('link', { name: `Edit ${headline}` }).getAttribute('href')) as string
  const at = before.indexOf(own)
  expect(at).toBeGreaterThan(0)
  const above = before[at - 1] as string
  await mine.getByRole('button', { name: `Move ${headline} up` }).click()
  await expect(flash(page, 'Banner moved')).toBeVisible()
  await expect
    .poll(async () => {
      const after = await ids(page)
      return after.indexOf(own) < after.indexOf(above)
    })
    .toBe(true)

  if (jsEnabled()) {
    // With JS a banner can also be dragged: dropped on the last one it goes after it, and stays there.
    await order(page).filter({ hasText: headline }).dragTo(order(page).last())
    await expect.poll(async () => (await ids(page)).at(-1)).toBe(own)
    await page.reload()
    await expect.poll(async () => (await ids(page)).at(-1)).toBe(own)
  }

  // A visitor (no session) sees it on the home page, its button leading to the category.
  await page.context().clearCookies()
  await page.goto('/shop/home')
  const slide = page.getByRole('group').filter({ hasText: headline })
  await expect(slide).toHaveCount(1)
  await expect(slide.getByRole('link', { name: 'Shop home decor' })).toHaveAttribute('href', '/shop/listing?category=home-decor')

  // Tidy: the banner goes, so other runs see the demo banners.
  await loginAs(page, 'admin')
  await page.goto('/admin/features')
  await order(page).filter({ hasText: headline }).getByRole('link', { name: `Delete ${headline}` }).click()
  await page.getByRole('alertdialog', { name: 'Delete banner' }).getByRole('button', { name: 'Yes, delete' }).click()
  await expect(flash(page, 'Feature image deleted successfully')).toBeVisible()
})
