// Issue 30: the pincode fills the city and state (with JS as it is typed, without JS on the first
// submit, shown before saving), and a state the pincode does not lie in is questioned, not saved.
import type { Page } from '@playwright/test'
import { expect, flash, jsEnabled, newShopper, settled, test } from './fixtures'

async function openAddresses(page: Page) {
  await page.getByLabel('Open user menu').click()
  await page.getByRole('link', { name: 'Account' }).click()
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Address' }).click()
  await expect(page.getByRole('heading', { name: 'Add New Address' })).toBeVisible()
  await settled(page)
}

function savedAddress(page: Page, addressLine: string) {
  return page
    .locator('div')
    .filter({ has: page.getByText(addressLine, { exact: true }) })
    .filter({ has: page.getByRole('link', { name: 'Edit', exact: true }) })
    .last()
}

test('a pincode typed as people type it fills the city and state, and the address is saved with them', async ({ page }) => {
  await newShopper(page, 'Pincode Filler')
  await openAddresses(page)
  await page.getByLabel('Phone', { exact: true }).fill('98200 12345')
  await page.getByLabel('Pincode', { exact: true }).fill('400 050')
  await page.getByLabel('Address', { exact: true }).fill('7 Carter Road, Bandra West')
  const city = page.getByLabel('City', { exact: true })
  const state = page.getByLabel('State', { exact: true })
  const add = page.getByRole('button', { name: 'Add', exact: true })
  if (jsEnabled()) {
    // Filled as the pincode is typed: nothing to check before saving.
    await expect(city).toHaveValue('Mumbai')
    await expect(state).toHaveValue('Maharashtra')
  } else {
    await expect(city).toHaveValue('')
    await add.click()
    await expect(page.getByText('City and state filled in from pincode 400050: check them, then tap Add.')).toBeVisible()
    await expect(city).toHaveValue('Mumbai')
    await expect(state).toHaveValue('Maharashtra')
    // Nothing is saved until the shopper has seen them.
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('7 Carter Road, Bandra West')
  }
  // The shopper knows better: the city is the suburb.
  await city.fill('Bandra West, Mumbai')
  await add.click()
  await expect(flash(page, 'Address Added Successfully')).toBeVisible()
  await expect(savedAddress(page, '7 Carter Road, Bandra West')).toContainText('Bandra West, Mumbai, Maharashtra 400050')
})

test('a state the pincode does not lie in is questioned next to the state, and kept when sent again', async ({ page }) => {
  await newShopper(page, 'State Checker')
  await openAddresses(page)
  await page.getByLabel('Phone', { exact: true }).fill('9876543210')
  await page.getByLabel('Address', { exact: true }).fill('12 Lake View Road, Indiranagar')
  await page.getByLabel('City', { exact: true }).fill('Bengaluru')
  await page.getByLabel('State', { exact: true }).selectOption('Kerala')
  await page.getByLabel('Pincode', { exact: true }).fill('560038')
  // With JS the state the shopper chose stays: the pincode fills blanks only.
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('Kerala')
  const add = page.getByRole('button', { name: 'Add', exact: true })
  await add.click()
  const question = 'Pincode 560038 is in Karnataka, not Kerala. Choose Karnataka, or tap Add again to keep Kerala.'
  await expect(page.getByText(question)).toBeVisible()
  await expect(page.getByLabel('State', { exact: true })).toHaveAccessibleDescription(question)
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)

  // Changing the pincode asks again; the shopper then keeps Kerala on purpose.
  await page.getByLabel('Pincode', { exact: true }).fill('560001')
  await add.click()
  await expect(page.getByText('Pincode 560001 is in Karnataka, not Kerala. Choose Karnataka, or tap Add again to keep Kerala.')).toBeVisible()
  await add.click()
  await expect(flash(page, 'Address Added Successfully')).toBeVisible()
  await expect(savedAddress(page, '12 Lake View Road, Indiranagar')).toContainText('Bengaluru, Kerala 560001')
})
