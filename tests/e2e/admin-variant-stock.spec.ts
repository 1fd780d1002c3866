// Issue 27 on a 390 px phone, JS on and off (ADR 067): the owner names her option group "Chain", keeps
// stock for each chain and colour in the product sheet's grid (and one colour's own price, ADR 071),
// saves, reopens and sees it all; the shop's page marks the chain she set to 0 sold out. The product is the test's own (ADR 059).
import type { Locator, Page } from '@playwright/test'
import { adminProductCard, expect, flash, jsEnabled, loginAs, PHONE_390, test } from './fixtures'

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

const STOCK = { 'Stock of Silver, Teal': '3', 'Stock of Silver, Amber': '2', 'Stock of Brass, Teal': '0', 'Stock of Brass, Amber': '0' }
const PRICES = { 'Price of Silver, Amber': '4499', 'Sale price of Silver, Amber': '4299' }

test('the owner keeps stock per chain and colour; the shop marks the chain at 0 sold out', async ({ page, shop }) => {
  const piece = await shop.product()
  await loginAs(page, 'admin')
  let sheet = await openEditSheet(page, piece.title)

  await sheet.getByRole('combobox', { name: /^Variety type\b/ }).selectOption({ label: 'Size options' })
  await addItem(sheet, 'Add option', [
    ['Option 1 name', 'Silver'],
    ['Option 1 price', '3999'],
  ])
  await addItem(sheet, 'Add option', [
    ['Option 2 name', 'Brass'],
    ['Option 2 price', '3999'],
  ])
  await addItem(sheet, 'Add color', [['Color 1', 'Teal']])
  await addItem(sheet, 'Add color', [['Color 2', 'Amber']])
  await sheet.getByLabel('Option group name', { exact: true }).fill('Chain')
  // Amber's own picture: the piece's first.
  await sheet.getByLabel('Color 2 picture', { exact: true }).selectOption({ label: 'Picture 1' })

  await sheet.getByLabel('Keep stock for each option and colour', { exact: true }).check()
  if (!jsEnabled()) await sheet.getByRole('button', { name: 'Show stock per option' }).click()
  for (const [label, value] of Object.entries(STOCK)) await sheet.getByLabel(label, { exact: true }).fill(value)
  // Amber on silver has its own price and sale price (ADR 071); the other rows keep the option's.
  for (const [label, value] of Object.entries(PRICES)) await sheet.getByLabel(label, { exact: true }).fill(value)
  // Total Stock is the grid's sum, not typed.
  const total = sheet.getByLabel('Total Stock', { exact: true })
  if (jsEnabled()) await expect(total).toHaveValue('5')
  await expect(total).toHaveAttribute('readonly', '')
  await expect(sheet.getByText("The sum of the options' stock")).toBeVisible()

  await sheet.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(flash(page, 'Product edited successfully')).toBeVisible()

  sheet = await openEditSheet(page, piece.title)
  await expect(sheet.getByLabel('Option group name', { exact: true })).toHaveValue('Chain')
  await expect(sheet.getByLabel('Color 2 picture', { exact: true })).toHaveValue('1')
  await expect(sheet.getByLabel('Color 1 picture', { exact: true })).toHaveValue('')
  await expect(sheet.getByLabel('Keep stock for each option and colour', { exact: true })).toBeChecked()
  for (const [label, value] of Object.entries(STOCK)) await expect(sheet.getByLabel(label, { exact: true })).toHaveValue(value)
  for (const [label, value] of Object.entries(PRICES)) await expect(sheet.getByLabel(label, { exact: true })).toHaveValue(value)
  await expect(sheet.getByLabel('Price of Silver, Teal', { exact: true })).toHaveValue('')
  await expect(sheet.getByLabel('Total Stock', { exact: true })).toHaveValue('5')

  // The shop as a visitor sees it (the admin's own pages are the admin's).
  await page.context().clearCookies()
  await page.goto(piece.path)
  const chains = page.getByRole('group', { name: 'Chain Options' })
  await expect(chains.getByRole('radio', { name: /^Brass.*\(sold out\)$/ })).toBeDisabled()
  await expect(chains.getByRole('radio', { name: /^Silver/ })).toBeEnabled()
  await expect(chains.getByRole('radio', { name: 'Silver ₹3,999.00 – ₹4,299.00' })).toBeVisible()
  const amber = page.getByRole('group', { name: 'Color Options' }).getByRole('radio', { name: 'Amber' })
  await expect(amber).toHaveAttribute('data-picture', '1')
})

test('an empty box is refused next to it and nothing is saved', async ({ page, shop }) => {
  const piece = await shop.product()
  await loginAs(page, 'admin')
  const sheet = await openEditSheet(page, piece.title)
  await addItem(sheet, 'Add color', [['Color 1', 'Teal']])
  await addItem(sheet, 'Add color', [['Color 2', 'Amber']])
  await sheet.getByLabel('Keep stock for each option and colour', { exact: true }).check()
  if (!jsEnabled()) await sheet.getByRole('button', { name: 'Show stock per option' }).click()
  await sheet.getByLabel('Stock of Teal', { exact: true }).fill('4')
  // The browser's own check would stop an empty required box first: take it away, as a forged post would.
  await sheet.getByLabel('Stock of Amber', { exact: true }).evaluate((box) => box.removeAttribute('required'))
  await sheet.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(sheet.getByText('Give the stock of Amber')).toBeVisible()
  await page.context().clearCookies()
  await page.goto(piece.path)
  await expect(page.getByRole('heading', { name: piece.title, level: 1 })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Color Options' })).toHaveCount(0)
})
