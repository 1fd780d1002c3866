// The admin finds products by title or category on a phone (a GET form, ?q=, JS on and off), and
// Delete is a quiet control that still asks first; every control is a 44 px tap target.
import { adminProductCard, expect, jsEnabled, loginAs, test } from './fixtures'

// Counts the demo catalogue's earrings while other tests add products of their own: theirs never say
// 'earrings' (tests/e2e/shop-data.ts) nor sit in Home Decor.

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
})

test('searches the product grid by title and by category', async ({ page }) => {
  await loginAs(page, 'admin')
  const box = page.getByRole('searchbox', { name: 'Search products by title or category' })
  await box.fill('earrings')
  await (jsEnabled() ? box.press('Enter') : page.getByRole('button', { name: 'Search' }).click())
  await expect(page).toHaveURL(/\/admin\/products\?q=earrings$/)
  await expect(adminProductCard(page, 'Stardust Galaxy Earrings')).toBeVisible()
  await expect(adminProductCard(page, 'Ocean Wave Resin Pendant')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'match “earrings”' })).toContainText('5 products match')
  await expect(box).toHaveValue('earrings')

  await box.fill('home decor')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/admin\/products\?q=home\+decor$/)
  await expect(adminProductCard(page, 'Geode Resin Wall Clock')).toBeVisible()
  await expect(adminProductCard(page, 'Stardust Galaxy Earrings')).toHaveCount(0)

  await page.getByRole('link', { name: 'Show all products' }).click()
  await expect(page).toHaveURL(/\/admin\/products$/)
  await expect(adminProductCard(page, 'Stardust Galaxy Earrings')).toBeVisible()
})

test('Delete is secondary to Edit, keeps the search and still asks first', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/admin/products?q=earrings')
  const card = adminProductCard(page, 'Stardust Galaxy Earrings')
  const edit = card.getByRole('link', { name: 'Edit' })
  const remove = card.getByRole('link', { name: 'Delete' })
  for (const control of [edit, remove]) {
    const box = await control.boundingBox()
    expect(box?.height, 'tap target height').toBeGreaterThanOrEqual(44)
    expect(box?.width, 'tap target width').toBeGreaterThanOrEqual(44)
  }
  // Not a filled red button: no background colour of its own.
  expect(await remove.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)')

  await remove.click()
  await expect(page).toHaveURL(/\/admin\/products\?delete=[^&]+&q=earrings$/)
  const confirm = page.getByRole('alertdialog', { name: 'Delete product' })
  await expect(confirm).toContainText('Delete “Stardust Galaxy Earrings”?')
  await confirm.getByRole('link', { name: 'Keep it' }).click()
  await expect(page).toHaveURL(/\/admin\/products\?q=earrings$/)
  await expect(confirm).toHaveCount(0)
  await expect(card).toHaveCount(1)
})
