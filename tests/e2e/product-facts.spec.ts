import type { Page } from '@playwright/test'
import { adminProductCard, expect, flash, loginAs, PHONE_390, productPath, test } from './fixtures'

// The product page's facts at 390 px, JS on and off (issue 32, ADR 083): a piece says where it comes
// from (India unless the owner names another) and, for jewellery, what it is made of; the owner sets
// both in the product sheet, and the kept product page follows the edit.

test.use({ viewport: PHONE_390 })

/** The product page's "Details" rows as read: ['Country of origin: India', ...]. */
async function details(page: Page): Promise<string[]> {
  const list = page.locator('[data-product-facts]')
  await expect(list).toBeVisible()
  return (await list.locator('div').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim())
}

test('a piece is from India unless the owner says otherwise; a demo pendant names its materials', async ({ page, shop }) => {
  const piece = await shop.product()
  await page.goto(piece.path)
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible()
  expect(await details(page)).toEqual(['Country of origin: India'])
  await page.goto(await productPath(page, 'Ocean Wave Resin Pendant'))
  expect(await details(page)).toEqual([
    'Country of origin: India',
    'Materials: Epoxy resin, pigments, gold-toned brass bezel, stainless steel chain',
  ])
})

test('the owner names the country and the materials of a jewellery piece in the sheet; the page shows them', async ({ page, shop, openPage }) => {
  const piece = await shop.product({ category: 'jewellery' })
  const visitor = await openPage()
  // Seen once before the edit, so the page is kept: the edit must drop it.
  await visitor.goto(piece.path)
  expect(await details(visitor)).toEqual(['Country of origin: India'])

  await loginAs(page, 'admin')
  await page.goto(`/admin/products?q=${encodeURIComponent(piece.title)}`)
  await adminProductCard(page, piece.title).getByRole('link', { name: 'Edit' }).click()
  const sheet = page.getByRole('region', { name: 'Edit Product' })
  const country = sheet.getByLabel('Country of origin')
  await expect(country).toHaveValue('India')
  await country.fill('Nepal')
  await sheet.getByLabel('Materials').fill('  Epoxy resin, राल, 925 silver hook ')
  await sheet.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(flash(page, 'Product edited successfully')).toBeVisible()

  await visitor.goto(piece.path)
  expect(await details(visitor)).toEqual(['Country of origin: Nepal', 'Materials: Epoxy resin, राल, 925 silver hook'])

  // Opened again, the sheet shows what was saved; emptied, the country is India again.
  await page.goto(`/admin/products?q=${encodeURIComponent(piece.title)}`)
  await adminProductCard(page, piece.title).getByRole('link', { name: 'Edit' }).click()
  await expect(sheet.getByLabel('Materials')).toHaveValue('Epoxy resin, राल, 925 silver hook')
  await sheet.getByLabel('Country of origin').fill('')
  await sheet.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(flash(page, 'Product edited successfully')).toBeVisible()
  await visitor.goto(piece.path)
  expect(await details(visitor)).toEqual(['Country of origin: India', 'Materials: Epoxy resin, राल, 925 silver hook'])
})

test('the sheet asks the materials of jewellery only', async ({ page, shop }) => {
  const piece = await shop.product({ category: 'home-decor' })
  await loginAs(page, 'admin')
  await page.goto(`/admin/products?q=${encodeURIComponent(piece.title)}`)
  await adminProductCard(page, piece.title).getByRole('link', { name: 'Edit' }).click()
  const sheet = page.getByRole('region', { name: 'Edit Product' })
  await expect(sheet.getByLabel('Country of origin')).toHaveValue('India')
  await expect(sheet.getByLabel('Materials')).toHaveCount(0)
})
