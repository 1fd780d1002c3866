// The owner keeps stock from a spreadsheet on a phone (issue 27, ADR 065): she exports the inventory,
// changes a stock, its SKU and the piece's weight (ADR 100) in the file, sees the dry run's change, confirms, and the inventory shows it (JS on
// and off); a file with wrong columns is refused with one message and changes nothing.
import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { expect, flash, loginAs, PHONE_390, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE_390)
})

async function openImport(page: import('@playwright/test').Page) {
  await loginAs(page, 'admin')
  await page.goto('/admin/inventory/import')
  await expect(page.getByRole('heading', { name: 'Import stock from a CSV file', level: 1 })).toBeVisible()
}

test('the owner exports, edits a stock in the file, checks the dry run and imports it', async ({ page, shop }) => {
  const product = await shop.product({ title: `Test Piece ${Date.now()}`.slice(0, 60), stock: 3 })
  await openImport(page)

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'exported CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^inventory-\d{4}-\d{2}-\d{2}\.csv$/)
  const rows = parse(await readFile((await download.path()) ?? ''), { bom: true }) as string[][]
  const [header = [], ...records] = rows
  const mine = records.find((record) => record[0] === product.id)
  expect(mine?.[header.indexOf('stock')]).toBe('3')
  if (!mine) throw new Error('the export lists the new piece')
  // Only this piece's row: other tests change other stocks meanwhile.
  mine[header.indexOf('stock')] = '8'
  mine[header.indexOf('sku')] = 'TP-08'
  // The piece's own columns (ADR 100): its packed weight, empty for the category's until now.
  expect(mine[header.indexOf('weight_grams')]).toBe('')
  mine[header.indexOf('weight_grams')] = '250'

  await page.getByLabel('CSV file').setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(stringify([header, mine], { bom: true, record_delimiter: 'windows' })) })
  await page.getByRole('button', { name: 'Check the file' }).click()
  await expect(page.getByRole('heading', { name: 'Dry run of stock.csv: nothing is saved yet' })).toBeVisible()
  const row = page.getByRole('list', { name: 'Rows' }).getByRole('listitem').filter({ hasText: product.title })
  await expect(row).toContainText('Stock 3 → 8')
  await expect(row).toContainText('SKU (none) → TP-08')
  await expect(row).toContainText("Weight (g) (category's default) → 250")
  await expect(page.getByText('The title, category, option_label, option2_label columns are ignored: change them in the product form.')).toBeVisible()

  await page.getByRole('button', { name: 'Import 1 change' }).click()
  await expect(page).toHaveURL(/\/admin\/inventory$/)
  await expect(flash(page, 'Imported: 1 stock and 1 product changed.')).toBeVisible()
  await page.goto(`/admin/inventory?q=${encodeURIComponent(product.title)}`)
  await expect(page.getByRole('spinbutton', { name: `Stock of ${product.title}` })).toHaveValue('8')
  await expect(page.getByText('SKU TP-08', { exact: false })).toBeVisible()
})

test('a file with wrong columns is refused with one message naming them', async ({ page }) => {
  await openImport(page)
  await page.getByLabel('CSV file').setInputFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: Buffer.from('product_id,qty\nabc,1\n') })
  await page.getByRole('button', { name: 'Check the file' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Unknown columns: qty.' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0)
})
