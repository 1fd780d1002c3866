import { expect, loginAs, openProductSheet, PHONE_390, saveAndReopenSheet, test } from './fixtures'

// The product sheet's "Weight and box" at 390 px, JS on and off (issue 30, ADR 085): the owner sets a
// piece's packed weight and box, saves, and finds them when she opens the sheet again; a bad value is
// refused next to its box; a blank box is the category's default, which the hint shows.

test.use({ viewport: PHONE_390 })

const openSheet = (page: import('@playwright/test').Page, title: string) => openProductSheet(page, title, 'Weight and box')

test('the owner sets a piece weight and box in the sheet and finds them when she opens it again', async ({ page, shop }) => {
  const piece = await shop.product({ category: 'home-decor' })
  await loginAs(page, 'admin')
  let sheet = await openSheet(page, piece.title)
  const box = sheet.getByRole('group', { name: 'Weight and box' })
  await expect(box).toContainText("Leave a box blank to use the category's default: 900 g, 25 × 25 × 8 cm.")
  await expect(box.getByLabel('Weight (g)')).toHaveValue('')
  await box.getByLabel('Weight (g)').fill('1250')
  await box.getByLabel('Length (cm)').fill('30')
  await box.getByLabel('Breadth (cm)').fill('22')
  await box.getByLabel('Height (cm)').fill('9')

  sheet = await saveAndReopenSheet(page, sheet, piece.title, 'Weight and box')
  await expect(sheet.getByLabel('Weight (g)')).toHaveValue('1250')
  await expect(sheet.getByLabel('Length (cm)')).toHaveValue('30')
  await expect(sheet.getByLabel('Breadth (cm)')).toHaveValue('22')
  await expect(sheet.getByLabel('Height (cm)')).toHaveValue('9')

  // Emptied, the height is the category's again; the others stand.
  await sheet.getByLabel('Height (cm)').fill('')
  sheet = await saveAndReopenSheet(page, sheet, piece.title, 'Weight and box')
  await expect(sheet.getByLabel('Weight (g)')).toHaveValue('1250')
  await expect(sheet.getByLabel('Height (cm)')).toHaveValue('')
})

test('a weight out of bounds is refused next to its box and nothing is saved', async ({ page, shop }) => {
  const piece = await shop.product({ category: 'jewellery' })
  await loginAs(page, 'admin')
  const sheet = await openSheet(page, piece.title)
  await sheet.getByLabel('Weight (g)').fill('40000')
  await sheet.getByRole('button', { name: 'Edit', exact: true }).click()
  const weight = sheet.getByLabel('Weight (g)')
  await expect(weight).toHaveAttribute('aria-invalid', 'true')
  await expect(sheet.getByText('Weight must be a whole number of grams from 1 to 30000')).toBeVisible()
  // The message is the box's own description, right under it.
  const describedBy = (await weight.getAttribute('aria-describedby')) ?? ''
  await expect(page.locator(`[id="${describedBy.split(' ')[0]}"]`)).toHaveText('Weight must be a whole number of grams from 1 to 30000')

  const again = await openSheet(page, piece.title)
  await expect(again.getByLabel('Weight (g)')).toHaveValue('')
})
