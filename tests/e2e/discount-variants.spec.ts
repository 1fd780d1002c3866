import { expect, flash, jsEnabled, loginAs, PHONE_390, test } from './fixtures'

// A discount code for some variants at 390 px, JS on and off (ADR 084): the owner chooses a product,
// shows its variants (a GET of the form without JS, loaded in place with it), ticks one, and the code
// keeps it; the page never scrolls sideways.

test.use({ viewport: PHONE_390 })

test('the owner makes a code for one variant of a product, choosing the product then its variants', async ({ page, shop }) => {
  const ring = await shop.product({
    price: 1000,
    extra: { colors: ['Teal', 'Gold'], variety: { type: 'size', sizes: [{ size: 'Small', price: 1000, salePrice: 0 }, { size: 'Large', price: 2000, salePrice: 0 }] } },
  })
  await loginAs(page, 'admin')
  await page.goto('/admin/discounts/new')
  const code = `VAR${Date.now().toString(36).toUpperCase()}${jsEnabled() ? 'J' : 'N'}`
  await page.getByLabel('Code (shoppers type it in any case)').fill(code)
  await page.getByLabel('Value (percent, or rupees off)').fill('12')
  await page.getByRole('radio', { name: 'Some variants' }).check()
  await page.getByLabel('Product', { exact: true }).selectOption({ label: ring.title })
  await page.getByRole('button', { name: 'Show its variants' }).click()
  const variants = page.getByRole('group', { name: ring.title })
  await expect(variants.getByRole('checkbox')).toHaveCount(4)
  // Without JS the form came back through the page's loader: what was typed is kept.
  await expect(page.getByLabel('Code (shoppers type it in any case)')).toHaveValue(code)
  await expect(page.getByRole('radio', { name: 'Some variants' })).toBeChecked()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.getByRole('button', { name: 'Create code' }).click()
  await expect(page.getByText('Choose at least one variant')).toBeVisible()
  await page.getByRole('group', { name: ring.title }).getByRole('checkbox', { name: 'Size: Large · Colour: Teal' }).check()
  await page.getByRole('button', { name: 'Create code' }).click()
  await expect(page).toHaveURL(/\/admin\/discounts$/)
  await expect(flash(page, `${code} created`)).toBeVisible()
  const row = page.locator(`[data-code="${code}"]`)
  await expect(row).toContainText('12% off, on 1 variant')
  await row.getByRole('link', { name: `Edit ${code}` }).click()
  const saved = page.getByRole('group', { name: ring.title })
  await expect(saved.getByRole('checkbox', { name: 'Size: Large · Colour: Teal' })).toBeChecked()
  await expect(saved.getByRole('checkbox', { name: 'Size: Large · Colour: Gold' })).not.toBeChecked()
  await page.screenshot({ path: test.info().outputPath(`variant-code-${jsEnabled() ? 'js' : 'no-js'}.png`), fullPage: true })
})
