// Issue 27 on a 390 px phone, JS on and off: every star is a verified buyer's (a piece without
// reviews shows none, and the admin's sheet has no Average Review box: ADR 062), and the product
// sheet keeps the owner's work: it asks before discarding changes (JS), a save goes back to the
// grid's search, and Add/Edit sit on the first screen of a long form.
import type { Page } from '@playwright/test'
import { adminProductCard, DEMO, expect, flash, jsEnabled, loginAs, PHONE_390, productCard, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE_390)
})

/** The grid the page stands on: its path and its search. */
function gridOf(page: Page) {
  const url = new URL(page.url())
  return { path: url.pathname, q: url.searchParams.get('q') }
}

/** Opens the edit sheet of a product from the grid searched for its title. */
async function openEditSheet(page: Page, title: string) {
  await page.goto(`/admin/products?q=${encodeURIComponent(title)}`)
  await adminProductCard(page, title).getByRole('link', { name: 'Edit' }).click()
  const sheet = page.getByRole('region', { name: 'Edit Product' })
  await expect(sheet.getByLabel('Title', { exact: true })).toHaveValue(title)
  expect(new URL(page.url()).searchParams.get('q')).toBe(title)
  return sheet
}

test('a piece without reviews shows no stars, even after an old client sends an averageReview', async ({ page, shop, baseURL }) => {
  const piece = await shop.product()
  // An old client's edit with a typed average: accepted, and the value ignored.
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO.admin.email, password: DEMO.admin.password }),
  })
  const { token } = (await login.json()) as { token: string }
  const edited = await fetch(`${baseURL}/api/admin/products/edit/${piece.id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ averageReview: 4.9 }),
  })
  expect(edited.status).toBe(200)
  expect(((await edited.json()) as { data: { averageReview: number } }).data.averageReview).toBe(0)

  await page.goto(`/shop/search?keyword=${encodeURIComponent(piece.title)}`)
  await expect(productCard(page, piece.title)).not.toContainText('★')
  await productCard(page, piece.title).getByRole('link', { name: piece.title, exact: true }).click()
  // The dialog with JS, the product's page without.
  const detail = jsEnabled() ? page.getByRole('dialog') : page.getByRole('main')
  await expect(detail.getByRole('heading', { name: piece.title })).toBeVisible()
  await expect(detail.getByText('No reviews yet', { exact: true })).toBeVisible()
  await expect(detail.getByText('No reviews yet.', { exact: true })).toBeVisible()
  await expect(detail).not.toContainText('★')
  await expect(detail).not.toContainText('out of 5')

  await page.goto(piece.path)
  await expect(page.getByRole('heading', { name: piece.title, level: 1 })).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText('★')
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}')
  expect(data).toMatchObject({ '@type': 'Product', name: piece.title })
  expect(data).not.toHaveProperty('aggregateRating')
  expect(data).not.toHaveProperty('review')

  // The admin's sheet has no Average Review box, to add or to edit.
  await loginAs(page, 'admin')
  const sheet = await openEditSheet(page, piece.title)
  await expect(sheet.getByLabel('Total Stock', { exact: true })).toBeVisible()
  await expect(sheet.getByLabel('Average Review')).toHaveCount(0)
  await expect(sheet).not.toContainText('Average Review')
  await page.goto('/admin/products/new')
  const add = page.getByRole('region', { name: 'Add New Product' })
  await expect(add.getByLabel('Title', { exact: true })).toBeVisible()
  await expect(add).not.toContainText('Average Review')
})

test('saving an edit goes back to the grid’s search, with the change in it', async ({ page, shop }) => {
  const piece = await shop.product({ stock: 6 })
  await loginAs(page, 'admin')
  const sheet = await openEditSheet(page, piece.title)
  await sheet.getByLabel('Total Stock', { exact: true }).fill('7')
  await sheet.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(flash(page, 'Product edited successfully')).toBeVisible()
  expect(gridOf(page)).toEqual({ path: '/admin/products', q: piece.title })
  await expect(page.getByRole('searchbox', { name: 'Search products by title or category' })).toHaveValue(piece.title)
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toContainText('1 product match')
  await expect(adminProductCard(page, piece.title)).toContainText('Stock: 7')
  await expect(page.getByRole('region', { name: 'Edit Product' })).toHaveCount(0)

  // Cancel goes back to the same search, changing nothing.
  const again = await openEditSheet(page, piece.title)
  await again.getByRole('link', { name: 'Cancel' }).click()
  if (jsEnabled()) await expect(page.getByRole('alertdialog', { name: 'Discard changes?' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Edit Product' })).toHaveCount(0)
  expect(gridOf(page)).toEqual({ path: '/admin/products', q: piece.title })
})

test('Add and Edit are on the sheet’s first screen, however long the form', async ({ page, shop }) => {
  const piece = await shop.product()
  await loginAs(page, 'admin')
  await page.getByRole('link', { name: 'Add New Product' }).click()
  const add = page.getByRole('region', { name: 'Add New Product' })
  await expect(add.getByLabel('Title', { exact: true })).toBeVisible()
  // The form is taller than the phone's screen, and nothing was scrolled.
  expect(await add.evaluate((el) => el.scrollHeight > el.clientHeight && el.scrollTop === 0)).toBe(true)
  await expect(add.getByRole('button', { name: 'Add', exact: true })).toBeInViewport({ ratio: 1 })
  await expect(add.getByRole('link', { name: 'Cancel' })).toBeInViewport({ ratio: 1 })

  const edit = await openEditSheet(page, piece.title)
  expect(await edit.evaluate((el) => el.scrollHeight > el.clientHeight && el.scrollTop === 0)).toBe(true)
  const save = edit.getByRole('button', { name: 'Edit', exact: true })
  await expect(save).toBeInViewport({ ratio: 1 })
  const box = await save.boundingBox()
  expect(box?.height, 'tap target').toBeGreaterThanOrEqual(44)
  // It stays there as the form scrolls under it.
  await edit.evaluate((el) => el.scrollTo(0, el.scrollHeight / 2))
  await expect(save).toBeInViewport({ ratio: 1 })
  await page.screenshot({ path: test.info().outputPath('product-sheet-390.png') })
})

test('the sheet keeps what was typed: it asks before discarding (JS); a refused save keeps it (no JS)', async ({ page, shop }) => {
  const piece = await shop.product()
  await loginAs(page, 'admin')
  if (!jsEnabled()) {
    // Without JS the sheet is a page of its own: a stray tap on the backdrop (a tablet) does nothing,
    // and a save the server refuses comes back with everything typed still in the boxes, the reason
    // beside the field, nothing saved.
    const sheet = await openEditSheet(page, piece.title)
    const editUrl = page.url()
    await sheet.getByLabel('Title', { exact: true }).fill(`${piece.title} renamed`)
    await sheet.getByLabel('Description').fill('A new description, typed on a phone.')
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.mouse.click(40, 400)
    expect(page.url()).toBe(editUrl)
    await expect(sheet.getByLabel('Title', { exact: true })).toHaveValue(`${piece.title} renamed`)
    await page.setViewportSize(PHONE_390)
    await sheet.getByLabel('Sale Price (₹, 0 for none)').fill('999999')
    await sheet.getByRole('button', { name: 'Edit', exact: true }).click()
    const again = page.getByRole('region', { name: 'Edit Product' })
    await expect(again.getByText('Sale price must be less than the price')).toBeVisible()
    await expect(again.getByLabel('Title', { exact: true })).toHaveValue(`${piece.title} renamed`)
    await expect(again.getByLabel('Description')).toHaveValue('A new description, typed on a phone.')
    await openEditSheet(page, piece.title)
    return
  }
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' })

  // Nothing changed: Close just closes.
  let sheet = await openEditSheet(page, piece.title)
  await sheet.getByRole('link', { name: 'Close' }).click()
  await expect(sheet).toHaveCount(0)
  await expect(ask).toHaveCount(0)

  sheet = await openEditSheet(page, piece.title)
  const editUrl = page.url()
  const title = sheet.getByLabel('Title', { exact: true })
  await title.fill(`${piece.title} renamed`)
  for (const leave of [
    () => sheet.getByRole('link', { name: 'Close' }).click(),
    () => sheet.getByRole('link', { name: 'Cancel' }).click(),
    () => page.keyboard.press('Escape'),
    () => page.goBack(),
  ]) {
    await leave()
    await expect(ask).toBeVisible()
    await expect(ask).toContainText('What you changed in this product is not saved yet and will be lost.')
    await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused()
    await ask.getByRole('button', { name: 'Keep editing' }).click()
    await expect(ask).toHaveCount(0)
    expect(page.url()).toBe(editUrl)
    await expect(title).toHaveValue(`${piece.title} renamed`)
  }

  // Where the sheet leaves room for the backdrop (a tablet), a stray tap on it asks too.
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.mouse.click(40, 400)
  await expect(ask).toBeVisible()
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused()
  // Tab stays on the question's two buttons; a tap beside the question keeps editing.
  await page.keyboard.press('Tab')
  await expect(ask.getByRole('button', { name: 'Discard' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused()
  await page.mouse.click(40, 40)
  await expect(ask).toHaveCount(0)
  await expect(title).toHaveValue(`${piece.title} renamed`)
  expect(page.url()).toBe(editUrl)
  await page.setViewportSize(PHONE_390)

  // Escape inside the question keeps editing too; Discard leaves for the grid's search, unsaved.
  await sheet.getByRole('link', { name: 'Close' }).click()
  await page.keyboard.press('Escape')
  await expect(ask).toHaveCount(0)
  await expect(title).toHaveValue(`${piece.title} renamed`)
  await sheet.getByRole('link', { name: 'Close' }).click()
  await ask.getByRole('button', { name: 'Discard' }).click()
  await expect(sheet).toHaveCount(0)
  expect(gridOf(page)).toEqual({ path: '/admin/products', q: piece.title })
  await expect(adminProductCard(page, piece.title)).toBeVisible()
  await expect(adminProductCard(page, `${piece.title} renamed`)).toHaveCount(0)

  // A change put back as it was is no change.
  sheet = await openEditSheet(page, piece.title)
  await sheet.getByLabel('Total Stock', { exact: true }).fill('3')
  await sheet.getByLabel('Total Stock', { exact: true }).fill(String(piece.stock))
  await page.keyboard.press('Escape')
  await expect(sheet).toHaveCount(0)
  await expect(ask).toHaveCount(0)
})
