// Issue 27 on a 390 px phone, JS on and off (ADR 091): the owner names a second option group "Chain"
// on the product sheet, sets each size and chain's stock (one with its own price) on the grid, saves,
// reopens and sees it all; a shopper sees the combination set to 0 sold out.
import type { Locator, Page } from '@playwright/test'
import { adminProductCard, choose, expect, flash, jsEnabled, loginAs, PHONE_390, test } from './fixtures'

test.use({ viewport: PHONE_390 })

async function openEditSheet(page: Page, title: string) {
  await page.goto(`/admin/products?q=${encodeURIComponent(title)}`)
  await adminProductCard(page, title).getByRole('link', { name: 'Edit' }).click()
  const sheet = page.getByRole('region', { name: 'Edit Product' })
  await expect(sheet.getByLabel('Title', { exact: true })).toHaveValue(title)
  return sheet
}

/** Adds a list item (a plain submit without JS: the sheet comes back with it) and fills its boxes. */
async function addItem(sheet: Locator, button: string, fill: [string, string][]) {
  await sheet.getByRole('button', { name: button, exact: true }).click()
  for (const [label, value] of fill) await sheet.getByLabel(label, { exact: true }).fill(value)
}

const STOCK = { 'Stock of S, Silver': '2', 'Stock of S, Gold': '0', 'Stock of M, Silver': '1', 'Stock of M, Gold': '3' }

test('the owner names a second group and sets stock per size and chain; the shop marks the combination at 0 sold out', async ({ page, shop }) => {
  const piece = await shop.product()
  await loginAs(page, 'admin')
  let sheet = await openEditSheet(page, piece.title)

  await sheet.getByRole('combobox', { name: /^Variety type\b/ }).selectOption({ label: 'Size options' })
  await addItem(sheet, 'Add option', [
    ['Option 1 name', 'S'],
    ['Option 1 price', '999'],
  ])
  await addItem(sheet, 'Add option', [
    ['Option 2 name', 'M'],
    ['Option 2 price', '1299'],
  ])
  await sheet.getByLabel('Second option group name', { exact: true }).fill('Chain')
  await addItem(sheet, 'Add second option', [['Second option 1 name', 'Silver']])
  await addItem(sheet, 'Add second option', [['Second option 2 name', 'Gold']])

  await sheet.getByLabel('Keep stock for each option and colour', { exact: true }).check()
  if (!jsEnabled()) await sheet.getByRole('button', { name: 'Show stock per option' }).click()
  for (const [label, value] of Object.entries(STOCK)) await sheet.getByLabel(label, { exact: true }).fill(value)
  await sheet.getByLabel('Price of M, Gold', { exact: true }).fill('1499')
  if (jsEnabled()) await expect(sheet.getByLabel('Total Stock', { exact: true })).toHaveValue('6')
  await sheet.screenshot({ path: test.info().outputPath('second-option-sheet-390.png') })

  await sheet.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(flash(page, 'Product edited successfully')).toBeVisible()

  sheet = await openEditSheet(page, piece.title)
  await expect(sheet.getByLabel('Second option group name', { exact: true })).toHaveValue('Chain')
  await expect(sheet.getByLabel('Second option 2 name', { exact: true })).toHaveValue('Gold')
  for (const [label, value] of Object.entries(STOCK)) await expect(sheet.getByLabel(label, { exact: true })).toHaveValue(value)
  await expect(sheet.getByLabel('Price of M, Gold', { exact: true })).toHaveValue('1499')
  await expect(sheet.getByLabel('Price of S, Silver', { exact: true })).toHaveValue('')
  await expect(sheet.getByLabel('Total Stock', { exact: true })).toHaveValue('6')

  // The shop as a visitor sees it.
  await page.context().clearCookies()
  await page.goto(piece.path)
  await choose(page.getByRole('group', { name: 'Size Options' }), /^S/)
  const chains = page.getByRole('group', { name: 'Chain Options' })
  await expect(chains.getByRole('radio')).toHaveCount(2)
  if (jsEnabled()) {
    await expect(chains.getByRole('radio', { name: /^Gold.*\(sold out\)$/ })).toBeDisabled()
    await expect(chains.getByRole('radio', { name: /^Silver/ })).toBeEnabled()
  } else {
    // Without JS the server answers for the sold-out combination.
    await choose(chains, /^Gold/)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByText('Only 0 quantity can be added for this item')).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('second-option-shop-390.png') })
    await page.goto('/shop/cart')
    await expect(page.getByRole('listitem').filter({ hasText: piece.title })).toHaveCount(0)
    return
  }
  await page.screenshot({ path: test.info().outputPath('second-option-shop-390.png') })
})
