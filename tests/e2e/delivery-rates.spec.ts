// Issue 30: the owner sets where parcels leave from and each zone's rates from the admin menu on a phone,
// JS on and off; a bad box is named under it and nothing is saved.
import type { Page } from '@playwright/test'
import { expect, flash, jsEnabled, loginAs, test } from './fixtures'

async function openDelivery(page: Page) {
  await page.getByLabel('Toggle menu').click()
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Delivery', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Delivery', exact: true })).toBeVisible()
}

function zone(page: Page, name: string) {
  return page.getByRole('group', { name })
}

test("the owner changes a zone's rate, and a bad rate is refused next to its box", async ({ page }) => {
  // The JS and no-JS runs share the shop: each changes its own zone.
  const name = jsEnabled() ? 'Rest of India' : 'Metro to metro'
  const days = jsEnabled() ? '5' : '3'
  await loginAs(page, 'admin')
  await openDelivery(page)
  await expect(page.getByLabel('Parcels leave from (pincode)')).toHaveValue('560001')
  const rest = zone(page, name)
  const first = rest.getByLabel('First 500 g (₹)')
  const before = await first.inputValue()

  await first.fill('-5')
  await rest.getByLabel('Days to deliver').fill('0')
  await page.getByRole('button', { name: 'Save delivery rates' }).click()
  await expect(rest.getByText('Enter the first 500 g in rupees, from 0 to 5000, e.g. 60')).toBeVisible()
  await expect(rest.getByText('Enter the working days, from 1 to 30')).toBeVisible()

  await first.fill('₹ 75.50')
  await rest.getByLabel('Days to deliver').fill('6')
  await page.getByRole('button', { name: 'Save delivery rates' }).click()
  await expect(flash(page, 'Delivery rates saved.')).toBeVisible()
  await page.reload()
  await expect(zone(page, name).getByLabel('First 500 g (₹)')).toHaveValue('75.5')
  await expect(zone(page, name).getByLabel('Days to deliver')).toHaveValue('6')
  // The other zones kept theirs.
  await expect(zone(page, 'Within the city').getByLabel('First 500 g (₹)')).toHaveValue('40')

  // Leave the shop's rates as they were for the other tests.
  await zone(page, name).getByLabel('First 500 g (₹)').fill(before)
  await zone(page, name).getByLabel('Days to deliver').fill(days)
  await page.getByRole('button', { name: 'Save delivery rates' }).click()
  await expect(flash(page, 'Delivery rates saved.')).toBeVisible()
})
