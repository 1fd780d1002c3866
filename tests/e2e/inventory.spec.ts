// The owner keeps stock from one page on a phone (issue 27): she finds her pieces from the admin menu,
// changes twenty stocks and saves once (JS on and off), reads a piece's stock history, and a sale
// made while she typed is not overwritten unseen.
import { expect, flash, loginAs, PHONE_390, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE_390)
})

async function openInventory(page: import('@playwright/test').Page, search: string) {
  await loginAs(page, 'admin')
  await page.goto('/admin/dashboard')
  await page.getByLabel('Toggle menu').click()
  await page.getByRole('link', { name: 'Inventory', exact: true }).locator('visible=true').click()
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible()
  const box = page.getByRole('searchbox', { name: 'Search the inventory' })
  await box.fill(search)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${search}`))
}

test('the owner changes twenty stocks at once and reads a piece’s history', async ({ page, shop }) => {
  test.setTimeout(120_000)
  const batch = `${Date.now()}`.slice(-7)
  const products = []
  for (let i = 0; i < 20; i++) products.push(await shop.product({ title: `Test Piece ${batch}${String(i).padStart(2, '0')}`, stock: i }))
  await openInventory(page, batch)
  const stock = (title: string) => page.getByRole('spinbutton', { name: `Stock of ${title}` })
  await expect(stock(products[0]?.title ?? '')).toHaveValue('0')
  for (const [i, product] of products.entries()) await stock(product.title).fill(String(100 + i))
  const save = page.getByRole('button', { name: 'Save stock' })
  // Save is on the screen while the list is long: no scrolling to the end of twenty rows.
  await expect(save).toBeInViewport()
  await save.click()
  await expect(flash(page, 'Stock saved: 20 changes')).toBeVisible()
  for (const [i, product] of products.entries()) await expect(stock(product.title)).toHaveValue(String(100 + i))

  const first = page.getByRole('listitem').filter({ hasText: products[3]?.title ?? '' })
  await first.getByRole('link', { name: 'History' }).click()
  await expect(page.getByRole('heading', { name: `Stock history: ${products[3]?.title}` })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Changes' }).getByRole('listitem').first()).toContainText('Inventory edit +100')
  await expect(page.getByRole('list', { name: 'Changes' }).getByRole('listitem').first()).toContainText('Stock after: 103 · by Studio Admin')
})

test('a stock that moved while the owner typed is not overwritten, and nothing of the save is kept', async ({ page, shop }) => {
  const batch = `${Date.now()}`.slice(-7)
  const moved = await shop.product({ title: `Test Piece ${batch}01`, stock: 5 })
  const other = await shop.product({ title: `Test Piece ${batch}02`, stock: 5 })
  await openInventory(page, batch)
  await page.getByRole('spinbutton', { name: `Stock of ${moved.title}` }).fill('9')
  await page.getByRole('spinbutton', { name: `Stock of ${other.title}` }).fill('7')
  // Meanwhile the stock changes elsewhere (another admin, through /api).
  await shop.setStock(moved.id, 4)
  await page.getByRole('button', { name: 'Save stock' }).click()
  await expect(page.getByText('Changed to 4 since you opened the page; check it and save again')).toBeVisible()
  await page.goto(`/admin/inventory?q=${batch}`)
  await expect(page.getByRole('spinbutton', { name: `Stock of ${moved.title}` })).toHaveValue('4')
  await expect(page.getByRole('spinbutton', { name: `Stock of ${other.title}` })).toHaveValue('5')
})
